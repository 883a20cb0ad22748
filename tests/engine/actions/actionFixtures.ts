import type { WorkflowFlow } from '../../../domain/workflowTypes.ts';
import type { BuilderActionHost } from '../../../src/engine/actions/BuilderAction.ts';
import type { KeyPress } from '../../../src/engine/actions/EditorAction.ts';
import type { WorkflowClipboard } from '../../../src/engine/commands/copyNode.ts';
import type { CommandRefusal } from '../../../src/engine/commands/readWorkflowTree.ts';
import { DraftStore } from '../../../src/engine/draft/DraftStore.ts';
import { createMemoryDraftPersistence } from '../../../src/engine/draft/draftPersistence.ts';
import { WORKFLOW_DRAFTS, type WorkflowDraft } from '../../../src/engine/WorkflowDraft.ts';
import { serverWorkflow } from '../workflowFixtures.ts';

/** A real engine draft on `flow` (in-memory persistence, no tab relay). */
export async function openTestDraft(flow: WorkflowFlow): Promise<WorkflowDraft> {
  const store = new DraftStore(WORKFLOW_DRAFTS, {
    persistence: createMemoryDraftPersistence(),
    channelFactory: null,
    peerSyncTimeoutMs: 0,
  });
  const { draft } = await store.open(42, async () => structuredClone(serverWorkflow(flow)));
  return draft;
}

export type RecordingHost = BuilderActionHost & {
  selection: string | null;
  clipboard: WorkflowClipboard | null;
  refusals: CommandRefusal[];
  asked: Array<{ nodeId: string; title: string; count: number }>;
  deletions: Array<{ title: string; removed: string[]; undoDepth: number }>;
};

/** A host that records what the actions asked of the screen; `selection` is the selected step. */
export function recordingHost(draft: WorkflowDraft, selection: string | null = null): RecordingHost {
  const host: RecordingHost = {
    draft,
    selection,
    clipboard: null,
    refusals: [],
    asked: [],
    deletions: [],
    selectedId: () => host.selection,
    select: (nodeId) => {
      host.selection = nodeId;
    },
    copied: (copied) => {
      host.clipboard = copied;
    },
    refused: (result) => host.refusals.push(result),
    confirmDelete: (pending) => host.asked.push(pending),
    deleted: (done) => host.deletions.push(done),
  };
  return host;
}

/** A key press with no modifiers unless given. */
export const press = (key: string, mods: Partial<Omit<KeyPress, 'key'>> = {}): KeyPress => ({
  key,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  ...mods,
});
