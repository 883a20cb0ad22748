import type { AudienceListSummary } from '../../../domain/audienceLists.ts';
import type { PersonRow } from '../../../domain/audiencePeople.ts';
import type { ContactImportState } from '../../../domain/contactImport.ts';

/** A list summary as lists_listing/ answers it; 10 contacts per id unless patched. */
export function list(id: number, patch: Partial<AudienceListSummary> = {}): AudienceListSummary {
  return {
    list_id: id,
    list_name: `List ${id}`,
    last_updated: '2026-11-01T09:00:00.000Z',
    created_by: 'Dana Demo',
    last_used_by: null,
    totalContacts: 10 * id,
    totalSent: 0,
    totalClicks: 0,
    is_active: true,
    ...patch,
  };
}

/** A person as people_listing/ answers it (Acme, Subscribed); profiled ones are Driver · Dominant. */
export const person = (id: number, profiled: boolean, extra: Partial<PersonRow> = {}): PersonRow => ({
  contact_id: id,
  full_name: `Person ${id}`,
  first_name: 'Person',
  last_name: String(id),
  contact_email: `p${id}@example.test`,
  designation: null,
  organization: 'Acme',
  account_id: 1,
  company_website: null,
  industry: null,
  revenue: null,
  personality_type: profiled ? 'Dominant' : null,
  personality: profiled ? 'Driver' : 'N/A',
  phone_number: null,
  status: 'Subscribed',
  buyer_stage: 'Awareness',
  engagement_score: 5,
  linkedin_url: null,
  twitter_url: null,
  country: null,
  custom_fields: {},
  created_on: '2026-11-01T00:00:00.000Z',
  marketing_consent: true,
  ...extra,
});

/** An import as import_status/ answers it: people.csv into the list Imported, running, 1,000 rows. */
export function importState(patch: Partial<ContactImportState> = {}): ContactImportState {
  return {
    import_id: 7,
    status: 'running',
    file_name: 'people.csv',
    list_id: 3,
    list_name: 'Imported',
    processed_rows: 0,
    total_rows: 1000,
    inserted: 0,
    updated: 0,
    refused: 0,
    duplicates: 0,
    duplicate_policy: 'first',
    empty_rows: 0,
    error: null,
    ...patch,
  };
}
