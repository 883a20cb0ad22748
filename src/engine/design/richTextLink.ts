import type { Mark } from 'prosemirror-model';
import type { Command, EditorState } from 'prosemirror-state';
import { richTextSchema } from './richTextSchema.ts';

/**
 * Link editing in the designer's rich text, as ProseMirror commands (no React, no DOM): the link under
 * the selection or the cursor, setting a link on the selection (or changing the one under the cursor),
 * and taking a link off. Targets are checked by domain/linkTarget.ts before they get here.
 */
const LINK = richTextSchema.marks.link;

export type LinkRange = { from: number; to: number; href: string };

const linkOf = (marks: readonly Mark[]) => LINK.isInSet(marks);

/**
 * The link the person is on: with a selection, the first link inside it (its range is the selection);
 * with a cursor, the whole run of text around it that carries the same link. Null when there is none.
 */
export function linkAt(state: EditorState): LinkRange | null {
  const { from, to, empty, $from } = state.selection;
  if (!empty) {
    let href: string | null = null;
    state.doc.nodesBetween(from, to, (node) => {
      const mark = node.isText ? linkOf(node.marks) : undefined;
      if (mark && href === null) href = String(mark.attrs.href ?? '');
    });
    return href === null ? null : { from, to, href };
  }
  const parent = $from.parent;
  const start = $from.start();
  let run: LinkRange | null = null;
  let found: LinkRange | null = null;
  parent.forEach((child, offset) => {
    const mark = child.isText ? linkOf(child.marks) : undefined;
    const childFrom = start + offset;
    const childTo = childFrom + child.nodeSize;
    if (mark && run && run.href === mark.attrs.href && run.to === childFrom) run.to = childTo;
    else run = mark ? { from: childFrom, to: childTo, href: String(mark.attrs.href ?? '') } : null;
    if (run && run.from <= from && from <= run.to) found = { ...run };
  });
  return found;
}

/**
 * Links the selection to `href` (a checked target). With a cursor on a link, that link gets the new
 * target; with a cursor elsewhere, the address itself is inserted as linked text.
 */
export function setLink(href: string): Command {
  return (state, dispatch) => {
    if (!href) return false;
    const mark = LINK.create({ href });
    const { from, to, empty } = state.selection;
    const range = empty ? linkAt(state) : { from, to, href };
    if (!dispatch) return true;
    if (range) {
      dispatch(
        state.tr.removeMark(range.from, range.to, LINK).addMark(range.from, range.to, mark).scrollIntoView(),
      );
      return true;
    }
    const text = richTextSchema.text(href.replace(/^mailto:/i, ''), [mark]);
    dispatch(state.tr.replaceSelectionWith(text, false).scrollIntoView());
    return true;
  };
}

/** Takes the link off the selection, or off the whole link under the cursor; false when there is none. */
export const removeLink: Command = (state, dispatch) => {
  const range = linkAt(state);
  if (!range) return false;
  if (dispatch) dispatch(state.tr.removeMark(range.from, range.to, LINK).scrollIntoView());
  return true;
};
