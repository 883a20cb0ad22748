import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { firstOfItsKindWindow } from '../../lib/eventIdentity.ts';
import { restoreRowForeignKeyChecks, skipRowForeignKeyChecks } from '../../lib/skipRowForeignKeyChecks.ts';
import { lockScoringProgress } from './scoreNewActivity.ts';
import {
  criteriaCte,
  decayedSql,
  emailPoints,
  formPoints,
  insertPoints,
  roundedScore,
  stageSql,
  viewPoints,
} from './scoringSql.ts';

/** Contacts recomputed per transaction (a step of the progress). */
export const RECOMPUTE_CHUNK = 5000;

/**
 * Recomputes the scores of an organisation's contacts from their activity alone, set-wise, after a
 * criteria change (the catch-up must agree with it): a range of contacts at a time, in one transaction
 * that holds the catch-up's marks, their points are deleted and written again under the current
 * criteria, and each score is the sum of its points decayed to `now`, with its stage. `onChunk` hears how
 * many contacts are done (the job's progress); returning false stops (a stopping process: the job runs
 * again). Answers the contacts recomputed.
 */
export async function recomputeScores(
  db: Kysely<Database>,
  orgId: number,
  options: {
    now: () => Date;
    chunk?: number;
    onChunk?: (done: number, total: number) => Promise<boolean>;
  },
): Promise<{ done: number; total: number; stopped: boolean }> {
  const chunk = options.chunk ?? RECOMPUTE_CHUNK;
  const { rows: counted } = await sql<{ n: string | number }>`
    select count(*) as n from contacts where org_id = ${orgId}`.execute(db);
  const total = Number(counted[0]?.n ?? 0);
  let after = 0;
  let done = 0;
  for (;;) {
    const step = await db.transaction().execute(async (trx) => {
      await lockScoringProgress(trx);
      // A chunk's statements are short: compiling them (PostgreSQL's JIT) took longer than running them.
      await sql`select set_config('jit', 'off', true) where exists (select 1 from pg_settings where name = 'jit')`.execute(
        trx,
      );
      const { rows } = await sql<{ lo: number | null; hi: number | null; n: string | number }>`
        select min(id) as lo, max(id) as hi, count(*) as n from (
          select id from contacts where org_id = ${orgId} and id > ${after} order by id limit ${chunk}
          for key share) x`.execute(trx);
      const lo = rows[0]?.lo;
      const hi = rows[0]?.hi;
      if (lo == null || hi == null) return null;
      const range = (alias: string) =>
        sql`${sql.ref(`${alias}.org_id`)} = ${orgId} and ${sql.ref(`${alias}.contact_id`)} between ${lo} and ${hi}`;
      await sql`delete from journey_points p where ${range('p')}`.execute(trx);
      const events = sql`(select w.* from (
          select ev.*, ${firstOfItsKindWindow('ev')} as counts from email_event ev
          where ${range('ev')} and ev.kind in ('opened', 'clicked', 'unsubscribed') and not ev.is_test) w
        where w.counts) e`;
      const now = options.now();
      const raw = sql`s.raw`;
      // Every point written is of a contact of the range, locked above (and the organisation, locked here),
      // so the per-row foreign-key checks of millions of points are skipped where the connection may.
      await sql`select 1 from organisations where id = ${orgId} for key share`.execute(trx);
      const skipped = await skipRowForeignKeyChecks(trx);
      // The views are found from the range's contacts (its primary key range), not by walking every
      // contact of the organisation for views of the range (the planner's choice without this bound).
      const contactsOfRange = sql`ct.id between ${lo} and ${hi}`;
      // The points are written and the scores summed from what the insert returns, in one statement (the
      // range's points were all deleted above, so what it returns is every point of the range's contacts).
      await sql`
        with ${criteriaCte},
        ins as (${insertPoints(sql`
          ${emailPoints(events, sql`true`)}
          union all ${formPoints(range('f'))}
          union all ${viewPoints(sql`${range('v')} and ${contactsOfRange}`)}`)}),
        p as materialized (
          select p.contact_id, sum(${decayedSql(sql`p.points`, sql`p.at`, now)}) as raw
          from ins p join crit c on c.org_id = ${orgId}
          group by p.contact_id
        ),
        s as (
          select x.id, coalesce(p.raw, 0) as raw from contacts x left join p on p.contact_id = x.id
          where x.org_id = ${orgId} and x.id between ${lo} and ${hi}
        ),
        staged as (
          select s.id, s.raw, ${roundedScore(raw)} as score, ${stageSql(roundedScore(raw))} as stage
          from s, crit c where c.org_id = ${orgId}
        )
        update contacts ct set score_raw = staged.raw, score_at = case when staged.raw = 0 then null else ${now}::timestamptz end,
          engagement_score = staged.score, buyer_stage = staged.stage
        from staged
        where ct.id = staged.id
          -- A contact without points that has none stored is left as it is (most of a large audience).
          and (ct.score_raw, ct.engagement_score, ct.buyer_stage) is distinct from (staged.raw, staged.score, staged.stage)`.execute(
        trx,
      );
      if (skipped) await restoreRowForeignKeyChecks(trx);
      return { hi: Number(hi), n: Number(rows[0]?.n ?? 0) };
    });
    if (!step) return { done, total, stopped: false };
    after = step.hi;
    done += step.n;
    if (options.onChunk && !(await options.onChunk(Math.min(done, total), total)))
      return { done, total, stopped: true };
  }
}
