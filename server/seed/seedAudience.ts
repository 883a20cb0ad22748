import type { Insertable, Transaction } from 'kysely';
import type { ContactStatus, ContactTable, Database, PersonalityType } from '../db/schema.ts';
import { DEMO_IDS } from './demoIds.ts';
import { DEMO_VOCABULARY } from './demoVocabulary.ts';
import { type SeededRandom, seededRandom } from './seededRandom.ts';
import { seedTime } from './seedTime.ts';

/** What later seed steps (preferences, workflows, analytics) need to know about the audience. */
export type SeededContact = {
  id: number;
  orgId: number;
  email: string;
  status: ContactStatus;
  createdAt: Date;
};
export type SeededAudience = { contacts: SeededContact[]; listIds: number[] };

type AccountSeed = { id: number; orgId: number; domain: string; industry: string };

const MAIN_CONTACTS = 80;
const OTHER_CONTACTS = 6;

/** Lists of the main organisation: name, owner, how many members. */
const MAIN_LISTS = [
  { name: 'Enterprise Prospects', userId: DEMO_IDS.demoUserId, members: 18 },
  { name: 'Webinar Attendees Q3', userId: DEMO_IDS.demoUserId, members: 14 },
  { name: 'Newsletter Readers', userId: DEMO_IDS.demoUserId, members: 24 },
  { name: 'Product Champions', userId: DEMO_IDS.demoUserId, members: 9 },
  { name: 'Churn Risk Accounts', userId: DEMO_IDS.colleagueUserId, members: 11 },
  { name: 'Event Leads 2026', userId: DEMO_IDS.colleagueUserId, members: 16 },
] as const;

/** Ascii local part of an address: "Chloé O’Neill" gives chloe.oneill. */
function localPart(first: string, last: string): string {
  const ascii = (text: string) =>
    text
      .normalize('NFD')
      .replace(/[^A-Za-z]/g, '')
      .toLowerCase();
  return `${ascii(first)}.${ascii(last)}`;
}

/**
 * Statuses follow a fixed pattern (mostly Subscribed, a few Hard Bounce and Unsubscribed); the first
 * contact, whose preference record is the demo link, is always Subscribed.
 */
function statusFor(index: number): ContactStatus {
  if (index > 0 && index % 13 === 7) return 'Hard Bounce';
  if (index > 0 && index % 11 === 5) return 'Unsubscribed';
  return 'Subscribed';
}

function buildContacts(
  random: SeededRandom,
  orgId: number,
  firstId: number,
  count: number,
  accounts: readonly AccountSeed[],
): Insertable<ContactTable>[] {
  const { firstNames, lastNames, designations, personalities, personalityTypes, buyerStages } =
    DEMO_VOCABULARY;
  const usedNames = new Set<string>();
  const rows: Insertable<ContactTable>[] = [];
  for (let i = 0; i < count; i += 1) {
    let first = random.pick(firstNames);
    let last = random.pick(lastNames);
    while (usedNames.has(`${first} ${last}`)) {
      first = random.pick(firstNames);
      last = random.pick(lastNames);
    }
    usedNames.add(`${first} ${last}`);
    const account = random.pick(accounts);
    // The first five contacts cover every personality type; the others are drawn at random.
    const type: PersonalityType =
      i < personalityTypes.length ? personalityTypes[i]! : random.pick(personalityTypes);
    const status = statusFor(i);
    const slug = localPart(first, last);
    rows.push({
      id: firstId + i,
      org_id: orgId,
      account_id: account.id,
      first_name: first,
      last_name: last,
      email: `${slug}@${account.domain}`,
      designation: random.pick(designations),
      phone_number: `+1 555 01${String(10 + ((firstId + i) % 90)).padStart(2, '0')}`,
      industry: account.industry,
      personality_type: type,
      personality: random.pick(personalities[type]),
      buyer_stage: random.pick(buyerStages),
      status,
      engagement_score: status === 'Hard Bounce' ? random.int(0, 5) : random.int(3, 98),
      linkedin_url: random.chance(0.7) ? `https://linkedin.example/in/${slug.replace('.', '-')}` : null,
      twitter_url: random.chance(0.3) ? `https://twitter.example/${slug.replace('.', '_')}` : null,
      created_at: seedTime(random.int(30, 540), random.int(0, 600)),
    });
  }
  return rows;
}

/** Accounts, contacts and contact lists (with members) of both organisations. */
export async function seedAudience(trx: Transaction<Database>): Promise<SeededAudience> {
  const random = seededRandom('audience');
  const mainAccounts: AccountSeed[] = DEMO_VOCABULARY.accounts.map((a, i) => ({
    id: i + 1,
    orgId: DEMO_IDS.mainOrgId,
    domain: a.domain,
    industry: a.industry,
  }));
  const otherAccounts: AccountSeed[] = DEMO_VOCABULARY.otherOrgAccounts.map((a, i) => ({
    id: mainAccounts.length + i + 1,
    orgId: DEMO_IDS.otherOrgId,
    domain: a.domain,
    industry: a.industry,
  }));
  const accountSource = [...DEMO_VOCABULARY.accounts, ...DEMO_VOCABULARY.otherOrgAccounts];
  await trx
    .insertInto('accounts')
    .values(
      [...mainAccounts, ...otherAccounts].map((a, i) => ({
        id: a.id,
        org_id: a.orgId,
        name: accountSource[i]?.name ?? `Account ${a.id}`,
        website: `https://${a.domain}`,
        industry: a.industry,
        revenue: accountSource[i]?.revenue ?? null,
        created_at: seedTime(600 - i * 7),
      })),
    )
    .execute();

  const contactRows = [
    ...buildContacts(random, DEMO_IDS.mainOrgId, 1, MAIN_CONTACTS, mainAccounts),
    ...buildContacts(random, DEMO_IDS.otherOrgId, MAIN_CONTACTS + 1, OTHER_CONTACTS, otherAccounts),
  ];
  await trx.insertInto('contacts').values(contactRows).execute();
  const contacts: SeededContact[] = contactRows.map((c) => ({
    id: c.id ?? 0,
    orgId: c.org_id,
    email: c.email,
    status: c.status ?? 'Subscribed',
    createdAt: c.created_at as Date,
  }));

  const mainIds = contacts.filter((c) => c.orgId === DEMO_IDS.mainOrgId).map((c) => c.id);
  const otherIds = contacts.filter((c) => c.orgId === DEMO_IDS.otherOrgId).map((c) => c.id);
  const lists = [
    ...MAIN_LISTS.map((l) => ({ ...l, orgId: DEMO_IDS.mainOrgId as number, pool: mainIds })),
    {
      name: 'Studio Clients',
      userId: DEMO_IDS.otherOrgUserId,
      members: 4,
      orgId: DEMO_IDS.otherOrgId,
      pool: otherIds,
    },
  ];
  await trx
    .insertInto('contact_lists')
    .values(
      lists.map((l, i) => ({
        id: i + 1,
        org_id: l.orgId,
        user_id: l.userId,
        name: l.name,
        is_active: true,
        created_at: seedTime(200 - i * 20),
        updated_at: seedTime(20 + i * 3),
      })),
    )
    .execute();
  const members = lists.flatMap((l, i) =>
    random
      .sample(l.pool, l.members)
      .sort((a, b) => a - b)
      .map((contactId, n) => ({
        list_id: i + 1,
        contact_id: contactId,
        added_at: seedTime(150 - i * 20, n),
      })),
  );
  await trx.insertInto('list_contacts').values(members).execute();
  return { contacts, listIds: lists.map((_, i) => i + 1) };
}
