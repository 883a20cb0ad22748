import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_IDS } from '../../../server/seed/demoIds.ts';
import {
  EMAIL_EVENT_PARENTS,
  type EmailEventInput,
  recordEmailEvents,
  SET_WISE_EVENTS,
} from '../../../server/services/delivery/recordEmailEvent.ts';
import { createTestApp, type TestApp } from '../../helpers/testApp.ts';

/**
 * A batch of email events (the tracking endpoints group-commit hundreds) has its references checked
 * set-wise instead of by the foreign keys' per-row triggers: the outcome must be what the foreign keys
 * would have given, and the parents must stay locked until the batch commits.
 */
let t: TestApp;
const org = DEMO_IDS.mainOrgId;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type ForeignKey = { column: string; table: string; onDelete: string };

it('knows every foreign key of email_event and what it does on delete', async () => {
  const { rows } = await sql<ForeignKey>`
    select a.attname as column, c.confrelid::regclass::text as table,
      case c.confdeltype when 'c' then 'cascade' when 'n' then 'set null' else c.confdeltype::text end as "onDelete"
    from pg_constraint c
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
    where c.contype = 'f' and c.conrelid = 'email_event'::regclass
    order by 1`.execute(t.database.db);
  const known = EMAIL_EVENT_PARENTS.map((p) => ({ column: p.column, table: p.table, onDelete: p.onDelete }));
  expect(rows).toEqual(known.sort((a, b) => a.column.localeCompare(b.column)));
});

/** Ids that exist in the demo data: a contact, an email with its campaign, a workflow. */
async function someParents() {
  const db = t.database.db;
  const contacts = await db.selectFrom('contacts').select('id').where('org_id', '=', org).limit(3).execute();
  const email = await db
    .selectFrom('emails')
    .select(['id', 'campaign_id'])
    .where('org_id', '=', org)
    .where('campaign_id', 'is not', null)
    .executeTakeFirstOrThrow();
  const workflow = await db
    .selectFrom('workflow')
    .select('id')
    .where('org_id', '=', org)
    .executeTakeFirstOrThrow();
  return { contacts: contacts.map((c) => c.id), email, workflowId: workflow.id };
}

function batch(size: number, make: (i: number) => Partial<EmailEventInput>): EmailEventInput[] {
  return Array.from({ length: size }, (_, i) => ({
    orgId: org,
    kind: 'opened' as const,
    contactId: null,
    emailId: null,
    userAgent: `recordEmailEvents.test #${i}`,
    ...make(i),
  }));
}

describe.each([
  ['a batch checked set-wise', SET_WISE_EVENTS],
  ['a small batch checked by the foreign keys', 2],
] as const)('%s', (_name, size) => {
  it('stores every event with its references', async () => {
    const { contacts, email, workflowId } = await someParents();
    const marker = `stored ${size}`;
    const inputs = batch(size, (i) => ({
      contactId: contacts[i % contacts.length] ?? null,
      emailId: email.id,
      campaignId: email.campaign_id,
      workflowId,
      link: marker,
    }));
    const recorded = await t.database.db.transaction().execute((trx) => recordEmailEvents(trx, [], inputs));
    expect(recorded).toHaveLength(size);
    const rows = await t.database.db
      .selectFrom('email_event')
      .select(['id', 'contact_id', 'email_id', 'campaign_id', 'workflow_id'])
      .where('link', '=', marker)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.id)).toEqual(recorded.map((e) => e.id));
    expect(rows.map((r) => r.contact_id)).toEqual(inputs.map((i) => i.contactId));
    expect(new Set(rows.map((r) => `${r.email_id}/${r.campaign_id}/${r.workflow_id}`))).toEqual(
      new Set([`${email.id}/${email.campaign_id}/${workflowId}`]),
    );
  });
});

it('drops the events of an organisation that is gone and detaches a gone contact, as the foreign keys would', async () => {
  const { contacts, email } = await someParents();
  const marker = 'gone parents';
  const goneContact = 2_000_000_001;
  const goneOrg = 2_000_000_002;
  const inputs = batch(SET_WISE_EVENTS, (i) => ({
    orgId: i === 0 ? goneOrg : org,
    contactId: i === 1 ? goneContact : (contacts[0] ?? null),
    emailId: i === 2 ? 2_000_000_003 : email.id,
    link: marker,
  }));
  await t.database.db.transaction().execute((trx) => recordEmailEvents(trx, [], inputs));
  const rows = await t.database.db
    .selectFrom('email_event')
    .select(['org_id', 'contact_id', 'email_id', 'user_agent'])
    .where('link', '=', marker)
    .orderBy('id')
    .execute();
  expect(rows).toHaveLength(SET_WISE_EVENTS - 1);
  expect(rows.every((r) => r.org_id === org)).toBe(true);
  expect(rows.find((r) => r.user_agent?.endsWith('#0'))).toBeUndefined();
  expect(rows.find((r) => r.user_agent?.endsWith('#1'))?.contact_id).toBeNull();
  expect(rows.find((r) => r.user_agent?.endsWith('#2'))?.email_id).toBeNull();
  expect(rows.filter((r) => r.contact_id === contacts[0] && r.email_id === email.id)).toHaveLength(
    SET_WISE_EVENTS - 3,
  );
});

it('gives the foreign keys back to the rest of the transaction', async () => {
  const { contacts } = await someParents();
  const attempt = t.database.db.transaction().execute(async (trx) => {
    await recordEmailEvents(
      trx,
      [],
      batch(SET_WISE_EVENTS, () => ({ contactId: contacts[0] ?? null })),
    );
    await trx
      .insertInto('email_event')
      .values({ org_id: org, kind: 'opened', contact_id: 2_000_000_004 })
      .execute();
  });
  await expect(attempt).rejects.toThrow(/foreign key/);
});

it.runIf(process.env.TEST_DATABASE_URL)(
  'keeps the parents locked until the batch commits: a delete of its contact waits, then detaches the events',
  async () => {
    const db = t.database.db;
    const { rows: made } = await sql<{ id: number }>`
      insert into contacts (org_id, email, first_name, last_name, buyer_stage)
      values (${org}, 'locked-parent@example.com', 'Locked', 'Parent', 'Awareness')
      returning id`.execute(db);
    const contactId = made[0]?.id ?? 0;
    const marker = 'locked parent';
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let recorded = () => {};
    const inBatch = new Promise<void>((resolve) => {
      recorded = resolve;
    });
    const batchDone = db.transaction().execute(async (trx) => {
      await recordEmailEvents(
        trx,
        [],
        batch(SET_WISE_EVENTS, () => ({ contactId, link: marker })),
      );
      recorded();
      await held;
    });
    await inBatch;
    let deletedAt = 0;
    const deleted = db
      .deleteFrom('contacts')
      .where('id', '=', contactId)
      .execute()
      .then(() => {
        deletedAt = Date.now();
      });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(deletedAt).toBe(0);
    const committedAt = Date.now();
    release();
    await batchDone;
    await deleted;
    expect(deletedAt).toBeGreaterThanOrEqual(committedAt);
    const rows = await db.selectFrom('email_event').select('contact_id').where('link', '=', marker).execute();
    expect(rows).toHaveLength(SET_WISE_EVENTS);
    expect(rows.every((r) => r.contact_id === null)).toBe(true);
  },
);
