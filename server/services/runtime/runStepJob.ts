import { type Kysely, sql, type Transaction } from 'kysely';
import type { WorkflowFlow } from '../../../domain/workflowTypes.ts';
import type { Database, EnrolmentStatus } from '../../db/schema.ts';
import { type Advance, advanceEnrolment, type HistoryItem } from './advanceEnrolment.ts';
import { dbPorts } from './dbPorts.ts';
import type { Clock, MailPort, StepPorts } from './runtimePorts.ts';
import { newJobId, type StepJobData, type StepScheduler } from './stepScheduler.ts';

/** Attempts of a failing step before its enrolment is marked failed. */
export const MAX_STEP_ATTEMPTS = 5;

/** The flows of workflows by version, so a step does not read a large flow again until it changes. */
export class FlowCache {
  private readonly flows = new Map<number, { version: number; flow: Promise<WorkflowFlow> }>();

  get(trx: Transaction<Database>, workflowId: number, version: number): Promise<WorkflowFlow> {
    const hit = this.flows.get(workflowId);
    if (hit && hit.version === version) return hit.flow;
    const flow = trx
      .selectFrom('workflow')
      .select(['flow', 'version'])
      .where('id', '=', workflowId)
      .executeTakeFirstOrThrow()
      .then((row) => {
        // A newer version read meanwhile stays; a failed read is forgotten.
        if (row.version !== version) this.flows.delete(workflowId);
        return row.flow;
      });
    flow.catch(() => this.flows.delete(workflowId));
    this.flows.set(workflowId, { version, flow });
    return flow;
  }
}

export type StepDeps = {
  db: Kysely<Database>;
  scheduler: StepScheduler;
  clock: Clock;
  flows: FlowCache;
  /** Production: queueMarketingEmail; tests may record instead. */
  mail?: (trx: Transaction<Database>) => MailPort;
};

export type StepJobResult = { kind: 'stale' } | { kind: 'held' } | { kind: 'advanced'; advance: Advance };

type HistoryOwner = { id: number; workflow_id: number; contact_id: number };

/** A workflow_step_history row of an enrolment's history item. */
function historyRow(enrolment: HistoryOwner, item: HistoryItem) {
  return {
    enrolment_id: enrolment.id,
    workflow_id: enrolment.workflow_id,
    contact_id: enrolment.contact_id,
    node_id: item.nodeId,
    outcome: item.outcome,
    detail: item.detail ? JSON.stringify(item.detail) : null,
    at: item.at,
  };
}

async function insertHistory(
  trx: Transaction<Database>,
  enrolment: HistoryOwner,
  items: readonly HistoryItem[],
): Promise<void> {
  if (items.length === 0) return;
  await trx
    .insertInto('workflow_step_history')
    .values(items.map((item) => historyRow(enrolment, item)))
    .execute();
}

function enrolmentQuery(trx: Transaction<Database>) {
  return trx
    .selectFrom('workflow_enrolment as e')
    .innerJoin('workflow as w', 'w.id', 'e.workflow_id')
    .select([
      'e.id',
      'e.org_id',
      'e.workflow_id',
      'e.contact_id',
      'e.status',
      'e.current_node',
      'e.step_seq',
      'e.enrolled_at',
      'e.chain',
      'e.attempts',
      'w.status as workflow_status',
      'w.version',
    ]);
}

type LockedEnrolment = NonNullable<Awaited<ReturnType<typeof lockEnrolment>>>;

function lockEnrolment(trx: Transaction<Database>, enrolmentId: number) {
  return enrolmentQuery(trx).where('e.id', '=', enrolmentId).forUpdate('e').executeTakeFirst();
}

/** Locks the enrolments of a batch with one statement, in id order. */
async function lockEnrolments(trx: Transaction<Database>, ids: readonly number[]) {
  const rows = await enrolmentQuery(trx)
    .where('e.id', 'in', [...new Set(ids)])
    .orderBy('e.id')
    .forUpdate('e')
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}

type EnrolmentUpdate = {
  id: number;
  status: EnrolmentStatus;
  current_node: string;
  step_seq: number;
  next_due_at: string | null;
  job_id: string | null;
  updated_at: string;
  finished_at: string | null;
};

type Pending = {
  /** The ports of the transaction's steps (shared, so their calls are batched). */
  ports: StepPorts;
  history: { enrolment: { id: number; workflow_id: number; contact_id: number }; items: HistoryItem[] }[];
  jobs: Parameters<StepScheduler['schedule']>[1][number][];
  updates: EnrolmentUpdate[];
  /** Per-transaction memo of lookups that do not change within it (list owners, list workflows). */
  memo: Map<string, unknown>;
};

function newPending(trx: Transaction<Database>, deps: StepDeps): Pending {
  const memo = new Map<string, unknown>();
  return {
    ports: dbPorts(trx, deps.scheduler, deps.clock, deps.mail?.(trx), memo),
    history: [],
    jobs: [],
    updates: [],
    memo,
  };
}

/** Writes what the steps of a transaction produced: their history rows and next jobs, one statement each. */
async function flush(trx: Transaction<Database>, deps: StepDeps, pending: Pending): Promise<void> {
  if (pending.updates.length > 0) {
    await sql`
      update workflow_enrolment e set status = v.status, current_node = v.current_node,
        step_seq = v.step_seq, next_due_at = v.next_due_at, job_id = v.job_id, attempts = 0,
        last_error = null, updated_at = v.updated_at, finished_at = v.finished_at
      from jsonb_to_recordset(${JSON.stringify(pending.updates)}::jsonb) as v(id int, status text,
        current_node text, step_seq int, next_due_at timestamptz, job_id uuid, updated_at timestamptz,
        finished_at timestamptz)
      where e.id = v.id`.execute(trx);
  }
  const rows = pending.history.flatMap(({ enrolment, items }) => items.map((item) => ({ enrolment, item })));
  if (rows.length > 0) {
    await trx
      .insertInto('workflow_step_history')
      .values(rows.map(({ enrolment, item }) => historyRow(enrolment, item)))
      .execute();
  }
  await deps.scheduler.schedule(trx, pending.jobs);
}

/**
 * One step job inside the caller's transaction: locks the enrolment; does nothing when the job is stale
 * (the enrolment has moved on or ended: a retried or duplicated job); holds the enrolment when the
 * workflow is not active; otherwise runs the due steps (advanceEnrolment with the database ports: sends
 * and list additions happen in this transaction) and moves the enrolment. Its history rows and next job
 * are added to `pending`, written by flush() before the same transaction commits.
 */
async function stepInTransaction(
  trx: Transaction<Database>,
  deps: StepDeps,
  data: StepJobData,
  pending: Pending,
  row: LockedEnrolment | undefined,
): Promise<StepJobResult> {
  if (!row || row.step_seq !== data.s || (row.status !== 'running' && row.status !== 'waiting')) {
    return { kind: 'stale' } as const;
  }
  let workflowStatus = row.workflow_status;
  if (workflowStatus !== 'active') {
    // Read again under a share lock: a resume committing now either sees this hold or is seen here.
    const locked = await trx
      .selectFrom('workflow')
      .select('status')
      .where('id', '=', row.workflow_id)
      .forShare()
      .executeTakeFirstOrThrow();
    workflowStatus = locked.status;
  }
  const now = deps.clock.now();
  if (workflowStatus !== 'active') {
    await trx
      .updateTable('workflow_enrolment')
      .set({ status: 'held', resume_status: row.status, job_id: null, updated_at: now })
      .where('id', '=', row.id)
      .execute();
    pending.history.push({
      enrolment: row,
      items: [
        { nodeId: row.current_node, outcome: 'held', at: now, detail: { workflow_status: workflowStatus } },
      ],
    });
    return { kind: 'held' } as const;
  }
  const flow = await deps.flows.get(trx, row.workflow_id, row.version);
  const advance = await advanceEnrolment(
    flow,
    {
      id: row.id,
      orgId: row.org_id,
      workflowId: row.workflow_id,
      contactId: row.contact_id,
      currentNode: row.current_node,
      status: row.status,
      enrolledAt: row.enrolled_at,
      chain: row.chain,
    },
    pending.ports,
  );
  const live = advance.status === 'running' || advance.status === 'waiting';
  const jobId = live ? newJobId() : null;
  const seq = row.step_seq + 1;
  const at = deps.clock.now().toISOString();
  pending.updates.push({
    id: row.id,
    status: advance.status,
    current_node: advance.node,
    step_seq: seq,
    next_due_at: advance.dueAt ? advance.dueAt.toISOString() : null,
    job_id: jobId,
    updated_at: at,
    finished_at: live ? null : at,
  });
  pending.history.push({ enrolment: row, items: advance.history });
  if (jobId && advance.dueAt) {
    pending.jobs.push({ jobId, enrolmentId: row.id, seq, dueAt: advance.dueAt, continuing: true });
  }
  return { kind: 'advanced', advance } as const;
}

/** Runs in the step transaction just before it commits (the runtime completes the pg-boss jobs there). */
export type BeforeCommit = (trx: Transaction<Database>) => Promise<void>;

/**
 * Runs one step job in ONE transaction (stepInTransaction, then its history and next pg-boss job in the
 * same transaction). A crash before commit leaves everything as it was (the job is retried); after
 * commit, the retried job is stale. So no step is skipped or repeated.
 */
export async function runStepJob(
  deps: StepDeps,
  data: StepJobData,
  beforeCommit?: BeforeCommit,
): Promise<StepJobResult> {
  const [result] = await runStepBatch(deps, [data], beforeCommit);
  return result ?? { kind: 'stale' };
}

/**
 * Runs a batch of step jobs in one transaction (fewer commits and round trips under load), enrolments
 * locked in id order so that concurrent batches cannot deadlock. The steps run side by side, so the
 * ports answer the sends, event checks and list additions of a round with one statement each. All or
 * nothing: when any step throws, the batch is rolled back and the caller runs its jobs one by one
 * (runStepJob) to isolate the failure.
 */
export async function runStepBatch(
  deps: StepDeps,
  jobs: readonly StepJobData[],
  beforeCommit?: BeforeCommit,
): Promise<StepJobResult[]> {
  const ordered = [...jobs].sort((a, b) => a.e - b.e || a.s - b.s);
  const results = await deps.db.transaction().execute(async (trx) => {
    const pending = newPending(trx, deps);
    const rows = await lockEnrolments(
      trx,
      ordered.map((data) => data.e),
    );
    const seen = new Set<number>();
    const runs = ordered.map((data) => {
      // Two jobs of one enrolment in a batch: only the first one made for its step_seq runs.
      const row = seen.has(data.e) ? undefined : rows.get(data.e);
      if (row && row.step_seq === data.s) seen.add(data.e);
      return stepInTransaction(trx, deps, data, pending, row);
    });
    const settled = await Promise.allSettled(runs);
    const failed = settled.find((outcome) => outcome.status === 'rejected');
    if (failed) throw failed.reason;
    const out = new Map<StepJobData, StepJobResult>();
    for (const [i, data] of ordered.entries()) {
      const outcome = settled[i];
      if (outcome?.status === 'fulfilled') out.set(data, outcome.value);
    }
    await flush(trx, deps, pending);
    await beforeCommit?.(trx);
    return out;
  });
  return jobs.map((data) => results.get(data) ?? { kind: 'stale' });
}

/**
 * A step that threw (its transaction rolled back, nothing of it happened): counts the attempt and
 * schedules a retry with backoff (2, 4, 8, 16 s), or after MAX_STEP_ATTEMPTS marks the enrolment failed
 * with the error in its history.
 */
export async function recordStepFailure(
  deps: StepDeps,
  data: StepJobData,
  error: unknown,
  beforeCommit?: BeforeCommit,
): Promise<void> {
  const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
  await deps.db.transaction().execute(async (trx) => {
    await failureInTransaction(trx, deps, data, message);
    await beforeCommit?.(trx);
  });
}

async function failureInTransaction(
  trx: Transaction<Database>,
  deps: StepDeps,
  data: StepJobData,
  message: string,
): Promise<void> {
  const row = await lockEnrolment(trx, data.e);
  if (!row || row.step_seq !== data.s || (row.status !== 'running' && row.status !== 'waiting')) return;
  const attempts = row.attempts + 1;
  const now = deps.clock.now();
  if (attempts >= MAX_STEP_ATTEMPTS) {
    await trx
      .updateTable('workflow_enrolment')
      .set({
        status: 'failed',
        attempts,
        last_error: message,
        job_id: null,
        updated_at: now,
        finished_at: now,
      })
      .where('id', '=', row.id)
      .execute();
    await insertHistory(trx, row, [
      { nodeId: row.current_node, outcome: 'failed', at: now, detail: { error: message, attempts } },
    ]);
    return;
  }
  const jobId = newJobId();
  const dueAt = new Date(now.getTime() + 2 ** attempts * 1000);
  await trx
    .updateTable('workflow_enrolment')
    .set({ attempts, last_error: message, job_id: jobId, updated_at: now })
    .where('id', '=', row.id)
    .execute();
  await insertHistory(trx, row, [
    { nodeId: row.current_node, outcome: 'error', at: now, detail: { error: message, attempts } },
  ]);
  await deps.scheduler.schedule(trx, [
    { jobId, enrolmentId: row.id, seq: row.step_seq, dueAt, continuing: row.step_seq > 0 },
  ]);
}
