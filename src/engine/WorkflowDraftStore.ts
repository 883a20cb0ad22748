import { BroadcastChannelProvider, type ChannelFactory } from './BroadcastChannelProvider.ts';
import type { DraftPersistenceFactory } from './draftPersistence.ts';
import { type ServerWorkflow, WorkflowDraft } from './WorkflowDraft.ts';
import { createWorkflowDoc, workflowDocName } from './workflowDoc.ts';

/**
 * Opens workflow drafts. Dependencies are injected: the persistence (y-indexeddb in the browser:
 * indexeddbDraftPersistence; in-memory in tests), the tab channel (BroadcastChannel by default; null
 * for none) and how long to wait for another tab's answer before deciding the open rule.
 *
 * open(workflowId, fetchServerVersion):
 * 1. creates the doc `workflow:<id>`, starts the server request, the persistence and the tab relay;
 * 2. waits for the stored draft to be applied, for another open tab's state (or peerSyncTimeoutMs) and
 *    for the server's answer, all at the same time;
 * 3. applies the open rule with the server's version (WorkflowDraft.applyServerVersion): replaced when
 *    the local draft has no unsaved changes, else kept with draftDiffersFromServer (keep/discard).
 * If the server request fails the doc is closed and the error is thrown (the load machine shows it).
 */
export type WorkflowDraftStoreOptions = {
  persistence: DraftPersistenceFactory | null;
  channelFactory?: ChannelFactory | null;
  /**
   * How long a new tab waits for an already open tab's state (counted from the start of open, alongside
   * the server request); default 100 ms. A safety net only: y-indexeddb has normally stored another
   * tab's edits already, and an answering tab ends the wait at once.
   */
  peerSyncTimeoutMs?: number;
  captureTimeout?: number;
};

export type OpenedDraft = {
  draft: WorkflowDraft;
  /** The local draft has unsaved changes that differ from the server's version: offer keep/discard. */
  draftDiffersFromServer: boolean;
  /** The server's version is newer than the one the local draft was based on. */
  serverChangedSinceDraft: boolean;
};

export class WorkflowDraftStore {
  private readonly options: WorkflowDraftStoreOptions;

  constructor(options: WorkflowDraftStoreOptions) {
    this.options = options;
  }

  async open(workflowId: number, fetchServerVersion: () => Promise<ServerWorkflow>): Promise<OpenedDraft> {
    const doc = createWorkflowDoc(workflowId);
    const serverPromise = fetchServerVersion();
    // A rejection is handled below; avoid an unhandled rejection while the local draft loads.
    serverPromise.catch(() => undefined);
    const persistence = this.options.persistence
      ? this.options.persistence(workflowDocName(workflowId), doc)
      : null;
    const channelFactory = this.options.channelFactory;
    const provider =
      channelFactory === null
        ? null
        : new BroadcastChannelProvider(doc, channelFactory ? { channelFactory } : {});
    const draft = new WorkflowDraft({
      doc,
      workflowId,
      persistence,
      provider,
      captureTimeout: this.options.captureTimeout,
    });
    // The three waits overlap: the stored draft, another tab's answer (or the time-out) and the server.
    const peerSynced = provider?.whenPeerSynced(this.options.peerSyncTimeoutMs ?? 100);
    try {
      await persistence?.whenSynced;
      await peerSynced;
      const server = await serverPromise;
      return { draft, ...draft.applyServerVersion(server) };
    } catch (error) {
      await draft.close();
      throw error;
    }
  }
}
