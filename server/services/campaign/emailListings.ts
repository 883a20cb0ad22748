import type { FastifyRequest } from 'fastify';
import { type RawBuilder, sql } from 'kysely';
import { CAMPAIGN_NOT_FOUND } from '../../../domain/campaignSchemas.ts';
import type { CampaignEmail, CampaignUser, EmailsPage } from '../../../domain/campaigns.ts';
import type { Db } from '../../db/Db.ts';
import type { UserRow } from '../../db/schema.ts';
import { notFound } from '../../lib/AppError.ts';
import { likePattern } from '../../lib/likePattern.ts';
import { currentAuth } from '../../lib/sessions.ts';
import { isInternalUser } from '../user/isInternalUser.ts';
import { countEmails, EMAIL_NOT_FOUND, editionsOf, selectEmails } from './campaignQueries.ts';

type Page = { offset: number; limit: number; search?: string | null };

/** Which emails a listing shows (on alias e), from the signed-in user and the request's params and query. */
type EmailWhere<P, Q extends Page> = (
  db: Db,
  user: UserRow,
  params: P,
  query: Q,
) => Promise<RawBuilder<unknown>>;

/** An email whose name or subject holds the search, in any case. */
const nameOrSubject = (search: string) =>
  sql`(e.name ilike ${likePattern(search)} or e.subject ilike ${likePattern(search)})`;

/** The search of the query, as an extra condition (none when blank). */
const searched = (query: Page) => (query.search ? sql`and ${nameOrSubject(query.search)}` : sql``);

/** The emails a user may see outside a campaign: their own; an internal user's, the organisation's. */
function visibleTo(user: UserRow) {
  return isInternalUser(user)
    ? sql`e.org_id = ${user.org_id}`
    : sql`e.org_id = ${user.org_id} and e.user_id = ${user.id}`;
}

/**
 * The one handler of every email listing: a page of the emails `where` selects, newest first, with
 * total_count and marked_count (emails with a sent edition). Listings differ only in their where clause.
 */
export function emailListing<P, Q extends Page>(db: Db, where: EmailWhere<P, Q>): EmailListingHandler;
export function emailListing<P, Q extends Page, R>(
  db: Db,
  where: EmailWhere<P, Q>,
  rowOf: (email: CampaignEmail) => R,
): EmailListingHandler<R>;
export function emailListing<P, Q extends Page>(
  db: Db,
  where: EmailWhere<P, Q>,
  rowOf: (email: CampaignEmail) => unknown = (email) => email,
) {
  // The route's schema has validated the params and query into these shapes.
  return async (request: FastifyRequest) => {
    const query = request.query as Q;
    const clause = await where(db, currentAuth(request).user, request.params as P, query);
    const [emails, counts] = await Promise.all([selectEmails(db, clause, query), countEmails(db, clause)]);
    return { success: true as const, ...counts, data: emails.map(rowOf) };
  };
}

/** A listing's answer: total_count, marked_count (emails with a sent edition) and the page's rows. */
type EmailListingHandler<R = CampaignEmail> = (
  request: FastifyRequest,
) => Promise<Omit<EmailsPage, 'data'> & { success: true; data: R[] }>;

/** get_draft_emails/{id}/ and get_scheduled_emails/{id}/: the campaign's emails with an edition in that state. */
export const campaignEmailsWith =
  (status: 'draft' | 'scheduled'): EmailWhere<{ id: number }, Page> =>
  async (db, user, params, query) => {
    const campaign = await db
      .selectFrom('campaigns')
      .select('id')
      .where('id', '=', params.id)
      .where('org_id', '=', user.org_id)
      .executeTakeFirst();
    if (!campaign) throw notFound(CAMPAIGN_NOT_FOUND);
    return sql`e.org_id = ${user.org_id} and e.campaign_id = ${campaign.id}
      and exists (select 1 from email_versions v where v.email_id = e.id and v.status = ${status})
      ${searched(query)}`;
  };

/** get_emails_without_campaign/: the emails of no campaign the user may see. */
export const emailsWithoutCampaign: EmailWhere<unknown, Page> = async (_db, user, _params, query) =>
  sql`${visibleTo(user)} and e.campaign_id is null ${searched(query)}`;

/** get_email_browser_content/: the emails the user may use, by type and campaign. */
export const browsableEmails: EmailWhere<
  unknown,
  Page & { email_type: number | null; campaign_id: number | null }
> = async (_db, user, _params, query) => {
  const parts = [visibleTo(user)];
  if (query.email_type !== null) parts.push(sql`e.email_type = ${query.email_type}`);
  if (query.campaign_id !== null) parts.push(sql`e.campaign_id = ${query.campaign_id}`);
  if (query.search) parts.push(nameOrSubject(query.search));
  return sql.join(parts, sql` and `);
};

/** get_versions/: the editions of one of the organisation's emails (else 404). */
export async function editionsOfEmail(db: Db, orgId: number, emailId: number) {
  const email = await db
    .selectFrom('emails')
    .select('id')
    .where('id', '=', emailId)
    .where('org_id', '=', orgId)
    .executeTakeFirst();
  if (!email) throw notFound(EMAIL_NOT_FOUND);
  const data = await editionsOf(db, [email.id]);
  return { total_count: data.length, data };
}

/** get_users/: the organisation's current users (the by-User filter); a removed user is left out at once. */
export async function organisationUsers(db: Db, orgId: number): Promise<CampaignUser[]> {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'email'])
    .where('org_id', '=', orgId)
    .where('removed_at', 'is', null)
    .orderBy('first_name')
    .orderBy('last_name')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    user_id: r.id,
    first_name: r.first_name,
    last_name: r.last_name,
    name: `${r.first_name} ${r.last_name}`.trim() || r.email,
    user_email: r.email,
  }));
}
