import { TextSelection } from 'prosemirror-state';
import type { EditorView } from 'prosemirror-view';

/**
 * Brings the editor's selection up to date with the page's: the browser reports a selection change a
 * moment after a key moves it, so a shortcut pressed straight after (Ctrl+K after Ctrl+Shift+Left) would
 * otherwise act on the selection before the move. Leaves the editor as it is when the page's selection
 * lies outside it.
 */
export function readDomSelection(view: EditorView): void {
  const selection = view.dom.ownerDocument.getSelection();
  if (!selection?.anchorNode || !selection.focusNode) return;
  if (!view.dom.contains(selection.anchorNode) || !view.dom.contains(selection.focusNode)) return;
  let anchor: number;
  let head: number;
  try {
    anchor = view.posAtDOM(selection.anchorNode, selection.anchorOffset);
    head = view.posAtDOM(selection.focusNode, selection.focusOffset);
  } catch {
    return;
  }
  const { doc, selection: current } = view.state;
  if (current.anchor === anchor && current.head === head) return;
  view.dispatch(view.state.tr.setSelection(TextSelection.create(doc, anchor, head)));
}
