import type * as Y from 'yjs';
import type { DesignBlock, DesignTheme, EmailDesign } from '../../../domain/emailDesign.ts';
import type { BroadcastChannelProvider } from '../BroadcastChannelProvider.ts';
import { type Command, runCommand } from '../commands/runCommand.ts';
import type { DraftPersistence } from '../draftPersistence.ts';
import { SERVER_LOAD } from '../workflowOrigins.ts';
import { setVersionName } from './commands/setVersionName.ts';
import { createDesignUndoStore, type DesignUndoStore } from './createDesignUndoStore.ts';
import {
  type BlockMap,
  blocksOf,
  metaOf,
  readBlockFields,
  readSavedMarker,
  readTheme,
  readVersionName,
  type SavedMarker,
  savedOf,
  themeOf,
  writeSavedMarker,
} from './designDoc.ts';
import { designFingerprint } from './designFingerprint.ts';
import { type DesignLayout, readDesignLayout } from './readDesignLayout.ts';
import { loadDesign, toDesign } from './toDesign.ts';

/**
 * One open email design draft (DesignDraftStore.open): the Y.Doc `design:<version_id>`, its undo store,
 * persistence and tab relay, and the rules around the server (the workflow builder's, see WorkflowDraft):
 * - run(command, args): a command in a LOCAL_USER transaction, its own undo step unless { merge: true }.
 * - narrow reads for the screen, each memoised and keeping its identity while unchanged: getLayout()
 *   (which blocks stand where), getBlock(id) (one block's fields: a keystroke in one block changes only
 *   that block's object), getTheme(), getVersionName(), getStatus() (dirty, draft differs, saved marker)
 *   and getDesign() (the saved format). subscribe() is called after every change of the doc.
 * - dirty is exact: the fingerprint of the current design and version name against the saved marker.
 * - the open rule (applyServerVersion): no unsaved changes -> the server's version replaces the doc
 *   (SERVER_LOAD, not undoable); unsaved changes that differ -> kept, draftDiffersFromServer until
 *   keepDraft() or discardDraft().
 * - prepareSave() gives what design/save/ sends and commit(savedAt) records the marker of exactly that.
 */
export type ServerDesign = { versionName: string; design: EmailDesign; savedAt: string | null };

export type DesignDraftStatus = {
  dirty: boolean;
  draftDiffersFromServer: boolean;
  saved: SavedMarker | null;
};

export type PreparedDesignSave = {
  versionName: string;
  design: EmailDesign;
  commit(savedAt: string | null): void;
};

export class DesignDraft {
  readonly doc: Y.Doc;
  readonly versionId: number;
  readonly undo: DesignUndoStore;
  private readonly persistence: DraftPersistence | null;
  private readonly provider: BroadcastChannelProvider | null;
  private listeners = new Set<() => void>();
  private blockCache = new Map<string, DesignBlock>();
  private layout: DesignLayout | null = null;
  private theme: DesignTheme | null = null;
  private versionName: string | null = null;
  private design: EmailDesign | null = null;
  private status: DesignDraftStatus | null = null;
  private readonly digests = new WeakMap<object, string>();
  private pendingServer: ServerDesign | null = null;
  private closed = false;

  constructor(options: {
    doc: Y.Doc;
    versionId: number;
    persistence?: DraftPersistence | null;
    provider?: BroadcastChannelProvider | null;
    captureTimeout?: number;
  }) {
    this.doc = options.doc;
    this.versionId = options.versionId;
    this.persistence = options.persistence ?? null;
    this.provider = options.provider ?? null;
    this.undo = createDesignUndoStore(this.doc, { captureTimeout: options.captureTimeout });
    blocksOf(this.doc).observeDeep(this.onBlocks);
    themeOf(this.doc).observe(this.onTheme);
    metaOf(this.doc).observe(this.onMeta);
    savedOf(this.doc).observe(this.onSaved);
    this.doc.on('afterTransaction', this.onTransaction);
  }

  run<A, R>(command: Command<A, R>, args: A, options: { merge?: boolean } = {}): R {
    if (!options.merge) this.undo.stopCapturing();
    const result = runCommand(this.doc, command, args);
    if (!options.merge) this.undo.stopCapturing();
    return result;
  }

  /** Renaming: consecutive keystrokes merge into one undo step. */
  rename(name: string): void {
    this.run(setVersionName, { name }, { merge: true });
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getLayout = (): DesignLayout => {
    this.layout ??= readDesignLayout(this.doc);
    return this.layout;
  };

  /** One block's own fields (columns: `columns: []`, see getLayout), or null once removed. */
  getBlock = (id: string): DesignBlock | null => {
    const cached = this.blockCache.get(id);
    if (cached) return cached;
    const map = blocksOf(this.doc).get(id) as BlockMap | undefined;
    if (!map) return null;
    const block = readBlockFields(id, map);
    this.blockCache.set(id, block);
    return block;
  };

  getTheme = (): DesignTheme => {
    this.theme ??= readTheme(this.doc);
    return this.theme;
  };

  getVersionName = (): string => {
    this.versionName ??= readVersionName(this.doc);
    return this.versionName;
  };

  getDesign = (): EmailDesign => {
    this.design ??= toDesign(this.doc, {
      layout: this.getLayout(),
      blockOf: (id) => this.getBlock(id) as DesignBlock,
    });
    return this.design;
  };

  getStatus = (): DesignDraftStatus => {
    if (!this.status) {
      const saved = readSavedMarker(this.doc);
      const fingerprint = designFingerprint(this.getDesign(), this.getVersionName(), this.digests);
      this.status = {
        dirty: saved === null ? this.getLayout().root.length > 0 : fingerprint !== saved.fingerprint,
        draftDiffersFromServer: this.pendingServer !== null,
        saved,
      };
    }
    return this.status;
  };

  applyServerVersion(server: ServerDesign): { draftDiffersFromServer: boolean } {
    const serverFingerprint = designFingerprint(server.design, server.versionName);
    const current = this.getStatus();
    const localFingerprint = designFingerprint(this.getDesign(), this.getVersionName(), this.digests);
    if (!current.dirty || localFingerprint === serverFingerprint) {
      this.replaceWith(server);
      return { draftDiffersFromServer: false };
    }
    this.pendingServer = server;
    this.invalidateStatus();
    return { draftDiffersFromServer: true };
  }

  /** The server's version, while a kept local draft differs from it. */
  get serverVersionPending(): ServerDesign | null {
    return this.pendingServer;
  }

  keepDraft(): void {
    const server = this.pendingServer;
    if (!server) return;
    this.pendingServer = null;
    this.doc.transact(() => {
      writeSavedMarker(this.doc, {
        fingerprint: designFingerprint(server.design, server.versionName),
        savedAt: server.savedAt,
      });
    }, SERVER_LOAD);
    this.invalidateStatus();
  }

  discardDraft(): void {
    const server = this.pendingServer;
    if (!server) return;
    this.pendingServer = null;
    this.replaceWith(server);
  }

  prepareSave(): PreparedDesignSave {
    const design = this.getDesign();
    const versionName = this.getVersionName().trim();
    const fingerprint = designFingerprint(design, versionName, this.digests);
    return {
      design,
      versionName,
      commit: (savedAt) => {
        if (this.closed) return;
        this.doc.transact(() => writeSavedMarker(this.doc, { fingerprint, savedAt }), SERVER_LOAD);
      },
    };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    blocksOf(this.doc).unobserveDeep(this.onBlocks);
    themeOf(this.doc).unobserve(this.onTheme);
    metaOf(this.doc).unobserve(this.onMeta);
    savedOf(this.doc).unobserve(this.onSaved);
    this.doc.off('afterTransaction', this.onTransaction);
    this.provider?.destroy();
    this.undo.destroy();
    await this.persistence?.destroy();
    this.listeners.clear();
  }

  private replaceWith(server: ServerDesign): void {
    this.doc.transact(() => {
      loadDesign(this.doc, server.design, SERVER_LOAD);
      metaOf(this.doc).set('versionName', server.versionName);
      writeSavedMarker(this.doc, {
        fingerprint: designFingerprint(server.design, server.versionName),
        savedAt: server.savedAt,
      });
    }, SERVER_LOAD);
    this.undo.clear();
    this.invalidateStatus();
    this.notify();
  }

  private changed = false;

  private onBlocks = (events: Y.YEvent<Y.AbstractType<unknown>>[]) => {
    const blocks = blocksOf(this.doc);
    for (const event of events) {
      if (event.target === blocks) {
        for (const id of (event as unknown as Y.YMapEvent<unknown>).keysChanged) this.blockCache.delete(id);
        this.layout = null;
        continue;
      }
      const id = event.path[0];
      if (typeof id === 'string') this.blockCache.delete(id);
      const keys = (event as Y.YMapEvent<unknown>).keysChanged;
      if (event.path.length === 1 && keys?.has('pos')) this.layout = null;
      // A columns block's count is a prop, but it is layout: how many columns its children stand in.
      if (event.path.length === 2 && event.path[1] === 'props' && keys?.has('columnCount'))
        this.layout = null;
    }
    this.design = null;
    this.status = null;
    this.changed = true;
  };

  private onTheme = () => {
    this.theme = null;
    this.design = null;
    this.status = null;
    this.changed = true;
  };

  private onMeta = () => {
    this.versionName = null;
    this.status = null;
    this.changed = true;
  };

  private onSaved = () => {
    this.status = null;
    this.changed = true;
  };

  private onTransaction = () => {
    if (!this.changed) return;
    this.changed = false;
    this.notify();
  };

  private invalidateStatus(): void {
    this.status = null;
    this.notify();
  }

  private notify(): void {
    for (const listener of [...this.listeners]) listener();
  }
}
