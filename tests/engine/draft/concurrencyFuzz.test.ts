import { describe, expect, it } from 'vitest';
import { DESIGN_BLOCK_KINDS, emailDesignSchema } from '../../../domain/emailDesign.ts';
import { validateFlowStructure } from '../../../domain/workflowGraphRules.ts';
import type { ControlName } from '../../../domain/workflowTypes.ts';
import { addNode } from '../../../src/engine/commands/addNode.ts';
import { deleteNode } from '../../../src/engine/commands/deleteNode.ts';
import { editNode } from '../../../src/engine/commands/editNode.ts';
import { moveNode } from '../../../src/engine/commands/moveNode.ts';
import { deriveWorkflowTree } from '../../../src/engine/deriveWorkflowTree.ts';
import { addBlock } from '../../../src/engine/design/commands/addBlock.ts';
import { duplicateBlock } from '../../../src/engine/design/commands/duplicateBlock.ts';
import { moveBlock, moveBlockBy } from '../../../src/engine/design/commands/moveBlock.ts';
import { removeBlock } from '../../../src/engine/design/commands/removeBlock.ts';
import { setBlockProps } from '../../../src/engine/design/commands/setBlockProps.ts';
import { DESIGN_DRAFTS, type DesignDraft } from '../../../src/engine/design/DesignDraft.ts';
import { columnSlot } from '../../../src/engine/design/designDoc.ts';
import { WORKFLOW_DRAFTS, type WorkflowDraft } from '../../../src/engine/WorkflowDraft.ts';
import { readNodeRecords } from '../../../src/engine/workflowDoc.ts';
import { sampleDesign } from '../design/designFixtures.ts';
import { counterUuid, sampleFlow, serverWorkflow } from '../workflowFixtures.ts';
import { type FuzzEditor, fuzzThreeTabs } from './draftFuzz.ts';
import { LIST_DRAFTS, type ListDraft, removeItem, setItem } from './listDraft.ts';

const pick = <T>(list: readonly T[], next: () => number): T | undefined =>
  list[Math.floor(next() * list.length)];

/** The kernel on its own: a document of named text items. */
const list: FuzzEditor<ListDraft> = {
  kind: LIST_DRAFTS,
  server: () => ({ items: { a: 'one', b: 'two' }, version: 1 }),
  edit: (draft, next) => {
    const key = pick(['a', 'b', 'c', 'd', 'e'], next) as string;
    if (next() < 0.25) draft.run(removeItem, { key });
    else draft.run(setItem, { key, value: `v${Math.floor(next() * 1000)}` });
  },
  save: (draft, version) => {
    const prepared = draft.prepareSave();
    prepared.commit(version);
    return { items: prepared.items, version };
  },
  read: (draft) => draft.items(),
  check: (draft) =>
    expect(Object.values(draft.items()).every((value) => typeof value === 'string')).toBe(true),
};

const TYPES: ControlName[] = ['send email', 'add to list', 'delay', 'If / Else', 'end'];

/** The workflow builder: adds, deletes, moves and edits of steps. */
const workflow = (uuid = counterUuid('f')): FuzzEditor<WorkflowDraft> => ({
  kind: WORKFLOW_DRAFTS,
  server: () => serverWorkflow(sampleFlow()),
  edit: (draft, next) => {
    const flow = draft.getSnapshot().flow;
    const ids = Object.keys(flow);
    const roll = next();
    if (roll < 0.55 || ids.length === 0) {
      const parentId = ids.length === 0 ? null : (pick(ids, next) as string);
      const slot = (parentId && flow[parentId]?.kind === 'CONDITION' ? Math.floor(next() * 2) : 0) as 0 | 1;
      draft.run(addNode, {
        at: { parentId, slot },
        type: pick(TYPES, next) as ControlName,
        randomUuid: uuid,
      });
    } else if (roll < 0.65) draft.run(deleteNode, { nodeId: pick(ids, next) as string });
    else if (roll < 0.8) {
      const target = pick(ids, next) as string;
      const slot = (flow[target]?.kind === 'CONDITION' ? Math.floor(next() * 2) : 0) as 0 | 1;
      const scope = next() < 0.5 ? 'node' : 'subtree';
      draft.run(moveNode, { nodeId: pick(ids, next) as string, to: { parentId: target, slot }, scope });
    } else {
      const patch = { title: `t${Math.floor(next() * 1000)}` };
      draft.run(editNode, { nodeId: pick(ids, next) as string, patch }, { merge: next() < 0.5 });
    }
  },
  save: (draft, version) => {
    const { flow, meta, newlyAdded } = draft.getSnapshot();
    draft.prepareSave().commit({ version, status: meta.status });
    return { ...serverWorkflow(flow), name: meta.name, newlyAddedNodes: newlyAdded, version };
  },
  read: (draft) => draft.getSnapshot().flow,
  check: (draft) => expect(validateFlowStructure(draft.getSnapshot().flow)).toEqual([]),
  settled: (draft) => {
    // Nothing live is lost, except what the documented rules hide (under a deleted If / Else, or a second
    // end in one slot).
    const records = readNodeRecords(draft.doc);
    const underDeletedCondition = (id: string): boolean => {
      let current = records.get(id)?.parentId ?? null;
      for (let steps = 0; current !== null && steps <= records.size; steps += 1) {
        const record = records.get(current);
        if (!record) return false;
        if (record.removed && record.kind === 'CONDITION' && record.mergedInto === null) return true;
        current = record.parentId;
      }
      return false;
    };
    for (const id of deriveWorkflowTree(records).hidden) {
      expect(records.get(id)?.type === 'end' || underDeletedCondition(id), `hidden ${id}`).toBe(true);
    }
  },
});

/** The email designer: adds, removes, duplicates, moves (into columns too) and edits of blocks. */
const design: FuzzEditor<DesignDraft> = {
  kind: DESIGN_DRAFTS,
  server: () => ({ versionName: 'Issue 1', design: sampleDesign(), savedAt: null }),
  edit: (draft, next) => {
    const layout = draft.getLayout();
    const ids = Object.keys(layout.parentOf);
    const roll = next();
    const any = () => pick(ids, next) as string;
    if (roll < 0.3 || ids.length === 0)
      draft.run(addBlock, { kind: pick(DESIGN_BLOCK_KINDS, next) ?? 'text', index: Math.floor(next() * 8) });
    else if (roll < 0.42) draft.run(removeBlock, { id: any() });
    else if (roll < 0.52) draft.run(duplicateBlock, { id: any() });
    else if (roll < 0.64) draft.run(moveBlock, { id: any(), index: Math.floor(next() * 10) });
    else if (roll < 0.72) draft.run(moveBlockBy, { id: any(), delta: next() < 0.5 ? -1 : 1 });
    else if (roll < 0.8) {
      const target = pick(Object.keys(layout.columns), next);
      if (target) draft.run(moveBlock, { id: any(), parent: columnSlot(target, 0), index: 0 });
    } else if (roll < 0.86) draft.rename(`Issue ${Math.floor(next() * 100)}`);
    else {
      const id = any();
      const props =
        draft.getBlock(id)?.kind === 'text'
          ? { html: `<p>t${Math.floor(next() * 1000)}</p>` }
          : { align: pick(['left', 'center', 'right'] as const, next) };
      draft.run(setBlockProps, { id, props });
    }
  },
  save: (draft, version) => {
    const savedAt = `2026-01-01T00:00:${String(version % 60).padStart(2, '0')}Z`;
    const prepared = draft.prepareSave();
    prepared.commit(savedAt);
    return { versionName: prepared.versionName, design: prepared.design, savedAt };
  },
  read: (draft) => ({ design: draft.getDesign(), versionName: draft.getVersionName() }),
  check: (draft) => {
    const current = draft.getDesign();
    const seen = new Set<string>();
    for (const block of current.blocks) {
      const all = block.kind === 'columns' ? [block, ...block.columns.flat()] : [block];
      for (const item of all) {
        expect(seen.has(item.id), `duplicated ${item.id}`).toBe(false);
        seen.add(item.id);
      }
    }
    const parsed = emailDesignSchema.safeParse({ ...current, blocks: current.blocks.slice(0, 200) });
    expect(parsed.error?.issues ?? []).toEqual([]);
  },
};

describe('three tabs editing one draft at once (seeded): the kernel and both editors', () => {
  for (const seed of [1, 2, 3, 4]) {
    it(`the kernel, seed ${seed}: the tabs converge and agree on unsaved changes`, async () => {
      const tabs = await fuzzThreeTabs(list, seed, 200);
      for (const tab of tabs) await tab.close();
    });
  }
  for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
    it(`the workflow builder, seed ${seed}: every tab keeps a valid workflow and all converge`, async () => {
      const tabs = await fuzzThreeTabs(workflow(), seed, 200);
      for (const tab of tabs) await tab.close();
    });
  }
  for (const seed of [1, 2, 3, 4, 5, 6]) {
    it(`the email designer, seed ${seed}: every tab keeps a valid design, no block is duplicated, all converge`, async () => {
      const tabs = await fuzzThreeTabs(design, seed, 150);
      for (const tab of tabs) await tab.close();
    });
  }
});
