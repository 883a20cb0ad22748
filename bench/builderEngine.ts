/**
 * Engine-level figures for the builder, in Node, without a browser: the costs the canvas adds
 * on top of. Run: npx tsx bench/builderEngine.ts
 * Prints one line per figure and, last, one JSON object with all of them (milliseconds of wall time;
 * the run also prints the process CPU time of the whole benchmark, a steadier figure on a busy machine).
 * The browser benchmark (npm run bench:builder) measures the whole page; this isolates the engine.
 */
import { performance } from 'node:perf_hooks';
import * as Y from 'yjs';
import type { ControlName, FlowNode, WorkflowFlow } from '../domain/workflowTypes.ts';
import { buildCanvasModel, createCanvasModelBuilder } from '../src/engine/buildCanvasModel.ts';
import { addNode } from '../src/engine/commands/addNode.ts';
import { editNode } from '../src/engine/commands/editNode.ts';
import { createFlowReader } from '../src/engine/createFlowReader.ts';
import { docToFlow } from '../src/engine/docToFlow.ts';
import { createUndoStore } from '../src/engine/draft/createUndoStore.ts';
import { runCommand } from '../src/engine/draft/runCommand.ts';
import { createNodeDetail, kindOf } from '../src/engine/nodeDefaults.ts';
import { EMPTY_META, workflowUndoScope } from '../src/engine/workflowDoc.ts';
import { flowToDoc } from '../src/engine/writeFlowToDoc.ts';

function generate(count: number): WorkflowFlow {
  const flow: WorkflowFlow = {};
  const open: { id: string; slot: number }[] = [];
  let made = 0;
  const make = (type: ControlName, parentId: string | null, direction: FlowNode['direction']): string => {
    const id = made === 0 ? '0' : `n${made}`;
    made += 1;
    flow[id] = {
      nodeId: id,
      kind: kindOf(type),
      type,
      parentId,
      direction,
      childNodes: type === 'If / Else' ? ['', ''] : [],
      detail: createNodeDetail(
        type,
        id,
        type === 'send email' ? { emailId: 100 + made, designReady: true } : {},
      ),
    };
    return id;
  };
  open.push({ id: make('send email', null, null), slot: 0 });
  while (made < count && open.length > 0) {
    const at = open.shift() as { id: string; slot: number };
    const parent = flow[at.id] as FlowNode;
    const type: ControlName =
      made % 7 === 3 ? 'If / Else' : made % 3 === 0 ? 'send email' : made % 3 === 1 ? 'delay' : 'add to list';
    const direction = parent.kind === 'CONDITION' ? (at.slot === 0 ? 'left' : 'right') : null;
    const id = make(made >= count - 1 ? 'end' : type, at.id, direction);
    if (parent.kind === 'CONDITION') parent.childNodes[at.slot] = id;
    else parent.childNodes = [id];
    const node = flow[id] as FlowNode;
    if (node.type === 'If / Else') open.push({ id, slot: 0 }, { id, slot: 1 });
    else if (node.type !== 'end') open.push({ id, slot: 0 });
  }
  return flow;
}

function time<T>(fn: () => T): [T, number] {
  const start = performance.now();
  const value = fn();
  return [value, performance.now() - start];
}

function median(fn: () => unknown, runs = 5): number {
  const times: number[] = [];
  for (let run = 0; run < runs; run += 1) times.push(time(fn)[1]);
  return [...times].sort((a, b) => a - b)[Math.floor(runs / 2)] as number;
}

function p95(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] as number;
}

const round = (ms: number) => Math.round(ms * 100) / 100;
const figures: Record<string, number> = {};
const record = (name: string, ms: number) => {
  figures[name] = round(ms);
  console.log(`${name}: ${round(ms)} ms`);
};

const cpuStart = process.cpuUsage();
const flow = generate(500);
const context = { meta: { ...EMPTY_META, trigger_id: 7 as const } };
for (let warm = 0; warm < 5; warm += 1) buildCanvasModel(docToFlow(flowToDoc(flow)), context);

const [doc, loadMs] = time(() => flowToDoc(flow));
record('load500FlowIntoDoc', loadMs);
const [flowBack, toFlowMs] = time(() => docToFlow(doc));
record('docToFlow500', toFlowMs);
if (Object.keys(flowBack).length !== 500)
  throw new Error(`expected 500 nodes, got ${Object.keys(flowBack).length}`);
const [, layoutMs] = time(() => buildCanvasModel(flowBack, context));
record('layout500Cold', layoutMs);

// One add as the page does it (WorkflowDraft): command, then the incremental flow + memoised canvas.
const builder = createCanvasModelBuilder();
const reader = createFlowReader(doc);
builder(reader.read(), context);
const undo = createUndoStore(workflowUndoScope(doc));
const addTimes: number[] = [];
const leaves = Object.values(docToFlow(doc))
  .filter((n) => n.type === 'delay')
  .map((n) => n.nodeId);
for (let index = 0; index < 50; index += 1) {
  const [, ms] = time(() => {
    runCommand(doc, addNode, {
      at: { parentId: leaves[index % leaves.length] as string, slot: 0 },
      type: 'delay',
    });
    undo.stopCapturing();
    builder(reader.read(), context);
  });
  addTimes.push(ms);
}
record('addNodeCommitAndModelP95', p95(addTimes));
const editTimes: number[] = [];
for (let index = 0; index < 50; index += 1) {
  const [, ms] = time(() => {
    runCommand(doc, editNode, { nodeId: '0', patch: { title: `Title ${index}` } });
    builder(reader.read(), context);
  });
  editTimes.push(ms);
}
record('detailEditAndModelP95', p95(editTimes));

// Undo the last of 200 edits.
const undoDoc = flowToDoc(flow);
const undo200 = createUndoStore(workflowUndoScope(undoDoc));
const undoReader = createFlowReader(undoDoc);
const undoBuilder = createCanvasModelBuilder();
undoBuilder(undoReader.read(), context);
for (let index = 0; index < 200; index += 1) {
  runCommand(undoDoc, editNode, { nodeId: `n${1 + (index % 400)}`, patch: { title: `Edit ${index}` } });
  undo200.stopCapturing();
}
const [, undoMs] = time(() => {
  undo200.undo();
  undoBuilder(undoReader.read(), context);
});
record('undoLastOf200AndModel', undoMs);

// 20,000 edits of history: reopen from the raw update log and from a merged one (y-indexeddb merges at 500).
const historyDoc = flowToDoc(flow);
const log: Uint8Array[] = [Y.encodeStateAsUpdate(historyDoc)];
historyDoc.on('update', (update: Uint8Array) => log.push(update));
for (let index = 0; index < 20_000; index += 1) {
  runCommand(historyDoc, editNode, { nodeId: `n${1 + (index % 499)}`, patch: { title: `History ${index}` } });
}
const rawMs = median(() => {
  const reopened = new Y.Doc();
  reopened.transact(() => {
    for (const update of log) Y.applyUpdate(reopened, update);
  });
  return docToFlow(reopened);
});
record('reopen20000EditsRawLog', rawMs);
const merged: Uint8Array[] = [];
for (let index = 0; index < log.length; index += 500)
  merged.push(Y.mergeUpdates(log.slice(index, index + 500)));
const mergedMs = median(() => {
  const reopened = new Y.Doc();
  reopened.transact(() => {
    for (const update of merged) Y.applyUpdate(reopened, update);
  });
  return docToFlow(reopened);
});
record('reopen20000EditsMergedLog', mergedMs);
const stateMs = median(() => {
  const reopened = new Y.Doc();
  Y.applyUpdate(reopened, Y.encodeStateAsUpdate(historyDoc));
  return docToFlow(reopened);
});
record('reopen20000EditsCompacted', stateMs);
figures.history20000Bytes = Y.encodeStateAsUpdate(historyDoc).byteLength;
console.log(`history20000Bytes: ${figures.history20000Bytes}`);

// Tab relay: encode and apply one edit in another doc.
const other = new Y.Doc();
Y.applyUpdate(other, Y.encodeStateAsUpdate(doc));
let relayed: Uint8Array | null = null;
doc.on('update', (update: Uint8Array) => {
  relayed = update;
});
const [, relayMs] = time(() => {
  runCommand(doc, editNode, { nodeId: 'n7', patch: { title: 'relayed' } });
  Y.applyUpdate(other, relayed as unknown as Uint8Array);
  return docToFlow(other);
});
record('relayOneEditToOtherDoc', relayMs);

const cpu = process.cpuUsage(cpuStart);
figures.totalCpuMs = Math.round((cpu.user + cpu.system) / 1000);
console.log(JSON.stringify(figures));
