import { baseKeymap, toggleMark } from 'prosemirror-commands';
import { keymap } from 'prosemirror-keymap';
import { liftListItem, sinkListItem, splitListItem } from 'prosemirror-schema-list';
import { EditorState } from 'prosemirror-state';
import { EditorView } from 'prosemirror-view';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ySyncPlugin } from 'y-prosemirror';
import type * as Y from 'yjs';
import { insertText } from '../../../../engine/design/insertText.ts';
import { linkAt, removeLink, setLink } from '../../../../engine/design/richTextLink.ts';
import { richTextSchema } from '../../../../engine/design/richTextSchema.ts';
import { readDomSelection } from '../utils/readDomSelection.ts';
import { LinkDialog } from './LinkDialog.tsx';
import { MergeFieldDialog } from './MergeFieldDialog.tsx';

type Props = {
  fragment: Y.XmlFragment;
  label: string;
  className?: string;
  style?: React.CSSProperties;
  onFocus?: () => void;
};

/**
 * Text edited in place: a ProseMirror editor bound to the block's Y.XmlFragment by y-prosemirror's sync
 * plugin (no provider: it binds to our own Y.Doc, which the draft persists and relays). Its writes carry
 * ySyncPluginKey, an origin the draft's undo store tracks, so typing and block edits are one history.
 * Ctrl/Cmd+Z here is the designer's Undo (the registry's, through useActionShortcuts: the editor is one
 * of the draft's fields); ProseMirror keeps no history of its own and the browser's is never used. The
 * schema is the sanitised subset the server keeps. Links: the Link button
 * (shown while the text has focus) or Ctrl/Cmd+K opens the link editor for the selection or the link
 * under the cursor. Personal fields: the Field button opens the field picker, which inserts
 * {{first_name|there}} and the like where the cursor is.
 */
export function RichTextEditor({ fragment, label, className, style, onFocus }: Props) {
  const mount = useRef<HTMLDivElement>(null);
  const viewRef = useRef<EditorView | null>(null);
  const onFocusRef = useRef(onFocus);
  onFocusRef.current = onFocus;
  const [editingLink, setEditingLink] = useState<{ href: string; hasLink: boolean } | null>(null);
  const openLink = useCallback(() => {
    const view = viewRef.current;
    if (!view) return;
    readDomSelection(view);
    const link = linkAt(view.state);
    setEditingLink({ href: link?.href ?? '', hasLink: link !== null });
  }, []);
  const openLinkRef = useRef(openLink);
  openLinkRef.current = openLink;
  const [pickingField, setPickingField] = useState(false);
  const openFields = useCallback(() => {
    const view = viewRef.current;
    if (!view) return;
    readDomSelection(view);
    setPickingField(true);
  }, []);
  /** Runs a command on the editor (one undo step), then gives it focus back with the selection it had. */
  const runOnView = (command: typeof removeLink) => {
    const view = viewRef.current;
    setEditingLink(null);
    setPickingField(false);
    if (!view) return;
    command(view.state, view.dispatch);
    view.focus();
  };
  const closeDialogs = () => {
    setEditingLink(null);
    setPickingField(false);
    viewRef.current?.focus();
  };
  useEffect(() => {
    const element = mount.current;
    if (!element) return;
    const state = EditorState.create({
      schema: richTextSchema,
      plugins: [
        ySyncPlugin(fragment),
        keymap({
          'Mod-b': toggleMark(richTextSchema.marks.strong),
          'Mod-i': toggleMark(richTextSchema.marks.em),
          'Mod-u': toggleMark(richTextSchema.marks.underline),
          'Mod-k': () => {
            openLinkRef.current();
            return true;
          },
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
        // A field of the draft: Ctrl/Cmd+Z here is the designer's Undo (useActionShortcuts).
        'data-draft-fields': '',
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
    viewRef.current = view;
    return () => {
      viewRef.current = null;
      view.destroy();
    };
  }, [fragment, label]);
  return (
    <div className="designer-richtext-wrap">
      <div ref={mount} className={className} style={style} />
      <div className="designer-richtext-tools">
        <button
          type="button"
          // The text keeps its focus and selection: the editor opens for what is selected.
          onMouseDown={(event) => event.preventDefault()}
          onClick={openLink}
          aria-label={`Link in ${label}`}
          title="Link (Ctrl+K)"
          aria-keyshortcuts="Control+K Meta+K"
        >
          Link
        </button>
        <button
          type="button"
          onMouseDown={(event) => event.preventDefault()}
          onClick={openFields}
          aria-label={`Personal field in ${label}`}
          title="Insert a personal field: first name, company…"
        >
          Field
        </button>
      </div>
      {/* Mounted only while open: a long email has a text per block, and closed dialogs would all be in the page. */}
      {editingLink ? (
        <LinkDialog
          editing={editingLink}
          onApply={(href) => runOnView(setLink(href))}
          onRemove={() => runOnView(removeLink)}
          onClose={closeDialogs}
        />
      ) : null}
      {pickingField ? (
        <MergeFieldDialog onInsert={(token) => runOnView(insertText(token))} onClose={closeDialogs} />
      ) : null}
    </div>
  );
}
