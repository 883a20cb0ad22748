import type { Command } from 'prosemirror-state';

/**
 * Inserts plain text where the cursor is, over the selection if there is one, in the marks there (a
 * merge field typed into bold text is bold): a ProseMirror command, so it goes through the sync plugin
 * as one change of the draft.
 */
export function insertText(text: string): Command {
  return (state, dispatch) => {
    if (!text) return false;
    dispatch?.(state.tr.insertText(text).scrollIntoView());
    return true;
  };
}
