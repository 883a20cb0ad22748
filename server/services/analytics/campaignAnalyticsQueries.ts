import { sql } from 'kysely';
import type { AnalyticsSelection } from '../../../domain/analyticsSchemas.ts';
import type { AnalyticsPage, CampaignAnalyticsRow } from '../../../domain/analyticsTypes.ts';
import { likePattern } from '../../lib/likePattern.ts';
import { analyticsListing } from './analyticsListing.ts';
import {
  type AnalyticsUser,
  type Db,
  resolveScope,
  scopeDays,
  scopeMoments,
  scopeRows,
} from './analyticsScope.ts';
import { COUNT_SUMS, type CountRow, countsOf, percent, periodOf } from './statsQueries.ts';

type Numeric = number | string | null;

/**
 * campaigns_analytics/: a page of the organisation's campaigns (the chosen ones, the user's with the
 * by-User filter, searched by name), in the campaign list's order, each with its emails and what its
 * sends of the period counted (contacts: those sent one of its emails in the period).
 */
export async function campaignsAnalytics(
  db: Db,
  user: AnalyticsUser,
  selection: AnalyticsSelection & { limit: number; offset: number; search_campaign: string },
): Promise<AnalyticsPage<CampaignAnalyticsRow>> {
  const scope = await resolveScope(db, user, selection);
  // The by-User filter picks the user's campaigns here, not their emails.
  const rowsScope = { ...scope, userId: null, campaigns: null };
  const where = [sql`c.org_id = ${scope.orgId}`];
  if (scope.campaigns) where.push(sql`c.id in (${sql.join(scope.campaigns.map((id) => sql`${id}`))})`);
  if (scope.userId !== null) where.push(sql`c.user_id = ${scope.userId}`);
  if (selection.search_campaign) where.push(sql`c.name ilike ${likePattern(selection.search_campaign)}`);
  if (scope.shareTypes.length === 0) where.push(sql`c.share_type is null`);
  const page = await analyticsListing<
    CountRow & { campaign_id: number; campaign_name: string; emails_count: Numeric; contacts: Numeric }
  >(db, {
    select: sql`c.id as campaign_id, c.name as campaign_name,
      (select count(*) from emails e where e.campaign_id = c.id) as emails_count, t.*, k.contacts`,
    from: sql`campaigns c
    left join lateral (
      select ${COUNT_SUMS} from analytics_day_totals r
      where r.campaign_id = c.id and ${scopeRows(rowsScope, 'r')} and ${scopeDays(scope, 'r.day')}
    ) t on true
    left join lateral (
      select count(*) as contacts from analytics_contact_email r
      where r.campaign_id = c.id and ${scopeRows(rowsScope, 'r')} and ${scopeMoments(scope, 'r.last_sent_at')}
    ) k on true`,
    where: sql.join(where, sql` and `),
    orderBy: sql`c.position desc, c.id desc`,
    limit: selection.limit,
    offset: selection.offset,
  });
  return {
    total_count: page.total_count,
    data: page.rows.map((r) => {
      const c = countsOf(r);
      return {
        campaign_id: r.campaign_id,
        campaign_name: r.campaign_name,
        emails_count: Number(r.emails_count ?? 0),
        total_contacts: Number(r.contacts ?? 0),
        total_sent: c.sent,
        total_delivered: c.delivered,
        total_open: c.opens,
        total_clicks: c.clicks,
        unique_opens: c.unique_opens,
        unique_clicks: c.unique_clicks,
        open_rate: percent(c.unique_opens, c.delivered),
        click_rate: percent(c.unique_clicks, c.delivered),
      };
    }),
    period: periodOf(scope),
  };
}
