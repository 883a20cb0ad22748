import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { DEMO_IDS } from './demoIds.ts';
import { DEMO_VOCABULARY } from './demoVocabulary.ts';
import { SEED_NOW } from './seedTime.ts';

/** The crowd after the hand-made audience: accounts 13.. and contacts 87.. of the demo organisation. */
export const CROWD = { accounts: 140, contacts: 1940, firstAccountId: 13, firstContactId: 87 } as const;

const COMPANY_WORDS = [
  'Aurora',
  'Beacon',
  'Cedar',
  'Driftwood',
  'Ember',
  'Falcon',
  'Glacier',
  'Harbor',
  'Indigo',
  'Jasper',
  'Kestrel',
  'Lumen',
  'Meridian',
  'Nimbus',
  'Orchid',
  'Pioneer',
  'Quartz',
  'Redwood',
  'Summit',
  'Tundra',
];
const COMPANY_KINDS = ['Labs', 'Systems', 'Partners', 'Group', 'Health', 'Capital', 'Foods'];
const INDUSTRIES = [
  'Software',
  'Healthcare',
  'Manufacturing',
  'Financial Services',
  'Retail',
  'Energy',
  'Media',
  'Transportation',
  'Insurance',
  'Education',
];
const REVENUES = ['$1M - $10M', '$10M - $50M', '$50M - $100M', '$100M - $500M', '$500M - $1B', '$1B+'];

const ascii = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase();

/**
 * A realistic crowd for the People and Accounts screens (2,020 contacts in 150 accounts with the
 * hand-made ones): every personality type (a quarter unprofiled), every status and buyer stage, made by
 * one generate_series insert per table so a first `npm start` stays fast. Values follow the series index
 * only, so two fresh databases hold the same rows (but for the random unsubscribe ids). Later seed steps leave these
 * contacts alone; each gets a preference record here.
 */
export async function seedAudienceCrowd(trx: Transaction<Database>): Promise<number> {
  const v = DEMO_VOCABULARY;
  const orgId = DEMO_IDS.mainOrgId;
  const personalities = v.personalityTypes.map((type) => {
    const values = [...v.personalities[type]];
    while (values.length < 4) values.push('N/A');
    return values;
  });
  await sql`
    insert into accounts (id, org_id, name, website, industry, revenue, created_at)
    select ${CROWD.firstAccountId - 1} + g, ${orgId},
      w.words[1 + (g - 1) % array_length(w.words, 1)] || ' ' ||
        w.kinds[1 + ((g - 1) / array_length(w.words, 1)) % array_length(w.kinds, 1)],
      'https://' || lower(w.words[1 + (g - 1) % array_length(w.words, 1)]) || '-' ||
        lower(w.kinds[1 + ((g - 1) / array_length(w.words, 1)) % array_length(w.kinds, 1)]) || '.test',
      w.industries[1 + (g * 7) % array_length(w.industries, 1)],
      w.revenues[1 + (g * 5) % array_length(w.revenues, 1)],
      ${SEED_NOW}::timestamptz - (g % 400) * interval '1 day'
    from generate_series(1, ${CROWD.accounts}) as g,
      (select ${COMPANY_WORDS}::text[] as words, ${COMPANY_KINDS}::text[] as kinds,
        ${INDUSTRIES}::text[] as industries, ${REVENUES}::text[] as revenues) as w
  `.execute(trx);
  await sql`
    insert into contacts (id, org_id, account_id, first_name, last_name, email, designation, phone_number,
      industry, personality_type, personality, buyer_stage, status, engagement_score, linkedin_url, created_at)
    select ${CROWD.firstContactId - 1} + s.g, ${orgId}, s.account_id,
      s.first, s.last,
      s.first_ascii || '.' || s.last_ascii || s.g || '@' || substring(a.website from 9),
      w.designations[1 + (s.g * 5) % array_length(w.designations, 1)],
      '+1 555 ' || lpad(((s.g * 37) % 10000)::text, 4, '0'),
      a.industry,
      case when s.g % 4 = 0 then null else w.types[1 + s.t] end,
      case when s.g % 4 = 0 then 'N/A' else w.personalities[1 + s.t][1 + (s.g / 5) % 4] end,
      w.stages[1 + (s.g * 3) % array_length(w.stages, 1)],
      case when s.g % 17 = 3 then 'Hard Bounce' when s.g % 13 = 5 then 'Unsubscribed' else 'Subscribed' end,
      case when s.g % 17 = 3 then s.g % 6 else 3 + (s.g * 37) % 96 end,
      case when s.g % 10 < 7 then 'https://linkedin.example/in/' || s.first_ascii || '-' || s.last_ascii || s.g end,
      ${SEED_NOW}::timestamptz - (s.g % 540) * interval '1 day' - (s.g % 600) * interval '1 minute'
    from (
      select g, g % 5 as t,
        case when g % 150 < 10 then 1 + g % 150 else ${CROWD.firstAccountId} + g % ${CROWD.accounts} end as account_id,
        n.firsts[1 + g % array_length(n.firsts, 1)] as first,
        n.lasts[1 + (g / array_length(n.firsts, 1) + g) % array_length(n.lasts, 1)] as last,
        n.firsts_ascii[1 + g % array_length(n.firsts, 1)] as first_ascii,
        n.lasts_ascii[1 + (g / array_length(n.firsts, 1) + g) % array_length(n.lasts, 1)] as last_ascii
      from generate_series(1, ${CROWD.contacts}) as g,
        (select ${[...v.firstNames]}::text[] as firsts, ${[...v.lastNames]}::text[] as lasts,
          ${v.firstNames.map(ascii)}::text[] as firsts_ascii, ${v.lastNames.map(ascii)}::text[] as lasts_ascii) as n
    ) as s
    join accounts a on a.id = s.account_id,
    (select ${[...v.designations]}::text[] as designations, ${[...v.personalityTypes]}::text[] as types,
      ${personalities}::text[][] as personalities, ${[...v.buyerStages]}::text[] as stages) as w
  `.execute(trx);
  // Each crowd contact's preference record (random unsubscribe id; an Unsubscribed contact's has unsub_all).
  await sql`
    insert into preferences (uuid, org_id, contact_id, email, marketing, webinars, unsub_all, created_at, updated_at)
    select gen_random_uuid(), c.org_id, c.id, c.email, c.status <> 'Unsubscribed', c.status <> 'Unsubscribed' and c.id % 2 = 0,
      c.status = 'Unsubscribed', c.created_at, c.created_at
    from contacts c where c.id >= ${CROWD.firstContactId} and c.org_id = ${orgId}
  `.execute(trx);
  return CROWD.contacts;
}
