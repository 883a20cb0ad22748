/**
 * The bench's rollups held to a recount on a sample: the events of a few bench emails (and the clicks of a
 * few articles) are read back in id order and counted again by tests/server/analytics/recountEvents.ts
 * (plain JavaScript from the rule in docs/analytics.md); the stored day totals and contact and email rows
 * of those emails, and the article rows of those articles, must be the same lines.
 */
import { sql } from 'kysely';
import type { DatabaseHandle } from '../server/db/openDatabase.ts';
import type { EmailEventKind } from '../server/db/schema.ts';
import type { StreamEvent } from '../tests/server/analytics/eventStream.ts';
import { type Recount, recountEvents, storedRollups } from '../tests/server/analytics/recountEvents.ts';
import type { AnalyticsBenchWorld } from './analyticsData.ts';

export type SampleCheck = {
  emails: number;
  articles: number;
  events: number;
  lines: number;
  mismatches: number;
  firstMismatch: string | null;
  pass: boolean;
};

type EventRow = {
  kind: EmailEventKind;
  contact_id: number | null;
  email_id: number | null;
  campaign_id: number | null;
  workflow_id: number | null;
  send_id: number | null;
  version_id: number | null;
  article_id: number | null;
  account_id: number | null;
  link: string | null;
  is_test: boolean;
  occurred_at: Date | string;
};

function streamEvent(orgId: number, row: EventRow): StreamEvent {
  return {
    orgId,
    kind: row.kind,
    contactId: row.contact_id,
    emailId: row.email_id,
    campaignId: row.campaign_id,
    workflowId: row.workflow_id,
    sendId: row.send_id,
    versionId: row.version_id,
    articleId: row.article_id,
    link: row.link,
    isTest: row.is_test,
    occurredAt: new Date(row.occurred_at),
  };
}

/** Lines of `stored` missing from `expected` or the other way round. */
function differences(expected: readonly string[], stored: readonly string[]): string[] {
  const want = new Set(expected);
  const have = new Set(stored);
  return [
    ...expected.filter((line) => !have.has(line)).map((line) => `missing: ${line}`),
    ...stored.filter((line) => !want.has(line)).map((line) => `unexpected: ${line}`),
  ];
}

export async function checkSample(
  database: DatabaseHandle,
  world: AnalyticsBenchWorld,
  sampleSize = 5,
): Promise<SampleCheck> {
  const db = database.db;
  const pick = <T>(items: readonly T[], n: number) => [
    ...new Set(
      Array.from(
        { length: n },
        (_, i) => items[Math.floor((i * (items.length - 1)) / Math.max(1, n - 1))] as T,
      ),
    ),
  ];
  const emailIds = pick(world.emailIds, sampleSize);
  const articleIds = pick(world.articleIds, Math.max(2, Math.ceil(sampleSize / 2)));
  const read = async (where: ReturnType<typeof sql>) =>
    (
      await sql<EventRow>`
        select kind, contact_id, email_id, campaign_id, workflow_id, send_id, version_id, article_id, account_id,
          link, is_test, occurred_at
        from email_event where org_id = ${world.orgId} and ${where}
        order by id`.execute(db)
    ).rows;
  const ofEmails = await read(sql`email_id = any(${emailIds}::int[])`);
  const ofArticles = await read(sql`kind = 'clicked' and article_id = any(${articleIds}::int[])`);
  const contacts = [...new Set([...ofEmails, ...ofArticles].map((row) => row.contact_id))];
  const accountOf = new Map(
    (
      await sql<{ id: number; account_id: number | null }>`
        select id, account_id from contacts where id = any(${contacts}::int[])`.execute(db)
    ).rows.map((row) => [row.id, row.account_id] as const),
  );
  const events = (rows: EventRow[]) => rows.map((row) => streamEvent(world.orgId, row));
  const byEmail = recountEvents(events(ofEmails), world.timeZone, accountOf);
  const byArticle = recountEvents(events(ofArticles), world.timeZone, accountOf);
  const expected: Recount = {
    days: byEmail.days,
    contactEmails: byEmail.contactEmails,
    articleContacts: byArticle.articleContacts,
  };
  const stored = await storedRollups(db, world.orgId, { emailIds, articleIds });
  const found = (['days', 'contactEmails', 'articleContacts'] as const).flatMap((part) =>
    differences(expected[part], stored[part]).map((line) => `${part} ${line}`),
  );
  const lines = expected.days.length + expected.contactEmails.length + expected.articleContacts.length;
  return {
    emails: emailIds.length,
    articles: articleIds.length,
    events: ofEmails.length + ofArticles.length,
    lines,
    mismatches: found.length,
    firstMismatch: found[0] ?? null,
    pass: found.length === 0 && lines > 0,
  };
}
