import { type Kysely, type RawBuilder, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { firstOfItsKindWindow } from '../../lib/eventIdentity.ts';
import { restoreRowForeignKeyChecks, skipRowForeignKeyChecks } from '../../lib/skipRowForeignKeyChecks.ts';
import { lockScoringProgress } from './scoreNewActivity.ts';
import {
  criteriaCte,
  emailPoints,
  formPoints,
  insertPoints,
  roundedScore,
  scoredSums,
  stageSql,
  viewPoints,
} from './scoringSql.ts';

/** Contacts recomputed per transaction (a step of the progress). */
export const RECOMPUTE_CHUNK = 20_000;

/**
 * Recomputes the scores of an organisation's contacts after a criteria change (the catch-up must agree
 * with it), set-wise, a range of contacts at a time, in one transaction that holds the catch-up's marks:
 * each score is the sum of the points of its stored activity (journey_points) under the current criteria,
 * decayed to `now` (contact_scores), with its shown score and stage, written only where they move.
 * `rebuild` first writes the range's activity rows again from the activity itself (the seed, a first
 * scoring, and the tests that hold the catch-up to it). `onChunk` hears how many contacts are done (the
 * job's progress); returning false stops (a stopping process: the job runs again). Answers the contacts
 * recomputed.
 */
export async function recomputeScores(
  db: Kysely<Database>,
  orgId: number,
  options: {
    now: () => Date;
    chunk?: number;
    rebuild?: boolean;
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
      // A range's activity rows (about 130,000 for 20,000 contacts) are read once and kept in memory for
      // the two uses of scoredSums (the default 4 MB would write them out to disk), and summed in memory.
      await sql`select set_config('work_mem', '64MB', true)`.execute(trx);
      const { rows } = await sql<{ lo: number | null; hi: number | null; n: string | number }>`
        select min(id) as lo, max(id) as hi, count(*) as n from (
          select id from contacts where org_id = ${orgId} and id > ${after} order by id limit ${chunk}
          for key share) x`.execute(trx);
      const lo = rows[0]?.lo;
      const hi = rows[0]?.hi;
      if (lo == null || hi == null) return null;
      const range = (alias: string) =>
        sql`${sql.ref(`${alias}.org_id`)} = ${orgId} and ${sql.ref(`${alias}.contact_id`)} between ${lo} and ${hi}`;
      // Every row written is of a contact of the range, locked above (and the organisation, locked here),
      // so the per-row foreign-key checks are skipped where the connection may.
      await sql`select 1 from organisations where id = ${orgId} for key share`.execute(trx);
      const skipped = await skipRowForeignKeyChecks(trx);
      if (options.rebuild) await rebuildActivity(trx, range, sql`ct.id between ${lo} and ${hi}`);
      await sql`delete from contact_scores s where ${range('s')}`.execute(trx);
      const now = options.now();
      const raw = sql`coalesce(s.raw, 0)`;
      await sql`
        with ${criteriaCte},
        acts as materialized (
          select p.org_id, p.contact_id, p.kind, p.label, p.at from journey_points p where ${range('p')}),
        ${scoredSums(sql`acts`, now)},
        kept as (
          insert into contact_scores (contact_id, org_id, score_raw, score_at)
          select contact_id, org_id, raw, ${now} from sums where raw <> 0
        ),
        staged as (
          select x.id, ${roundedScore(raw)} as score, ${stageSql(roundedScore(raw))} as stage
          from contacts x left join sums s on s.contact_id = x.id join crit c on c.org_id = x.org_id
          where x.org_id = ${orgId} and x.id between ${lo} and ${hi}
        )
        update contacts ct set engagement_score = staged.score, buyer_stage = staged.stage
        from staged
        where ct.id = staged.id and (ct.engagement_score, ct.buyer_stage) is distinct from (staged.score, staged.stage)`.execute(
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

/**
 * Writes the activity rows of a range of contacts again from the activity (email events, form
 * submissions, page views): `range` bounds a relation's org_id and contact_id, `contactsOfRange` the
 * contacts `ct` (the views are found from the range's contacts, not by walking every contact of the
 * organisation: the planner's choice without this bound).
 */
async function rebuildActivity(
  trx: Transaction<Database>,
  range: (alias: string) => RawBuilder<unknown>,
  contactsOfRange: RawBuilder<unknown>,
): Promise<void> {
  await sql`delete from journey_points p where ${range('p')}`.execute(trx);
  const events = sql`(select w.* from (
      select ev.*, ${firstOfItsKindWindow('ev')} as counts from email_event ev
      where ${range('ev')} and ev.kind in ('opened', 'clicked', 'unsubscribed') and not ev.is_test) w
    where w.counts) e`;
  await sql`${insertPoints(sql`
    ${emailPoints(events, sql`true`)}
    union all ${formPoints(range('f'))}
    union all ${viewPoints(sql`${range('v')} and ${contactsOfRange}`)}`)}`.execute(trx);
}
