import { EditorState } from 'prosemirror-state';
import { EditorView } from 'prosemirror-view';
import { afterEach, expect, it } from 'vitest';
import { richTextSchema } from '../../../src/engine/design/richTextSchema.ts';
import { readDomSelection } from '../../../src/modules/campaigns/designer/utils/readDomSelection.ts';

let view: EditorView | null = null;
afterEach(() => {
  view?.destroy();
  view = null;
  document.body.innerHTML = '';
});

function editorWith(text: string): EditorView {
  const place = document.createElement('div');
  document.body.append(place);
  const schema = richTextSchema;
  const doc = schema.node('doc', null, [schema.node('paragraph', null, [schema.text(text)])]);
  view = new EditorView(place, { state: EditorState.create({ schema, doc }) });
  return view;
}

it('takes the page selection the browser has not reported yet', () => {
  const editor = editorWith('Typed in the designer.');
  const textNode = editor.dom.querySelector('p')?.firstChild as Text;
  // The word "designer", selected on the page while the editor still has its cursor at the start.
  document.getSelection()?.setBaseAndExtent(textNode, 13, textNode, 21);
  expect(editor.state.selection.empty).toBe(true);
  readDomSelection(editor);
  const { from, to } = editor.state.selection;
  expect(editor.state.doc.textBetween(from, to)).toBe('designer');
});

it('leaves the editor alone when the page selection is elsewhere', () => {
  const editor = editorWith('Typed in the designer.');
  const outside = document.createElement('p');
  outside.textContent = 'elsewhere';
  document.body.append(outside);
  const before = editor.state.selection;
  document.getSelection()?.setBaseAndExtent(outside.firstChild as Text, 0, outside.firstChild as Text, 4);
  readDomSelection(editor);
  expect(editor.state.selection.eq(before)).toBe(true);
});
