import { BroadcastChannelProvider, type ChannelFactory } from '../BroadcastChannelProvider.ts';
import type { DraftPersistenceFactory } from '../draftPersistence.ts';
import { DesignDraft, type ServerDesign } from './DesignDraft.ts';
import { createDesignDoc, designDocName } from './designDoc.ts';

/**
 * Opens design drafts, like WorkflowDraftStore: injected persistence (y-indexeddb in the browser,
 * in-memory in tests) and tab channel (BroadcastChannel; null for none). open() creates the doc
 * `design:<version_id>`, waits for the stored draft, another tab's state (or peerSyncTimeoutMs) and the
 * server's version at the same time, then applies the open rule (DesignDraft.applyServerVersion).
 */
export type DesignDraftStoreOptions = {
  persistence: DraftPersistenceFactory | null;
  channelFactory?: ChannelFactory | null;
  peerSyncTimeoutMs?: number;
  captureTimeout?: number;
};

export type OpenedDesignDraft = { draft: DesignDraft; draftDiffersFromServer: boolean };

export class DesignDraftStore {
  private readonly options: DesignDraftStoreOptions;

  constructor(options: DesignDraftStoreOptions) {
    this.options = options;
  }

  async open(versionId: number, fetchServerVersion: () => Promise<ServerDesign>): Promise<OpenedDesignDraft> {
    const doc = createDesignDoc(versionId);
    const serverPromise = fetchServerVersion();
    serverPromise.catch(() => undefined);
    const persistence = this.options.persistence
      ? this.options.persistence(designDocName(versionId), doc)
      : null;
    const channelFactory = this.options.channelFactory;
    const provider =
      channelFactory === null
        ? null
        : new BroadcastChannelProvider(doc, channelFactory ? { channelFactory } : {});
    const draft = new DesignDraft({
      doc,
      versionId,
      persistence,
      provider,
      captureTimeout: this.options.captureTimeout,
    });
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
