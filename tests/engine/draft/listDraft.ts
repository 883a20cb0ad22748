import type * as Y from 'yjs';
import { Draft, type DraftParts } from '../../../src/engine/draft/Draft.ts';
import type { DraftKind } from '../../../src/engine/draft/DraftStore.ts';
import { fingerprintOf } from '../../../src/engine/draft/fingerprint.ts';

/**
 * The smallest editor on the draft kernel, for testing the kernel on its own: a document of named text
 * items (one Y.Map), saved as a plain record with a version number.
 */
export type ServerList = { items: Record<string, string>; version: number };
export type ListMarker = { fingerprint: string; version: number };

const itemsOf = (doc: Y.Doc) => doc.getMap<string>('items');
const fingerprint = (items: Record<string, string>) =>
  fingerprintOf(
    {},
    Object.keys(items)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${JSON.stringify(items[key])}`),
  );

export const setItem = (doc: Y.Doc, args: { key: string; value: string }) => {
  itemsOf(doc).set(args.key, args.value);
};
export const removeItem = (doc: Y.Doc, args: { key: string }) => {
  itemsOf(doc).delete(args.key);
};

export class ListDraft extends Draft<ServerList, ListMarker> {
  constructor(parts: DraftParts) {
    super(parts, [itemsOf(parts.doc)]);
  }

  items(): Record<string, string> {
    return itemsOf(this.doc).toJSON() as Record<string, string>;
  }

  /** What a save sends, and commit(version) once the server took it. */
  prepareSave(): { items: Record<string, string>; commit(version: number): void } {
    const items = this.items();
    return { items, commit: (version) => this.recordSaved({ fingerprint: fingerprint(items), version }) };
  }

  protected contentFingerprint(): string {
    return fingerprint(this.items());
  }

  protected isEmpty(): boolean {
    return itemsOf(this.doc).size === 0;
  }

  protected markerOf(server: ServerList): ListMarker {
    return { fingerprint: fingerprint(server.items), version: server.version };
  }

  protected readMarker(saved: Y.Map<unknown>): ListMarker {
    return { fingerprint: String(saved.get('fingerprint')), version: Number(saved.get('version') ?? 0) };
  }

  protected writeServer(server: ServerList): void {
    const items = itemsOf(this.doc);
    for (const key of [...items.keys()]) if (!(key in server.items)) items.delete(key);
    for (const [key, value] of Object.entries(server.items))
      if (items.get(key) !== value) items.set(key, value);
  }
}

export const LIST_DRAFTS: DraftKind<ListDraft> = {
  docName: (id) => `list:${id}`,
  create: (parts) => new ListDraft(parts),
};
