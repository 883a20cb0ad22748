import type { BrowserContext, Page } from 'playwright';
import type { WorkflowDetails } from '../../domain/workflowTypes.ts';
import type { ServerWorkflow } from '../../src/engine/WorkflowDraft.ts';
import { round } from '../benchServer.ts';
import { HISTORY_EDITS } from './builderSettings.ts';
import { stats } from './stats.ts';

async function harnessPage(context: BrowserContext, origin: string): Promise<Page> {
  const page = await context.newPage();
  page.on('pageerror', (error) => console.log(`harness page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      console.log(`harness console: ${message.text()}`);
  });
  await page.goto(`${origin}/__bench/engine.html`);
  await page.waitForFunction(() => '__builderBench' in window);
  return page;
}

const SERVER_WORKFLOW_KEYS = [
  'id',
  'name',
  'status',
  'flow',
  'trigger_id',
  'trigger_name',
  'email_id',
  'email_name',
  'list_id',
  'list_name',
  'sp_uuid',
  'newlyAddedNodes',
  'version',
] as const satisfies readonly (keyof ServerWorkflow)[];

export function serverWorkflowOf(details: WorkflowDetails): ServerWorkflow {
  return Object.fromEntries(SERVER_WORKFLOW_KEYS.map((key) => [key, details[key]])) as ServerWorkflow;
}

/** The engine figures: undo, cross-tab and reopen of the draft, in bench/builderEngineHarness.ts on the app's origin. */
export async function engineFigures(context: BrowserContext, origin: string, server: ServerWorkflow) {
  const a = await harnessPage(context, origin);
  const firstOpen = await a.evaluate((s) => window.__builderBench.open(s), server);
  console.log(
    `engine: first open of the ${firstOpen.flowNodes}-node draft (empty IndexedDB): ${round(firstOpen.ms)} ms`,
  );

  // Undo of the last of 200 edits, 5 rounds.
  const undos: number[] = [];
  let edits = 0;
  for (let roundIndex = 0; roundIndex < 5; roundIndex += 1) {
    await a.evaluate((tag) => window.__builderBench.edit(200, tag), `undo-round-${roundIndex}`);
    edits += 200;
    const undo = await a.evaluate(() => window.__builderBench.undoLast());
    if (!undo.undone) throw new Error('undo did nothing');
    undos.push(undo.ms);
  }
  const undo = stats(undos);
  console.log(
    `engine: undo of the last of 200 edits: median ${undo.median} ms, max ${undo.max} ms (5 rounds)`,
  );

  // Cross-tab: a second page on the same draft.
  const b = await harnessPage(context, origin);
  await b.evaluate((s) => window.__builderBench.open(s), server);
  const nodeId = await a.evaluate(() => window.__builderBench.firstStepId());
  const latencies: number[] = [];
  for (let i = 0; i < 30; i += 1) {
    const title = `cross-tab ${i}`;
    const seen = b.evaluate(({ nodeId, title }) => window.__builderBench.watchTitle(nodeId, title), {
      nodeId,
      title,
    });
    await b.evaluate(() => window.__builderBench.frames());
    const madeAt = await a.evaluate(({ nodeId, title }) => window.__builderBench.editTitle(nodeId, title), {
      nodeId,
      title,
    });
    latencies.push((await seen) - madeAt);
  }
  edits += 30;
  const crossTab = stats(latencies);
  console.log(
    `engine: another tab sees an edit after: median ${crossTab.median} ms, p95 ${crossTab.p95} ms, max ${crossTab.max} ms (30 edits)`,
  );
  await b.evaluate(() => window.__builderBench.close());
  await b.close();

  // 20,000 edits of history, then a reload and a timed reopen.
  const rest = HISTORY_EDITS - edits;
  const editing = await a.evaluate((n) => window.__builderBench.edit(n, 'history'), rest);
  edits += rest;
  await a.evaluate(() => window.__builderBench.close());
  console.log(`engine: ${edits} edits made (${round(editing.ms / rest, 3)} ms each), draft closed`);
  await a.reload();
  await a.waitForFunction(() => '__builderBench' in window);
  const stored = await a.evaluate((id) => window.__builderBench.storedUpdates(id), server.id);
  const reopen = await a.evaluate((s) => window.__builderBench.open(s), server);
  const lastTitle = `history ${rest - 1}`;
  const kept = await a.evaluate((title) => window.__builderBench.hasTitle(title), lastTitle);
  if (!kept || !reopen.differs) {
    console.log(
      `engine: WARNING the reopened draft does not show the last edit (kept ${kept}, differs ${reopen.differs})`,
    );
  }
  await a.evaluate(() => window.__builderBench.close());
  const idbOnly = await reloadAndLoadOnly(a, server.id);
  console.log(
    `engine: reopen after ${edits} edits in one burst, closed at once (y-indexeddb's compaction is debounced 1 s and did not run: ${stored} stored updates): WorkflowDraftStore.open ${round(reopen.ms)} ms; IndexedDB load alone ${round(idbOnly.ms)} ms (${idbOnly.bytes} bytes); the last edit is ${kept ? 'there' : 'MISSING'}`,
  );

  // The normal case: one more edit after the reopen, then a pause: y-indexeddb compacts its log.
  await a.evaluate((s) => window.__builderBench.open(s), server);
  await a.evaluate(() => window.__builderBench.edit(1, 'after-reopen'));
  edits += 1;
  const compacted = await a.evaluate((id) => window.__builderBench.waitForCompaction(id, 500), server.id);
  await a.evaluate(() => window.__builderBench.close());
  await a.reload();
  await a.waitForFunction(() => '__builderBench' in window);
  const reopenAfterPause = await a.evaluate((s) => window.__builderBench.open(s), server);
  const keptCompacted = await a.evaluate(() => window.__builderBench.hasTitle('after-reopen 0'));
  await a.evaluate(() => window.__builderBench.close());
  const idbCompacted = await reloadAndLoadOnly(a, server.id);
  console.log(
    `engine: reopen after ${edits} edits, the last one followed by a pause for y-indexeddb's compaction (${compacted} stored updates after the pause${compacted >= 500 ? ': it did NOT compact' : ''}): WorkflowDraftStore.open ${round(reopenAfterPause.ms)} ms; IndexedDB load alone ${round(idbCompacted.ms)} ms (${idbCompacted.bytes} bytes); the last edit is ${keptCompacted ? 'there' : 'MISSING'}`,
  );
  // The log compacted to one update (y-indexeddb's storeState, as the engine could do on close).
  await a.reload();
  await a.waitForFunction(() => '__builderBench' in window);
  const compactedCount = await a.evaluate((id) => window.__builderBench.compact(id), server.id);
  await a.reload();
  await a.waitForFunction(() => '__builderBench' in window);
  const reopenCompacted = await a.evaluate((s) => window.__builderBench.open(s), server);
  const keptAfterCompaction = await a.evaluate(() => window.__builderBench.hasTitle('after-reopen 0'));
  await a.evaluate(() => window.__builderBench.close());
  const idbAfterCompaction = await reloadAndLoadOnly(a, server.id);
  console.log(
    `engine: reopen of the same draft with its log compacted by y-indexeddb's storeState (${compactedCount} stored update(s)): WorkflowDraftStore.open ${round(reopenCompacted.ms)} ms; IndexedDB load alone ${round(idbAfterCompaction.ms)} ms; the last edit is ${keptAfterCompaction ? 'there' : 'MISSING'}`,
  );
  await a.close();
  return {
    engineFirstOpenMs: round(firstOpen.ms),
    undoLastOf200Ms: undo,
    crossTabMs: crossTab,
    historyEdits: edits,
    reopenAfterBurst: {
      storedUpdates: stored,
      openMs: round(reopen.ms),
      indexedDbLoadMs: round(idbOnly.ms),
      hasLastEdit: kept && reopen.differs,
    },
    reopenAfterPause: {
      storedUpdates: compacted,
      openMs: round(reopenAfterPause.ms),
      indexedDbLoadMs: round(idbCompacted.ms),
      hasLastEdit: keptCompacted && reopenAfterPause.differs,
    },
    reopenCompacted: {
      storedUpdates: compactedCount,
      openMs: round(reopenCompacted.ms),
      indexedDbLoadMs: round(idbAfterCompaction.ms),
      hasLastEdit: keptAfterCompaction && reopenCompacted.differs,
    },
  };
}

async function reloadAndLoadOnly(page: Page, workflowId: number) {
  await page.reload();
  await page.waitForFunction(() => '__builderBench' in window);
  return page.evaluate((id) => window.__builderBench.loadOnly(id), workflowId);
}
