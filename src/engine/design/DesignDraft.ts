import type * as Y from 'yjs';
import type { DesignBlock, DesignTheme, EmailDesign } from '../../../domain/emailDesign.ts';
import { Draft, type DraftParts, type DraftStatus } from '../draft/Draft.ts';
import type { DraftKind } from '../draft/DraftStore.ts';
import { SERVER_LOAD } from '../draft/draftOrigins.ts';
import type { FingerprintCache } from '../draft/fingerprint.ts';
import { setVersionName } from './commands/setVersionName.ts';
import {
  type BlockMap,
  blocksOf,
  type DesignSavedMarker,
  designDocName,
  designUndoScope,
  metaOf,
  readBlockFields,
  readDesignMarker,
  readTheme,
  readVersionName,
  themeOf,
} from './designDoc.ts';
import { designFingerprint } from './designFingerprint.ts';
import { type DesignLayout, readDesignLayout } from './readDesignLayout.ts';
import { loadDesign, toDesign } from './toDesign.ts';

/**
 * One open email design draft: the draft kernel (draft/Draft.ts: the doc `design:<version_id>`, its undo
 * store, persistence, tab relay, exact dirty flag and open rule) instantiated with the design's schema,
 * plus what the designer reads and saves:
 * - the schema: the undo store covers the blocks, the theme and the meta (the screen adds y-prosemirror's
 *   origin with undo.trackOrigin); the fingerprint is of the design and version name design/save/ sends.
 * - run(command, args) (the kernel's); rename(name): consecutive keystrokes merge into one undo step.
 * - narrow reads for the screen, each memoised and keeping its identity while unchanged: getLayout()
 *   (which blocks stand where), getBlock(id) (one block's fields: a keystroke in one block changes only
 *   that block's object), getTheme(), getVersionName(), getStatus() (the kernel's: dirty, draft differs,
 *   saved marker) and getDesign() (the saved format). subscribe() is called after every change of the doc.
 * - prepareSave() gives what design/save/ sends and commit(savedAt) records the marker of exactly that.
 */
export type ServerDesign = { versionName: string; design: EmailDesign; savedAt: string | null };

export type DesignDraftStatus = DraftStatus<DesignSavedMarker>;

export type PreparedDesignSave = {
  versionName: string;
  design: EmailDesign;
  commit(savedAt: string | null): void;
};

export class DesignDraft extends Draft<ServerDesign, DesignSavedMarker> {
  readonly versionId: number;
  private blockCache = new Map<string, DesignBlock>();
  private layout: DesignLayout | null = null;
  private theme: DesignTheme | null = null;
  private versionName: string | null = null;
  private design: EmailDesign | null = null;
  private readonly digests: FingerprintCache = new WeakMap();

  constructor(parts: DraftParts & { versionId: number }) {
    super(parts, designUndoScope(parts.doc));
    this.versionId = parts.versionId;
    blocksOf(this.doc).observeDeep(this.onBlocks);
    themeOf(this.doc).observe(this.onTheme);
    metaOf(this.doc).observe(this.onMeta);
  }

  /** Renaming: consecutive keystrokes merge into one undo step. */
  rename(name: string): void {
    this.run(setVersionName, { name }, { merge: true });
  }

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

  prepareSave(): PreparedDesignSave {
    const design = this.getDesign();
    const versionName = this.getVersionName().trim();
    const fingerprint = designFingerprint(design, versionName, this.digests);
    return { design, versionName, commit: (savedAt) => this.recordSaved({ fingerprint, savedAt }) };
  }

  override async close(): Promise<void> {
    blocksOf(this.doc).unobserveDeep(this.onBlocks);
    themeOf(this.doc).unobserve(this.onTheme);
    metaOf(this.doc).unobserve(this.onMeta);
    await super.close();
  }

  protected contentFingerprint(): string {
    return designFingerprint(this.getDesign(), this.getVersionName(), this.digests);
  }

  protected isEmpty(): boolean {
    return this.getLayout().root.length === 0;
  }

  protected markerOf(server: ServerDesign): DesignSavedMarker {
    return { fingerprint: designFingerprint(server.design, server.versionName), savedAt: server.savedAt };
  }

  protected readMarker(saved: Y.Map<unknown>): DesignSavedMarker {
    return readDesignMarker(saved);
  }

  protected writeServer(server: ServerDesign): void {
    loadDesign(this.doc, server.design, SERVER_LOAD);
    metaOf(this.doc).set('versionName', server.versionName);
  }

  // The memoised reads are dropped by what changed (observers), so a keystroke in one block keeps every
  // other block's object: only that block re-renders.
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
  };

  private onTheme = () => {
    this.theme = null;
    this.design = null;
  };

  private onMeta = () => {
    this.versionName = null;
  };
}

/** The email designer's drafts (`design:<version_id>`), for DraftStore. */
export const DESIGN_DRAFTS: DraftKind<DesignDraft> = {
  docName: designDocName,
  create: (parts, versionId) => new DesignDraft({ ...parts, versionId }),
};
