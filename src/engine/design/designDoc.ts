import { prosemirrorJSONToYXmlFragment, yXmlFragmentToProsemirrorJSON } from 'y-prosemirror';
import * as Y from 'yjs';
import {
  DEFAULT_THEME,
  type DesignBlock,
  type DesignBlockKind,
  type DesignTheme,
  type LeafBlock,
} from '../../../domain/emailDesign.ts';
import { htmlToPmDoc, type PmNode, pmDocToHtml } from './richTextHtml.ts';
import { richTextSchema } from './richTextSchema.ts';

/**
 * The design Y.Doc: one per edition version, named `design:<version_id>` (the y-indexeddb database and
 * the BroadcastChannel name). Its shared types:
 *
 * - `blocks` (Y.Map): block id -> Y.Map with
 *     kind    the DesignBlockKind (fixed)
 *     pos     { parent, order }: ONE value, so a move is atomic (last writer wins, never duplicated).
 *             parent is "" for the email's top level or "<columnsId>#<index>" for a column of a columns
 *             block; order is a fractional key (orderKeys.ts). Siblings are sorted by (order, id).
 *     props   a nested Y.Map: one key per plain field of the block (colours, padding, links ...), so two
 *             tabs editing different fields both survive; the same field is last-writer-wins.
 *     rich    a Y.XmlFragment for the block's rich-text field (header title, text and footer html),
 *             edited in place through y-prosemirror: concurrent typing merges character by character.
 *   A columns block keeps `columnCount` in props; its children are ordinary blocks whose parent names
 *   one of its columns. Removing a block deletes its entry (and its children's).
 * - `theme` (Y.Map): the DesignTheme's fields.
 * - `meta` (Y.Map): versionName.
 * - `saved` (Y.Map): the saved marker (fingerprint, savedAt), written after a save or a server load by
 *   the draft kernel (draft/Draft.ts); shared by every tab, never undone.
 */
export const BLOCKS_KEY = 'blocks';
export const THEME_KEY = 'theme';
export const META_KEY = 'meta';
export const ROOT_PARENT = '';

export type BlockPos = { parent: string; order: string };
export type BlockMap = Y.Map<unknown>;
export type DesignSavedMarker = { fingerprint: string; savedAt: string | null };

/** The rich-text field of the kinds that have one. */
export const RICH_FIELD: Partial<Record<DesignBlockKind, 'title' | 'html'>> = {
  header: 'title',
  text: 'html',
  footer: 'html',
};

export function designDocName(versionId: number): string {
  return `design:${versionId}`;
}

export function createDesignDoc(versionId: number): Y.Doc {
  return new Y.Doc({ guid: designDocName(versionId) });
}

export const blocksOf = (doc: Y.Doc) => doc.getMap<BlockMap>(BLOCKS_KEY);
export const themeOf = (doc: Y.Doc) => doc.getMap<unknown>(THEME_KEY);
export const metaOf = (doc: Y.Doc) => doc.getMap<unknown>(META_KEY);

/** What this tab's undo covers: the blocks, the theme and the meta (never the saved marker). */
export function designUndoScope(doc: Y.Doc): [Y.Map<BlockMap>, Y.Map<unknown>, Y.Map<unknown>] {
  return [blocksOf(doc), themeOf(doc), metaOf(doc)];
}

export function columnSlot(columnsId: string, index: number): string {
  return `${columnsId}#${index}`;
}

export function parseSlot(parent: string): { columnsId: string; index: number } | null {
  const at = parent.lastIndexOf('#');
  if (at <= 0) return null;
  const index = Number(parent.slice(at + 1));
  return Number.isInteger(index) ? { columnsId: parent.slice(0, at), index } : null;
}

export function posOf(block: BlockMap): BlockPos {
  const pos = block.get('pos') as BlockPos | undefined;
  return pos && typeof pos.order === 'string' ? pos : { parent: ROOT_PARENT, order: 'V' };
}

export function propsOf(block: BlockMap): Y.Map<unknown> {
  return block.get('props') as Y.Map<unknown>;
}

export function richOf(block: BlockMap): Y.XmlFragment | null {
  const rich = block.get('rich');
  return rich instanceof Y.XmlFragment ? rich : null;
}

/** Replaces a rich-text fragment's content with the given HTML (the sanitised subset). */
export function writeRichText(fragment: Y.XmlFragment, html: string): void {
  if (fragment.length > 0) fragment.delete(0, fragment.length);
  prosemirrorJSONToYXmlFragment(richTextSchema, htmlToPmDoc(html), fragment);
}

export function readRichText(fragment: Y.XmlFragment): string {
  return pmDocToHtml({ type: 'doc', content: yXmlFragmentToProsemirrorJSON(fragment).content as PmNode[] });
}

const NOT_PROPS = new Set(['id', 'kind', 'columns']);

/**
 * Writes one block (and, for columns, its children) into the doc at pos. Run inside a transaction.
 * Returns the ids written (the block's first).
 */
export function writeBlock(doc: Y.Doc, block: DesignBlock | LeafBlock, pos: BlockPos): string[] {
  const blocks = blocksOf(doc);
  const map: BlockMap = new Y.Map();
  blocks.set(block.id, map);
  map.set('kind', block.kind);
  map.set('pos', pos);
  const props = new Y.Map<unknown>();
  map.set('props', props);
  const richField = RICH_FIELD[block.kind];
  for (const [key, value] of Object.entries(block)) {
    if (NOT_PROPS.has(key) || key === richField) continue;
    props.set(key, value);
  }
  if (richField) {
    const fragment = new Y.XmlFragment();
    map.set('rich', fragment);
    writeRichText(fragment, String((block as Record<string, unknown>)[richField] ?? ''));
  }
  const written = [block.id];
  if (block.kind === 'columns') {
    props.set('columnCount', block.columns.length);
    block.columns.forEach((column, index) => {
      column.forEach((child, at) => {
        written.push(
          ...writeBlock(doc, child, {
            parent: columnSlot(block.id, index),
            order: orderAt(at, column.length),
          }),
        );
      });
    });
  }
  return written;
}

/** Evenly spaced keys for loading a list: "1".."y" style keys are produced by keysBetween in bulk. */
function orderAt(index: number, count: number): string {
  const span = 62 * 62;
  const value = Math.floor(((index + 1) * span) / (count + 1));
  const digits = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
  return `${digits[Math.floor(value / 62)]}${digits[value % 62]}`.replace(/0+$/, '') || '1';
}

/** A block's own fields as the saved format (columns without their children: `columns: []`). */
export function readBlockFields(id: string, map: BlockMap): DesignBlock {
  const kind = map.get('kind') as DesignBlockKind;
  const out: Record<string, unknown> = { id, kind };
  const props = propsOf(map);
  for (const [key, value] of props.entries()) if (key !== 'columnCount') out[key] = value;
  const richField = RICH_FIELD[kind];
  if (richField) {
    const rich = richOf(map);
    out[richField] = rich ? readRichText(rich) : '';
  }
  if (kind === 'columns') out.columns = [];
  return out as DesignBlock;
}

export function readTheme(doc: Y.Doc): DesignTheme {
  const theme = themeOf(doc);
  const out: Record<string, unknown> = { ...DEFAULT_THEME };
  for (const key of Object.keys(DEFAULT_THEME)) if (theme.has(key)) out[key] = theme.get(key);
  return out as DesignTheme;
}

export function readVersionName(doc: Y.Doc): string {
  const name = metaOf(doc).get('versionName');
  return typeof name === 'string' ? name : '';
}

/** The saved marker's design fields, as kept in the doc's `saved` map. */
export function readDesignMarker(saved: Y.Map<unknown>): DesignSavedMarker {
  const savedAt = saved.get('savedAt');
  return {
    fingerprint: String(saved.get('fingerprint')),
    savedAt: typeof savedAt === 'string' ? savedAt : null,
  };
}
