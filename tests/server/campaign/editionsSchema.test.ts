import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/testApp.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('emails and their editions (m0020)', () => {
  it('gives every seeded email exactly one draft edition (the demo history adds sent ones)', async () => {
    const { rows } = await sql<{ emails: number; without: number; with_more: number }>`
      select count(*)::int as emails,
        count(*) filter (where not exists (
          select 1 from email_versions v where v.email_id = e.id and v.status = 'draft'))::int as without,
        count(*) filter (where (
          select count(*) from email_versions v where v.email_id = e.id and v.status = 'draft') > 1)::int
          as with_more
      from emails e`.execute(t.database.db);
    expect(rows[0]?.emails).toBeGreaterThan(0);
    expect(rows[0]).toMatchObject({ without: 0, with_more: 0 });
    const statuses = await t.database.db
      .selectFrom('email_versions')
      .select('status')
      .distinct()
      .orderBy('status')
      .execute();
    expect(statuses).toEqual([{ status: 'draft' }, { status: 'sent' }]);
  });

  it("gives emails inserted later a 'Draft Edition' each, with the email's subject, whatever inserts them", async () => {
    const db = t.database.db;
    const owner = await db
      .selectFrom('emails')
      .select(['org_id', 'user_id'])
      .limit(1)
      .executeTakeFirstOrThrow();
    const base = {
      ...owner,
      email_type: 0,
      sent_from: 'a@example.com',
      sender_name: 'A',
      design_ready: false,
      email_platform: 'workbench',
    };
    const inserted = await db
      .insertInto('emails')
      .values([
        { ...base, name: 'Schema test one', subject: 'First subject' },
        { ...base, name: 'Schema test two', subject: 'Second subject' },
      ])
      .returning('id')
      .execute();
    const editions = await db
      .selectFrom('email_versions')
      .select(['email_id', 'name', 'subject', 'status'])
      .where(
        'email_id',
        'in',
        inserted.map((row) => row.id),
      )
      .orderBy('email_id')
      .execute();
    const [first, second] = inserted;
    expect(editions).toEqual([
      { email_id: first?.id, name: 'Draft Edition', subject: 'First subject', status: 'draft' },
      { email_id: second?.id, name: 'Draft Edition', subject: 'Second subject', status: 'draft' },
    ]);
  });

  it('keeps an article once per edition and goes with its email', async () => {
    const db = t.database.db;
    const version = await db
      .selectFrom('email_versions')
      .select(['id', 'email_id'])
      .limit(1)
      .executeTakeFirstOrThrow();
    const article = await db.selectFrom('articles').select('id').limit(1).executeTakeFirstOrThrow();
    await db
      .insertInto('edition_articles')
      .values({ version_id: version.id, article_id: article.id, position: 1 })
      .execute();
    await expect(
      db
        .insertInto('edition_articles')
        .values({ version_id: version.id, article_id: article.id, position: 2 })
        .execute(),
    ).rejects.toThrow(/duplicate key|unique/i);
    await db.deleteFrom('emails').where('id', '=', version.email_id).execute();
    const left = await db
      .selectFrom('edition_articles')
      .select('article_id')
      .where('version_id', '=', version.id)
      .execute();
    expect(left).toEqual([]);
  });
});
