import type * as Y from 'yjs';
import type { BroadcastChannelProvider } from './BroadcastChannelProvider.ts';
import { createUndoStore, type UndoScopeType, type UndoStore } from './createUndoStore.ts';
import { SERVER_LOAD } from './draftOrigins.ts';
import type { DraftPersistence } from './draftPersistence.ts';
import { type Command, runCommand } from './runCommand.ts';
import { setIfChanged } from './setIfChanged.ts';

/**
 * The saved marker: what was last saved to (or loaded from) the server, kept in the doc's `saved` map so
 * every tab agrees on "unsaved changes". An editor keeps more fields beside the fingerprint (the workflow
 * its version and emails, the design its save time).
 */
export type SavedMarker = { fingerprint: string };

export type DraftStatus<Marker extends SavedMarker> = {
  /** Exact: the current content's fingerprint differs from the saved marker's. */
  dirty: boolean;
  /** The local draft was kept over a different server version (keepDraft / discardDraft decide). */
  draftDiffersFromServer: boolean;
  saved: Marker | null;
};

/** What a draft is made of; DraftStore.open makes them (the persistence and relay are injected). */
export type DraftParts = {
  doc: Y.Doc;
  persistence?: DraftPersistence | null;
  provider?: BroadcastChannelProvider | null;
  captureTimeout?: number;
};

export const SAVED_KEY = 'saved';

/**
 * The draft kernel: one local-first Yjs draft of a document the server saves (a workflow, an email
 * design). It owns the doc, the undo store (this tab's edits only), the persistence and the tab relay,
 * and the rules around the server; an editor instantiates it with its own schema, by extending it:
 * - the shared types its undo covers (undoScope, given to the constructor; never the `saved` map);
 * - contentFingerprint(): what a save would send, fingerprinted; isEmpty(): a doc never saved or loaded
 *   counts as unsaved when it has content;
 * - markerOf(server): the saved marker of a server version; readMarker(saved): the marker kept in the doc;
 * - writeServer(server): the server's version written into the doc (in the kernel's SERVER_LOAD
 *   transaction);
 * - forget(): drop the editor's memoised reads after a change (before listeners are called);
 * and its own commands (run through run()) and reads.
 *
 * Rules:
 * - run(command, args): a command in ONE LOCAL_USER transaction; unless { merge: true } (typing in a
 *   field: consecutive edits within the capture timeout merge), the undo store stops capturing before
 *   and after it, so each structural edit is its own undo step.
 * - subscribe(listener): called after every transaction that changed the doc (any origin), and when the
 *   open rule's state changes. getStatus() is memoised until then.
 * - the open rule (applyServerVersion, run by DraftStore.open): with no unsaved changes, or unsaved
 *   changes equal to the server's version, the server's version replaces the doc (SERVER_LOAD, not
 *   undoable, undo history cleared); otherwise the draft is kept and draftDiffersFromServer is true until
 *   keepDraft() (the draft stays, unsaved relative to the server's version) or discardDraft().
 * - recordSaved(marker): after a save the caller made, the marker of exactly what was sent (edits made
 *   during the request stay unsaved). Ignored once the draft is closed.
 */
export abstract class Draft<Server, Marker extends SavedMarker> {
  readonly doc: Y.Doc;
  readonly undo: UndoStore;
  private readonly persistence: DraftPersistence | null;
  private readonly provider: BroadcastChannelProvider | null;
  private readonly listeners = new Set<() => void>();
  private status: DraftStatus<Marker> | null = null;
  private pendingServer: Server | null = null;
  private closed = false;

  protected constructor(parts: DraftParts, undoScope: readonly UndoScopeType[]) {
    this.doc = parts.doc;
    this.persistence = parts.persistence ?? null;
    this.provider = parts.provider ?? null;
    this.undo = createUndoStore(undoScope, { captureTimeout: parts.captureTimeout });
    this.doc.on('afterTransaction', this.onTransaction);
  }

  /** The fingerprint of what a save would send now. */
  protected abstract contentFingerprint(): string;
  /** True when the doc holds nothing a save would send. */
  protected abstract isEmpty(): boolean;
  /** The saved marker of a server version. */
  protected abstract markerOf(server: Server): Marker;
  /** The marker kept in the doc's `saved` map (its fingerprint is a string), with the editor's fields. */
  protected abstract readMarker(saved: Y.Map<unknown>): Marker;
  /** Writes the server's version into the doc (called inside a SERVER_LOAD transaction). */
  protected abstract writeServer(server: Server): void;
  /** Drops the editor's memoised reads: the doc or the open rule's state changed. */
  protected forget(): void {}

  run<A, R>(command: Command<A, R>, args: A, options: { merge?: boolean } = {}): R {
    if (!options.merge) this.undo.stopCapturing();
    const result = runCommand(this.doc, command, args);
    if (!options.merge) this.undo.stopCapturing();
    return result;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getStatus = (): DraftStatus<Marker> => {
    if (!this.status) {
      const saved = this.savedMarker();
      this.status = {
        dirty: saved === null ? !this.isEmpty() : this.contentFingerprint() !== saved.fingerprint,
        draftDiffersFromServer: this.pendingServer !== null,
        saved,
      };
    }
    return this.status;
  };

  /** The server's version as of the last open, while the local draft differs from it. */
  get serverVersionPending(): Server | null {
    return this.pendingServer;
  }

  /** The open rule; returns whether the local draft was kept because it differs from the server's. */
  applyServerVersion(server: Server): { draftDiffersFromServer: boolean } {
    const serverFingerprint = this.markerOf(server).fingerprint;
    if (!this.getStatus().dirty || this.contentFingerprint() === serverFingerprint) {
      this.replaceWith(server);
      return { draftDiffersFromServer: false };
    }
    this.pendingServer = server;
    this.changed();
    return { draftDiffersFromServer: true };
  }

  /** Keeps the local draft over the server's version: it stays unsaved (relative to the server's). */
  keepDraft(): void {
    const server = this.pendingServer;
    if (!server) return;
    this.pendingServer = null;
    this.doc.transact(() => this.writeMarker(this.markerOf(server)), SERVER_LOAD);
    this.changed();
  }

  /** Discards the local draft: the server's version replaces it. */
  discardDraft(): void {
    const server = this.pendingServer;
    if (!server) return;
    this.pendingServer = null;
    this.replaceWith(server);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.doc.off('afterTransaction', this.onTransaction);
    this.provider?.destroy();
    this.undo.destroy();
    await this.persistence?.destroy();
    this.listeners.clear();
  }

  /** After a save: the marker of what was sent, and `alsoWrite` (server-owned fields) in one transaction. */
  protected recordSaved(marker: Marker, alsoWrite?: () => void): void {
    if (this.closed) return;
    this.doc.transact(() => {
      this.writeMarker(marker);
      alsoWrite?.();
    }, SERVER_LOAD);
  }

  protected savedMarker(): Marker | null {
    const saved = this.doc.getMap<unknown>(SAVED_KEY);
    return typeof saved.get('fingerprint') === 'string' ? this.readMarker(saved) : null;
  }

  private writeMarker(marker: Marker): void {
    const saved = this.doc.getMap<unknown>(SAVED_KEY);
    for (const [key, value] of Object.entries(marker)) setIfChanged(saved, key, value);
  }

  private replaceWith(server: Server): void {
    this.doc.transact(() => {
      this.writeServer(server);
      this.writeMarker(this.markerOf(server));
    }, SERVER_LOAD);
    this.undo.clear();
    this.changed();
  }

  private onTransaction = (transaction: Y.Transaction) => {
    if (transaction.changed.size > 0) this.changed();
  };

  private changed(): void {
    this.status = null;
    this.forget();
    for (const listener of [...this.listeners]) listener();
  }
}
