import type * as Y from 'yjs';
import { setIfChanged } from '../../draft/setIfChanged.ts';
import { type BlockMap, blocksOf, propsOf, RICH_FIELD, richOf, writeRichText } from '../designDoc.ts';

export type SetBlockPropsArgs = { id: string; props: Record<string, unknown> };

/**
 * Sets fields of one block (each its own key: concurrent edits of different fields both survive). A
 * rich-text field given here replaces the text (templates, tests); typing goes through y-prosemirror.
 */
export function setBlockProps(doc: Y.Doc, args: SetBlockPropsArgs): boolean {
  const map = blocksOf(doc).get(args.id) as BlockMap | undefined;
  if (!map) return false;
  const kind = map.get('kind') as keyof typeof RICH_FIELD;
  const props = propsOf(map);
  for (const [key, value] of Object.entries(args.props)) {
    if (key === 'id' || key === 'kind' || key === 'columns' || value === undefined) continue;
    if (key === RICH_FIELD[kind]) {
      const rich = richOf(map);
      if (rich) writeRichText(rich, String(value));
      continue;
    }
    setIfChanged(props, key, value);
  }
  return true;
}
