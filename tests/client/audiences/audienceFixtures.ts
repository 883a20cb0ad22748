import type { AudienceListSummary } from '../../../domain/audienceLists.ts';

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
