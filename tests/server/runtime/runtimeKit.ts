import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { inject } from 'vitest';
import { buildApp } from '../../../server/app.ts';
import { type AppConfig, loadConfig } from '../../../server/config.ts';
import type { DatabaseHandle } from '../../../server/db/openDatabase.ts';
import { prepareDatabase } from '../../../server/db/prepareDatabase.ts';
import type { RuntimeOptions } from '../../../server/services/runtime/WorkflowRuntime.ts';
import type { WorkflowFlow } from '../../../src/domain/workflowTypes.ts';
import { readPgliteTemplate } from '../../helpers/pgliteTemplate.ts';
import { throwAwayDatabase } from '../../helpers/throwAwayDatabase.ts';

/** A clock the test moves: starts at `start`, moves only when told. */
export class TestClock {
  private at: number;
  constructor(start = Date.now()) {
    this.at = start;
  }
  now = () => new Date(this.at);
  set(ms: number) {
    this.at = ms;
  }
  advance(ms: number) {
    this.at += ms;
  }
}

export type RuntimeTestApp = {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: AppConfig;
  databaseUrl: string | undefined;
  close: () => Promise<void>;
};

/**
 * A seeded app (like tests/helpers/testApp.ts) that runs the workflow runtime with fast polling and an
 * injected clock. DELIVERY_WORKER is off unless env turns it on, so the tests decide which events happen.
 */
export async function createRuntimeApp(
  runtime: Omit<RuntimeOptions, 'database' | 'databaseUrl'>,
  env: Record<string, string> = {},
): Promise<RuntimeTestApp> {
  const throwAway = await throwAwayDatabase('wb_rt');
  const config = loadConfig({
    DELIVERY_WORKER: 'false',
    ...env,
    LOG_LEVEL: 'silent',
    ...(throwAway ? { DATABASE_URL: throwAway.url } : {}),
  } as NodeJS.ProcessEnv);
  const template = throwAway ? undefined : readPgliteTemplate(inject('pgliteTemplate'));
  const { database } = await prepareDatabase({ databaseUrl: throwAway?.url, dataDir: 'memory://', template });
  const app = await buildApp({
    config,
    database,
    logger: false,
    workflowRuntime: {
      pollingIntervalSeconds: 0.5,
      sweepIntervalMs: 300,
      maintenanceIntervalSeconds: 1,
      ...runtime,
    },
  });
  await app.ready();
  return {
    app,
    database,
    config,
    databaseUrl: throwAway?.url,
    close: async () => {
      await app.close();
      await database.close();
      await throwAway?.drop();
    },
  };
}

/** Polls until check() returns a value that is not undefined (or fails after timeoutMs). */
export async function eventually<T>(
  check: () => Promise<T | undefined>,
  what: string,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${what}${last ? `: ${String(last)}` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Moves the clock and makes the step jobs due within that time runnable now (pg-boss uses the DB clock). */
export async function travel(database: DatabaseHandle, clock: TestClock, ms: number): Promise<void> {
  clock.advance(ms);
  await sql`update pgboss.job set start_after = start_after - ${`${ms} milliseconds`}::interval
            where name in ('workflow-step', 'workflow-step-later') and state in ('created', 'retry')`.execute(
    database.db,
  );
}

type NodeSpec =
  | { type: 'send email'; emailId: number; spUuid?: string }
  | { type: 'add to list'; listId: number }
  | { type: 'delay'; duration?: { value: number; unit: 'minutes' | 'hours' | 'days' | 'weeks' } }
  | {
      type: 'delay';
      waitUntil: { dayOption: 'all' | 'business'; days: string[]; hour: number; timezone: string };
    }
  | { type: 'end' };

/**
 * A flow from a list of steps (ids "0", "1", ...), each the child of the previous; an If / Else at
 * position i given as { ifElse: conditions, connector, yes: steps, no: steps } builds both branches.
 */
export type Step =
  | NodeSpec
  | {
      type: 'If / Else';
      conditions: import('../../../src/domain/workflowTypes.ts').Condition[];
      connector?: 'AND' | 'OR';
      yes: Step[];
      no: Step[];
    };

export function buildFlow(steps: Step[]): WorkflowFlow {
  const flow: WorkflowFlow = {};
  let counter = 0;
  const add = (list: Step[], parentId: string | null, direction: 'left' | 'right' | null): string => {
    if (list.length === 0) return '';
    const [step, ...rest] = list as [Step, ...Step[]];
    const nodeId = String(counter++);
    const isCondition = step.type === 'If / Else';
    const detail: WorkflowFlow[string]['detail'] = {
      controlName: step.type,
      controlType: isCondition ? 'condition' : 'action',
      controlId: { 'send email': 1, 'add to list': 2, delay: 3, end: 4, 'If / Else': 5 }[step.type],
      nodeId,
      title: `${step.type} ${nodeId}`,
      nodeTitle: step.type,
      error: false,
    };
    if (step.type === 'send email') {
      detail.emailId = step.emailId;
      if (step.spUuid) detail.sp_uuid = step.spUuid;
    }
    if (step.type === 'add to list') detail.list = { id: step.listId, name: `List ${step.listId}` };
    if (step.type === 'delay') {
      if ('waitUntil' in step) {
        detail.radioValue = 2;
        detail.waitUntil = step.waitUntil;
      } else {
        detail.radioValue = 1;
        detail.duration = step.duration ?? null;
      }
    }
    if (step.type === 'If / Else') {
      detail.conditions = step.conditions;
      detail.connector = step.connector ?? 'AND';
    }
    flow[nodeId] = {
      nodeId,
      kind: isCondition ? 'CONDITION' : 'ACTION',
      type: step.type,
      parentId,
      direction,
      childNodes: [],
      detail,
    };
    const node = flow[nodeId];
    if (!node) throw new Error('unreachable');
    if (step.type === 'If / Else') {
      node.childNodes = [add(step.yes, nodeId, 'left'), add(step.no, nodeId, 'right')];
    } else if (step.type !== 'end') {
      const next = add(rest, nodeId, null);
      node.childNodes = next ? [next] : [];
    }
    return nodeId;
  };
  add(steps, null, null);
  return flow;
}
