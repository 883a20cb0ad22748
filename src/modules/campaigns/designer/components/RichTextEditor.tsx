import { baseKeymap, toggleMark } from 'prosemirror-commands';
import { keymap } from 'prosemirror-keymap';
import { liftListItem, sinkListItem, splitListItem } from 'prosemirror-schema-list';
import { EditorState } from 'prosemirror-state';
import { EditorView } from 'prosemirror-view';
import { useEffect, useRef } from 'react';
import { ySyncPlugin } from 'y-prosemirror';
import type * as Y from 'yjs';
import type { DesignDraft } from '../../../../engine/design/DesignDraft.ts';
import { richTextSchema } from '../../../../engine/design/richTextSchema.ts';

type Props = {
  draft: DesignDraft;
  fragment: Y.XmlFragment;
  label: string;
  className?: string;
  style?: React.CSSProperties;
  onFocus?: () => void;
};

/**
 * Text edited in place: a ProseMirror editor bound to the block's Y.XmlFragment by y-prosemirror's sync
 * plugin (no provider: it binds to our own Y.Doc, which the draft persists and relays). Its writes carry
 * ySyncPluginKey, an origin the draft's undo store tracks, so Ctrl/Cmd+Z here undoes typing and block
 * edits in one history. The schema is the sanitised subset the server keeps.
 */
export function RichTextEditor({ draft, fragment, label, className, style, onFocus }: Props) {
  const mount = useRef<HTMLDivElement>(null);
  const onFocusRef = useRef(onFocus);
  onFocusRef.current = onFocus;
  useEffect(() => {
    const element = mount.current;
    if (!element) return;
    const undo = () => {
      draft.undo.undo();
      return true;
    };
    const redo = () => {
      draft.undo.redo();
      return true;
    };
    const state = EditorState.create({
      schema: richTextSchema,
      plugins: [
        ySyncPlugin(fragment),
        keymap({
          'Mod-z': undo,
          'Shift-Mod-z': redo,
          'Mod-y': redo,
          'Mod-b': toggleMark(richTextSchema.marks.strong),
          'Mod-i': toggleMark(richTextSchema.marks.em),
          'Mod-u': toggleMark(richTextSchema.marks.underline),
          Enter: splitListItem(richTextSchema.nodes.list_item),
          Tab: sinkListItem(richTextSchema.nodes.list_item),
          'Shift-Tab': liftListItem(richTextSchema.nodes.list_item),
        }),
        keymap(baseKeymap),
      ],
    });
    const view = new EditorView(element, {
      state,
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        class: 'designer-richtext',
      },
      handleDOMEvents: {
        focus: () => {
          onFocusRef.current?.();
          return false;
        },
        keydown: (_view, event) => {
          // Block moves (Alt+Arrow) belong to the block, not the text.
          if (event.altKey && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) return false;
          return false;
        },
      },
    });
    return () => view.destroy();
  }, [draft, fragment, label]);
  return <div ref={mount} className={className} style={style} />;
}
