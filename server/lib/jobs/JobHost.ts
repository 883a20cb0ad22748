import { type Kysely, sql } from 'kysely';
import type PgBoss from 'pg-boss';

/** A job's workers as the host sees them: their queues, their safety look, and how to wake them. */
export type Watched = {
  queues: readonly string[];
  pollMs: number;
  /** Wakes the worker's idle loops; `byLook`: because the host's look found one of its queues due. */
  wake: (byLook: boolean) => void;
};

/** After a due time, so that the database's clock (pg-boss compares start_after with now()) has it due too. */
const DUE_MARGIN_MS = 50;
/** The longest a timer can wait (setTimeout's limit). */
const MAX_TIMER_MS = 2 ** 31 - 1;

// biome-ignore lint/suspicious/noExplicitAny: any database schema
type AnyDb = Kysely<any>;

const hosts = new WeakMap<PgBoss, JobHost>();

/**
 * The one clock of a process's jobs on one pg-boss: an idle worker takes nothing until the host wakes it,
 * and the host looks for due jobs with one query for all of their queues (the earliest start_after of each)
 * when a worker asks (it ran out of work after being told of some), when the earliest job it knows of is
 * due (a timer), and every pollMs as a safety net (jobs nobody told this process of: a retry, a job given
 * again after its process died, a scheduled job). So an idle process runs one short query per poll for all
 * its jobs, and a job due later runs at its time without anyone polling for it.
 */
export class JobHost {
  private readonly watched = new Set<Watched>();
  private timer: NodeJS.Timeout | undefined;
  private timerAt = Number.POSITIVE_INFINITY;
  private looking: Promise<void> | null = null;
  private again = false;

  private constructor(private readonly db: AnyDb) {}

  /** The host of this pg-boss in this process (one per pg-boss: its jobs share one look and one timer). */
  static of(boss: PgBoss, db: AnyDb): JobHost {
    let host = hosts.get(boss);
    if (!host) {
      host = new JobHost(db);
      hosts.set(boss, host);
    }
    return host;
  }

  /** Watches a worker's queues until the returned function is called. */
  watch(worker: Watched): () => void {
    this.watched.add(worker);
    return () => {
      this.watched.delete(worker);
      if (this.watched.size === 0) this.disarm();
    };
  }

  /** A job is due at `at`: the host looks then (a job queued in this process for later). */
  dueAt(at: Date): void {
    if (this.watched.size > 0) this.arm(at.getTime() + DUE_MARGIN_MS);
  }

  /** Looks now (once at a time; a request during a look makes one more). */
  look(): void {
    if (this.looking) {
      this.again = true;
      return;
    }
    this.looking = (async () => {
      do {
        this.again = false;
        await this.lookOnce();
      } while (this.again && this.watched.size > 0);
    })().finally(() => {
      this.looking = null;
    });
  }

  private async lookOnce(): Promise<void> {
    const workers = [...this.watched];
    if (workers.length === 0) return;
    const pollMs = Math.min(...workers.map((worker) => worker.pollMs));
    let next = Date.now() + pollMs;
    try {
      const queues = [...new Set(workers.flatMap((worker) => worker.queues))];
      // One row per queue: how long until its earliest waiting job is due (negative: due now, null: none).
      const { rows } = await sql<{ name: string; ms: string | number | null }>`${sql.join(
        queues.map(
          (queue) => sql`select ${queue}::text as name, extract(epoch from (
            select min(start_after) from pgboss.job where name = ${queue} and state < 'active') - now()) * 1000 as ms`,
        ),
        sql` union all `,
      )}`.execute(this.db);
      const due = new Set<string>();
      for (const row of rows) {
        if (row.ms === null) continue;
        const ms = Number(row.ms);
        if (ms <= 0) due.add(row.name);
        else next = Math.min(next, Date.now() + ms + DUE_MARGIN_MS);
      }
      for (const worker of workers) if (worker.queues.some((queue) => due.has(queue))) worker.wake(true);
    } catch {
      // The database is away: every worker looks for itself (its fetch finds nothing and it waits again).
      for (const worker of workers) worker.wake(true);
    }
    this.arm(next, true);
  }

  /** Looks at `at`, or earlier if a look is already due earlier (`reset`: at `at`, whatever was set). */
  private arm(at: number, reset = false): void {
    if (!reset && this.timer && at >= this.timerAt) return;
    this.disarm();
    if (this.watched.size === 0) return;
    this.timerAt = at;
    this.timer = setTimeout(
      () => {
        this.timer = undefined;
        this.timerAt = Number.POSITIVE_INFINITY;
        this.look();
      },
      Math.min(MAX_TIMER_MS, Math.max(0, at - Date.now())),
    );
  }

  private disarm(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.timerAt = Number.POSITIVE_INFINITY;
  }
}
