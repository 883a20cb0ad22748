import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { isFirstOfItsKind } from '../../lib/eventIdentity.ts';
import { settledEventId } from '../../lib/eventWriteLock.ts';
import {
  criteriaCte,
  decayedSql,
  emailPoints,
  formPoints,
  insertPoints,
  roundedScore,
  scoredSums,
  stageSql,
  viewPoints,
} from './scoringSql.ts';

/** Source rows (ids) of each kind per catch-up transaction: PGlite's one connection is held briefly. */
export const SCORING_BATCH = 2000;
/**
 * Page views and form submissions take their ids from sequences with no write lock (tracking stays
 * fast), so on PostgreSQL one may commit after a higher id was read: each pass looks this many ids back
 * from its mark as well; points are stored once per source (journey_points' key), so a second look adds
 * nothing.
 */
export const LOOK_BACK_IDS = 1000;

type Progress = { event: number; view: number; form: number };
export type ScoringCatchUp = { scored: number; progress: Progress };

/** The catch-up's marks, locked for the caller's transaction (the bulk recompute takes the same lock). */
export async function lockScoringProgress(trx: Transaction<Database>): Promise<Progress> {
  const { rows } = await sql<{ e: string | number; v: string | number; f: string | number }>`
    select last_event_id as e, last_page_view_id as v, last_form_submission_id as f
    from journey_progress where id = 1 for update`.execute(trx);
  const row = rows[0];
  return { event: Number(row?.e ?? 0), view: Number(row?.v ?? 0), form: Number(row?.f ?? 0) };
}

/**
 * Adds the points of newly stored activity rows (what insertPoints returns) to their contacts' scores:
 * the stored score decayed from score_at to `now`, plus each new row's points decayed from its time to
 * `now` (contact_scores); a contact's shown score and stage move when they change. Answers (n) how many
 * contacts were scored.
 */
export function addPointsToScores(inserted: ReturnType<typeof insertPoints>, now: Date) {
  const oldScore = sql`coalesce(${decayedSql(sql`cs.score_raw`, sql`cs.score_at`, now)}, 0)`;
  return sql`
    with ${criteriaCte}, acts as (${inserted}), ${scoredSums(sql`acts`, now)},
    scored as materialized (
      select s.contact_id, s.org_id, ${oldScore} + s.raw as raw
      from sums s join crit c on c.org_id = s.org_id left join contact_scores cs on cs.contact_id = s.contact_id
    ),
    kept as (
      insert into contact_scores (contact_id, org_id, score_raw, score_at)
      select contact_id, org_id, raw, ${now} from scored
      on conflict (contact_id) do update set score_raw = excluded.score_raw, score_at = excluded.score_at
    ),
    moved as (
      update contacts ct set engagement_score = ${roundedScore(sql`s.raw`)},
        buyer_stage = ${stageSql(roundedScore(sql`s.raw`))}
      from scored s join crit c on c.org_id = s.org_id
      where ct.id = s.contact_id
        and (ct.engagement_score, ct.buyer_stage) is distinct from
          (${roundedScore(sql`s.raw`)}, ${stageSql(roundedScore(sql`s.raw`))})
    )
    select count(*) as n from scored`;
}

/**
 * One catch-up of the scores: the points of every email event (once final: settledEventId), page view,
 * page view identified since it was stored (journey_pending_view) and form submission past the marks,
 * a batch of each per transaction with the marks moved past it. Idempotent; processes take turns on the
 * marks' row. `afterBatch` paces it (false: stop there, the rest for the next pass).
 */
export async function scoreNewActivity(
  db: Kysely<Database>,
  options: { now: () => Date; batch?: number; afterBatch?: (batchMs: number) => Promise<boolean> },
): Promise<ScoringCatchUp> {
  const batch = options.batch ?? SCORING_BATCH;
  const settled = await settledEventId(db);
  let scored = 0;
  for (;;) {
    const started = performance.now();
    const step = await db.transaction().execute(async (trx) => {
      const at = await lockScoringProgress(trx);
      const { rows: tops } = await sql<{ v: string | number | null; f: string | number | null }>`
        select (select max(id) from page_view) as v, (select max(id) from form_submissions) as f`.execute(
        trx,
      );
      const maxView = Number(tops[0]?.v ?? 0);
      const maxForm = Number(tops[0]?.f ?? 0);
      const next: Progress = {
        event: Math.min(settled, at.event + batch),
        view: Math.min(maxView, at.view + batch),
        form: Math.min(maxForm, at.form + batch),
      };
      const { rows: pending } = await sql<{ id: string | number }>`
        delete from journey_pending_view where page_view_id in (
          select page_view_id from journey_pending_view order by page_view_id limit ${batch})
        returning page_view_id as id`.execute(trx);
      const pendingIds = pending.map((row) => Number(row.id));
      const viewsFrom = Math.max(0, at.view - LOOK_BACK_IDS);
      const formsFrom = Math.max(0, at.form - LOOK_BACK_IDS);
      const sources = sql`
        ${emailPoints(
          sql`email_event e`,
          sql`e.id > ${at.event} and e.id <= ${Math.max(at.event, next.event)} and e.contact_id is not null
            and ${isFirstOfItsKind('e')}`,
        )}
        union all ${formPoints(sql`f.id > ${formsFrom} and f.id <= ${Math.max(at.form, next.form)} and f.contact_id is not null`)}
        union all ${viewPoints(
          sql`v.contact_id is not null and ((v.id > ${viewsFrom} and v.id <= ${Math.max(at.view, next.view)})
            or v.id = any(${pendingIds}::bigint[]))`,
        )}`;
      const { rows: counted } = await sql<{ n: string | number }>`${addPointsToScores(
        insertPoints(sources),
        options.now(),
      )}`.execute(trx);
      await sql`
        update journey_progress set last_event_id = greatest(last_event_id, ${next.event}),
          last_page_view_id = greatest(last_page_view_id, ${next.view}),
          last_form_submission_id = greatest(last_form_submission_id, ${next.form}), updated_at = now()
        where id = 1`.execute(trx);
      const done =
        next.event >= settled && next.view >= maxView && next.form >= maxForm && pendingIds.length < batch;
      return { done, contacts: Number(counted[0]?.n ?? 0), progress: next };
    });
    scored += step.contacts;
    if (step.done) return { scored, progress: step.progress };
    if (options.afterBatch && !(await options.afterBatch(performance.now() - started)))
      return { scored, progress: step.progress };
  }
}
