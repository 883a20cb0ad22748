import { type RawBuilder, sql } from 'kysely';
import { AUDIT_ACTIVITY, type AuditActivity } from '../../../domain/analyticsContactTypes.ts';
import type { AnalyticsPeriod } from '../../../domain/analyticsTypes.ts';
import { criteriaOf, pointsOf } from '../journey/scoringSql.ts';
import { analyticsListing } from './analyticsListing.ts';
import { type AnalyticsUser, addDays, type Db, todayIn } from './analyticsScope.ts';
import { engagedRows } from './engagementQueries.ts';

/**
 * contact_audit_trail/: every recorded activity of the organisation's contact (real sends, not tests),
 * newest first, a page at a time, over the days asked (organisation days; none: all time), with the
 * contact's engagement score as total_score and the points each activity gave it (docs/journey.md).
 */
export async function contactAuditTrail(
  db: Db,
  user: AnalyticsUser,
  body: {
    contact_id: number;
    start_date: string | null;
    end_date: string | null;
    limit: number;
    offset: number;
  },
): Promise<{ total_count: number; total_score: number; data: AuditActivity[]; period: AnalyticsPeriod }> {
  const own = await engagedRows(db, user.org_id, { contactId: body.contact_id }, 'ev');
  const org = await db
    .selectFrom('organisations')
    .select('time_zone')
    .where('id', '=', user.org_id)
    .executeTakeFirstOrThrow();
  const contact = await db
    .selectFrom('contacts')
    .select('engagement_score')
    .where('id', '=', body.contact_id)
    .executeTakeFirstOrThrow();
  let from = body.start_date;
  let to = body.end_date ?? todayIn(org.time_zone);
  if (from !== null && from > to) [from, to] = [to, from];
  const moment = (day: string) => sql`((${day}::date)::timestamp at time zone ${org.time_zone})`;
  const parts: RawBuilder<unknown>[] = [
    own,
    sql`ev.org_id = ${user.org_id}`,
    sql`ev.is_test = false`,
    sql`ev.occurred_at < ${moment(addDays(to, 1))}`,
  ];
  if (from !== null) parts.push(sql`ev.occurred_at >= ${moment(from)}`);
  const page = await analyticsListing<Record<string, unknown> & { event_id: number | string }>(db, {
    select: sql`ev.id as event_id, ev.kind, ev.email_id, e.name as email_name, ev.campaign_id,
      k.name as campaign_name, ev.link, ev.article_id, ar.title as article_title, ev.occurred_at,
      (select ${pointsOf('jp', sql`null`)} from journey_points jp cross join ${criteriaOf(user.org_id)} c
        where jp.org_id = ev.org_id and jp.source_id = ev.id and jp.kind = case ev.kind when 'opened' then 'email_open' when 'clicked' then 'email_click'
          when 'unsubscribed' then 'unsubscribe' end) as points`,
    from: sql`email_event ev left join emails e on e.id = ev.email_id
      left join campaigns k on k.id = ev.campaign_id left join articles ar on ar.id = ev.article_id`,
    where: sql.join(parts, sql` and `),
    orderBy: sql`ev.occurred_at desc, ev.id desc`,
    limit: body.limit,
    offset: body.offset,
  });
  const idOrNull = (value: unknown) => (value == null ? null : Number(value));
  const textOrNull = (value: unknown) => (value == null ? null : String(value));
  return {
    total_count: page.total_count,
    total_score: contact.engagement_score,
    data: page.rows.map((r) => {
      const kind = r.kind as keyof typeof AUDIT_ACTIVITY;
      return {
        event_id: Number(r.event_id),
        kind,
        activity: AUDIT_ACTIVITY[kind],
        email_id: idOrNull(r.email_id),
        email_name: textOrNull(r.email_name),
        campaign_id: idOrNull(r.campaign_id),
        campaign_name: textOrNull(r.campaign_name),
        link: textOrNull(r.link),
        article_id: idOrNull(r.article_id),
        article_title: textOrNull(r.article_title),
        occurred_at: new Date(r.occurred_at as string).toISOString(),
        points: r.points == null ? null : Number(r.points),
      };
    }),
    period: { start_date: from, end_date: to, time_zone: org.time_zone },
  };
}
