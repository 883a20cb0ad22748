/**
 * Test fixture (not a test): a runtime process on a PGlite data folder, for the SIGKILL test. PGlite is
 * one process per folder, so this process reports its progress itself: a line "progress <sends>
 * <finished> <enrolments>" every 100 ms on stdout.
 */
import { sql } from 'kysely';
import { openDatabase } from '../../../server/db/openDatabase.ts';
import { WorkflowRuntime } from '../../../server/services/runtime/WorkflowRuntime.ts';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: pgliteWorkerProcess.ts <data dir>');
const database = await openDatabase({ dataDir });
const runtime = await WorkflowRuntime.start({
  database,
  loops: 2,
  batchSize: 5,
  pollingIntervalSeconds: 0.5,
  expireInSeconds: 2,
  maintenanceIntervalSeconds: 1,
  sweepIntervalMs: 300,
  log: () => {},
});
const report = async () => {
  const { rows } = await sql<{ sends: number; finished: number; total: number }>`
    select (select count(*)::int from email_send) as sends,
           (select count(*)::int from workflow_enrolment where status in ('completed', 'exited', 'failed')) as finished,
           (select count(*)::int from workflow_enrolment) as total`.execute(database.db);
  const row = rows[0];
  if (row) process.stdout.write(`progress ${row.sends} ${row.finished} ${row.total}\n`);
};
const timer = setInterval(() => void report().catch(() => {}), 100);
process.on('SIGTERM', () => {
  clearInterval(timer);
  void runtime
    .stop()
    .then(() => database.close())
    .then(() => process.exit(0));
});
