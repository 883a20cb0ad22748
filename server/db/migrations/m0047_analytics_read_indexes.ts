import { type Kysely, sql } from 'kysely';

/**
 * Indexes for the analytics reports at ten million events (npm run bench:analytics), on the periods the
 * contact and email rows are read by:
 * - the contacts and accounts a dashboard reached: the rows whose last send falls in the period
 *   (with the account, so the count reads the index alone);
 * - the contact tabs: the rows whose last send (else last event) falls in the period;
 * - content by article: the article and contact rows whose last click falls in the period (with what the
 *   listing sums, so it reads the index alone).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index analytics_contact_email_sent_idx on analytics_contact_email (org_id, is_test, last_sent_at)
      include (account_id);
    create index analytics_contact_email_moment_idx on analytics_contact_email
      (org_id, is_test, (coalesce(last_sent_at, last_event_at)));
    create index analytics_article_contact_click_idx on analytics_article_contact
      (org_id, is_test, last_click_at) include (article_id, contact_id, clicks, first_click_at);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index if exists analytics_article_contact_click_idx;
    drop index if exists analytics_contact_email_moment_idx;
    drop index if exists analytics_contact_email_sent_idx;
  `.execute(db);
}
