import * as Y from 'yjs';
import { BroadcastChannelProvider, type ChannelFactory } from './BroadcastChannelProvider.ts';
import type { Draft, DraftParts, SavedMarker } from './Draft.ts';
import type { DraftPersistenceFactory } from './draftPersistence.ts';

/** An editor's kind of draft: the doc's name (`workflow:<id>`, `design:<version_id>`) and its constructor. */
export type DraftKind<D> = {
  docName(id: number): string;
  create(parts: DraftParts, id: number): D;
};

export type DraftStoreOptions = {
  /** y-indexeddb in the browser (indexeddbDraftPersistence); in-memory in tests; null for none. */
  persistence: DraftPersistenceFactory | null;
  /** The tab channel: BroadcastChannel by default; null for none. */
  channelFactory?: ChannelFactory | null;
  /**
   * How long a new tab waits for an already open tab's state (counted from the start of open, alongside
   * the server request); default 100 ms. A safety net only: y-indexeddb has normally stored another
   * tab's edits already, and an answering tab ends the wait at once.
   */
  peerSyncTimeoutMs?: number;
  captureTimeout?: number;
};

/** Any editor's draft. */
export type AnyDraft = Draft<unknown, SavedMarker>;
/** The server's version a kind of draft opens with. */
export type ServerOf<D> = D extends Draft<infer S, infer _M> ? S : never;
/** What the open rule answered (draftDiffersFromServer, and what an editor adds). */
export type OpenOutcome<D> = D extends { applyServerVersion(server: never): infer R } ? R : never;
export type OpenedDraft<D> = { draft: D } & OpenOutcome<D>;

/**
 * Opens drafts of one kind. open(id, fetchServerVersion):
 * 1. creates the doc, starts the server request, the persistence and the tab relay;
 * 2. waits for the stored draft to be applied, for another open tab's state (or peerSyncTimeoutMs) and
 *    for the server's answer, all at the same time;
 * 3. applies the open rule with the server's version (Draft.applyServerVersion): replaced when the local
 *    draft has no unsaved changes, else kept with draftDiffersFromServer (keep / discard).
 * If the server request fails the draft is closed and the error is thrown (the load machine shows it).
 */
export class DraftStore<D extends AnyDraft> {
  private readonly kind: DraftKind<D>;
  private readonly options: DraftStoreOptions;

  constructor(kind: DraftKind<D>, options: DraftStoreOptions) {
    this.kind = kind;
    this.options = options;
  }

  async open(id: number, fetchServerVersion: () => Promise<ServerOf<D>>): Promise<OpenedDraft<D>> {
    const name = this.kind.docName(id);
    const doc = new Y.Doc({ guid: name });
    const serverPromise = fetchServerVersion();
    // A rejection is handled below; avoid an unhandled rejection while the local draft loads.
    serverPromise.catch(() => undefined);
    const persistence = this.options.persistence ? this.options.persistence(name, doc) : null;
    const channelFactory = this.options.channelFactory;
    const provider =
      channelFactory === null
        ? null
        : new BroadcastChannelProvider(doc, channelFactory ? { channelFactory } : {});
    const draft = this.kind.create(
      { doc, persistence, provider, captureTimeout: this.options.captureTimeout },
      id,
    );
    // The three waits overlap: the stored draft, another tab's answer (or the time-out) and the server.
    const peerSynced = provider?.whenPeerSynced(this.options.peerSyncTimeoutMs ?? 100);
    try {
      await persistence?.whenSynced;
      await peerSynced;
      const server = await serverPromise;
      const outcome = draft.applyServerVersion(server) as OpenOutcome<D>;
      return { draft, ...outcome } as OpenedDraft<D>;
    } catch (error) {
      await draft.close();
      throw error;
    }
  }
}
