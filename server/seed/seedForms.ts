import type { Transaction } from 'kysely';
import { DEFAULT_FORM_FIELDS, type FormField } from '../../domain/hostedForms.ts';
import type { Database } from '../db/schema.ts';
import { newFormPublicId } from '../services/audience/formQueries.ts';
import { DEMO_IDS } from './demoIds.ts';
import type { SeededContact } from './seedAudience.ts';
import { seedTime } from './seedTime.ts';

const WEBINAR_FIELDS: FormField[] = [
  { key: 'email', label: 'Work email', type: 'Text', required: true, options: [] },
  { key: 'first_name', label: 'First name', type: 'Text', required: true, options: [] },
  { key: 'last_name', label: 'Last name', type: 'Text', required: true, options: [] },
  { key: 'job_title', label: 'Job title', type: 'Text', required: false, options: [] },
  {
    key: 'lead_source',
    label: 'How did you hear about the webinar?',
    type: 'Radio Button',
    required: false,
    options: ['Search', 'Social media', 'A colleague', 'An event'],
  },
];

/**
 * Two forms of the demo organisation with submissions from its contacts: "Newsletter sign-up" (adds to
 * Newsletter Readers, list 3) and "Webinar registration" (Webinar Attendees Q3, list 2). The seeded
 * submissions carry no opt-in (an opt-in is a consent ledger entry, made only by a real submission).
 */
export async function seedForms(
  trx: Transaction<Database>,
  contacts: readonly SeededContact[],
): Promise<number> {
  const forms = await trx
    .insertInto('forms')
    .values([
      {
        org_id: DEMO_IDS.mainOrgId,
        public_id: newFormPublicId(),
        name: 'Newsletter sign-up',
        list_id: 3,
        campaign_id: null,
        fields: JSON.stringify(DEFAULT_FORM_FIELDS),
        created_by: DEMO_IDS.demoUserId,
        updated_by: DEMO_IDS.demoUserId,
        created_at: seedTime(90),
        updated_at: seedTime(2),
      },
      {
        org_id: DEMO_IDS.mainOrgId,
        public_id: newFormPublicId(),
        name: 'Webinar registration',
        list_id: 2,
        campaign_id: null,
        fields: JSON.stringify(WEBINAR_FIELDS),
        created_by: DEMO_IDS.colleagueUserId,
        updated_by: DEMO_IDS.demoUserId,
        created_at: seedTime(60),
        updated_at: seedTime(5),
      },
    ])
    .returning('id')
    .execute();
  const own = contacts.filter((c) => c.orgId === DEMO_IDS.mainOrgId && c.status === 'Subscribed');
  const sources = ['Search', 'Social media', 'A colleague', 'An event'];
  const rows = own.slice(0, 20).map((contact, i) => {
    const webinar = i % 2 === 1;
    return {
      form_id: (webinar ? forms[1] : forms[0])?.id as number,
      org_id: DEMO_IDS.mainOrgId,
      contact_id: contact.id,
      answers: JSON.stringify(
        webinar
          ? { email: contact.email, lead_source: sources[i % sources.length] }
          : { email: contact.email, consent: '0' },
      ),
      consent: false,
      origin: 'https://northwind-demo.test',
      origin_domain: 'northwind-demo.test',
      created_at: seedTime(80 - i * 4, i * 13),
    };
  });
  await trx.insertInto('form_submissions').values(rows).execute();
  return forms.length;
}
