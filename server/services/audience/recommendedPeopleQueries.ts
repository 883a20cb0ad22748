import { type RawBuilder, sql } from 'kysely';
import {
  type AudienceFit,
  ENGAGED_SCORE,
  FIT_VALUES,
  RECENT_COUNT_CAP,
  RECENT_DAYS,
  RECOMMENDED_LIMIT,
  type RecommendationReason,
  type RecommendedPeoplePage,
  RECOMMENDATION_WEIGHTS as W,
} from '../../../domain/recommendedPeople.ts';
import type { Db } from '../../db/Db.ts';
import { noMarketingConsent } from '../../db/noMarketingConsent.ts';
import { peopleRows, toPersonRow } from './peopleRows.ts';

export type Recommending = { orgId: number; listId: number | null; fit: AudienceFit; now: Date };

/**
 * The list's fit: the most frequent industries and designations (a designation in any case) of its
 * members, FIT_VALUES of each. No list, or an empty one: no fit (recommendations are by engagement alone).
 */
export async function audienceFit(db: Db, orgId: number, listId: number | null): Promise<AudienceFit> {
  if (listId === null) return { industries: [], designations: [] };
  // Values grouped in any case, each named by its most frequent spelling (what the people filters match).
  const top = async (column: RawBuilder<string | null>) => {
    const { rows } = await sql<{ value: string }>`
      select mode() within group (order by ${column}) as value from list_contacts lc
      join contacts c on c.id = lc.contact_id and c.org_id = ${orgId}
      where lc.list_id = ${listId} and ${column} is not null and ${column} <> ''
      group by lower(${column}) order by count(*) desc, lower(${column}) limit ${FIT_VALUES}`.execute(db);
    return rows.map((row) => row.value);
  };
  return {
    industries: await top(sql`c.industry`),
    designations: await top(sql`c.designation`),
  };
}

/**
 * The recommended people, best first (at most RECOMMENDED_LIMIT), with their score and its parts:
 * subscribed contacts with marketing consent, not in the list, engaged (an open or a click in the last
 * RECENT_DAYS days, or an engagement score of ENGAGED_SCORE or more) and, when the list has a fit, sharing
 * its industry or designation. Score: engagement score + 5 per recent open + 10 per recent click (5 of
 * each count) + 25 for the industry + 25 for the designation.
 */
export function rankedRecommendations(r: Recommending) {
  const since = new Date(r.now.getTime() - RECENT_DAYS * 24 * 60 * 60 * 1000);
  const industries = sql`${r.fit.industries}::text[]`;
  const designations = sql`${r.fit.designations.map((d) => d.toLowerCase())}::text[]`;
  const hasFit = r.fit.industries.length + r.fit.designations.length > 0;
  return sql<{
    id: number;
    score: number;
    opens: number;
    clicks: number;
    engagement_score: number;
    industry_fit: boolean;
    designation_fit: boolean;
  }>`
    select s.*, (s.engagement_score
        + ${W.recentOpen} * least(s.opens, ${RECENT_COUNT_CAP})
        + ${W.recentClick} * least(s.clicks, ${RECENT_COUNT_CAP})
        + case when s.industry_fit then ${W.industryFit} else 0 end
        + case when s.designation_fit then ${W.designationFit} else 0 end)::int as score
    from (
      select c.id, c.engagement_score,
        coalesce(r.opens, 0)::int as opens, coalesce(r.clicks, 0)::int as clicks,
        coalesce(c.industry = any(${industries}), false) as industry_fit,
        coalesce(lower(c.designation) = any(${designations}), false) as designation_fit
      from contacts c
      left join (
        select e.contact_id,
          count(*) filter (where e.first_open_at >= ${since}) as opens,
          count(*) filter (where e.first_click_at >= ${since}) as clicks
        from analytics_contact_email e
        where e.org_id = ${r.orgId} and not e.is_test and e.last_event_at >= ${since}
        group by e.contact_id
      ) r on r.contact_id = c.id
      where c.org_id = ${r.orgId} and c.status = 'Subscribed' and not ${noMarketingConsent}
        and ${
          r.listId === null
            ? sql`true`
            : sql`not exists (select 1 from list_contacts lc where lc.list_id = ${r.listId} and lc.contact_id = c.id)`
        }
    ) s
    where (s.opens > 0 or s.clicks > 0 or s.engagement_score >= ${ENGAGED_SCORE})
      and (${!hasFit} or s.industry_fit or s.designation_fit)
    order by score desc, s.id
    limit ${RECOMMENDED_LIMIT}`;
}

/** The ids of the recommended people, as a condition on contacts `c` (select-all on the group). */
export function isRecommended(r: Recommending) {
  return sql<boolean>`c.id in (select ranked.id from (${rankedRecommendations(r)}) ranked)`;
}

/** recommended_people/: a page of the recommended people with why each is recommended, and the fit. */
export async function recommendedPeoplePage(
  db: Db,
  r: Recommending,
  page: { offset: number; limit: number },
): Promise<RecommendedPeoplePage> {
  const { rows: ranked } = await rankedRecommendations(r).execute(db);
  const shown = ranked.slice(page.offset, page.offset + page.limit);
  const people =
    shown.length === 0
      ? []
      : await peopleRows(db)
          .where(
            'c.id',
            'in',
            shown.map((row) => row.id),
          )
          .execute();
  const byId = new Map(people.map((row) => [row.contact_id, toPersonRow(row)]));
  const data = shown.flatMap((row) => {
    const person = byId.get(row.id);
    if (!person) return [];
    const reasons: RecommendationReason[] = [];
    if (row.engagement_score >= ENGAGED_SCORE) reasons.push('engaged');
    if (row.clicks > 0) reasons.push('recent_clicks');
    if (row.opens > 0) reasons.push('recent_opens');
    if (row.industry_fit) reasons.push('industry');
    if (row.designation_fit) reasons.push('designation');
    return [
      {
        ...person,
        recommendation: { score: row.score, recent_opens: row.opens, recent_clicks: row.clicks, reasons },
      },
    ];
  });
  return { total_count: ranked.length, data, fit: r.fit };
}
