import { type RawBuilder, sql } from 'kysely';
import type { ListAnalyticsSort } from '../../../domain/analyticsListInsightSchemas.ts';
import type { ListAnalyticsRow } from '../../../domain/analyticsListInsightTypes.ts';
import type { AnalyticsSelection } from '../../../domain/analyticsSchemas.ts';
import type { AnalyticsPeriod } from '../../../domain/analyticsTypes.ts';
import { likePattern } from '../../lib/likePattern.ts';
import { CONTACT_ROW_SUMS, rowsOfPeriod } from './accountAnalyticsQueries.ts';
import { analyticsListing, listingOrder } from './analyticsListing.ts';
import { type AnalyticsUser, type Db, resolveScope } from './analyticsScope.ts';
import { countsOf, periodOf, ratesOf } from './statsQueries.ts';

type Numeric = number | string | null;

/** A share of delivered emails in percent, for sorting (0 when nothing was delivered). */
const rateOf = (part: RawBuilder<unknown>) =>
  sql`coalesce(${part} * 100.0 / nullif(coalesce(sum(r.delivered), 0), 0), 0)`;

const SORTS: Record<ListAnalyticsSort, RawBuilder<unknown>> = {
  list_name: sql`lower(l.name)`,
  sent: sql`coalesce(sum(r.sent), 0)`,
  delivered: sql`coalesce(sum(r.delivered), 0)`,
  unique_opens: sql`count(r.first_open_at)`,
  unique_clicks: sql`count(r.first_click_at)`,
  open_rate: rateOf(sql`count(r.first_open_at)`),
  click_rate: rateOf(sql`count(r.first_click_at)`),
  unsubscribed: sql`coalesce(sum(r.unsubscribed), 0)`,
  bounced: sql`coalesce(sum(r.bounced), 0)`,
};

/**
 * lists_analytics/: every list of the organisation (searched by name) with what was sent to it in the
 * period: the contact-and-email rollup rows of the selection whose email list_sends records as sent to
 * that contact for the list (an email sent to a contact twice, or through two lists, is one row each
 * list: unique opens and clicks stay unique). A list sent nothing in the period shows zeros.
 */
export async function listsAnalytics(
  db: Db,
  user: AnalyticsUser,
  body: AnalyticsSelection & {
    limit: number;
    offset: number;
    search_list_name: string;
    sort_by?: ListAnalyticsSort;
    order_by: 'ASC' | 'DESC' | 'NOSORT';
  },
): Promise<{ total_count: number; data: ListAnalyticsRow[]; period: AnalyticsPeriod }> {
  const scope = await resolveScope(db, user, body);
  const parts = [sql`l.org_id = ${scope.orgId}`];
  if (body.search_list_name) parts.push(sql`l.name ilike ${likePattern(body.search_list_name)}`);
  const page = await analyticsListing<Record<string, Numeric> & { list_id: number; list_name: string }>(db, {
    select: sql`l.id as list_id, l.name as list_name, ${CONTACT_ROW_SUMS}`,
    from: sql`contact_lists l left join analytics_contact_email r on ${rowsOfPeriod(scope)}
      and exists (select 1 from list_sends ls join email_send es on es.id = ls.send_id
        where ls.list_id = l.id and es.contact_id = r.contact_id and es.email_id = r.email_id
          and es.is_test = r.is_test)`,
    where: sql.join(parts, sql` and `),
    groupBy: sql`l.id`,
    orderBy: listingOrder(
      SORTS,
      body.sort_by,
      body.order_by,
      sql`coalesce(sum(r.sent), 0) desc`,
      sql`l.id desc`,
    ),
    limit: body.limit,
    offset: body.offset,
  });
  return {
    total_count: page.total_count,
    data: page.rows.map((row) => {
      const counts = countsOf(row);
      return {
        list_id: row.list_id,
        list_name: String(row.list_name),
        contacts: Number(row.contacts ?? 0),
        ...counts,
        ...ratesOf(counts),
      };
    }),
    period: periodOf(scope),
  };
}
