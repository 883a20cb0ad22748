import { afterAll, beforeAll } from 'vitest';
import type { WorkflowRuntime } from '../../../server/services/runtime/WorkflowRuntime.ts';
import { type Session, signIn } from '../../helpers/testApp.ts';
import { pauseSeededWorkflows } from './runtimeDb.ts';
import { createRuntimeApp, type RuntimeTestApp, type TestClock } from './runtimeKit.ts';

export type RuntimeFixture = { t: RuntimeTestApp; runtime: WorkflowRuntime; demo: Session };

/**
 * For a test file: before its tests, a runtime test app on the clock (2 loops, batches of 20) with the
 * seeded workflows paused (only the file's own workflows react to its events) and a demo user session,
 * handed to `ready`; after them, the app closed.
 */
export function runtimeAppFixture(clock: TestClock, ready: (fixture: RuntimeFixture) => void): void {
  let t: RuntimeTestApp | undefined;
  beforeAll(async () => {
    t = await createRuntimeApp({ clock, loops: 2, batchSize: 20 });
    await pauseSeededWorkflows(t.database);
    ready({ t, runtime: t.app.workflowRuntime as WorkflowRuntime, demo: await signIn(t.app) });
  });
  afterAll(async () => {
    await t?.close();
  });
}
