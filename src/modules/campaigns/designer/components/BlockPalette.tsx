import { DESIGN_BLOCK_KINDS, type DesignBlockKind } from '../../../../../domain/emailDesign.ts';
import { BLOCK_LABELS } from '../../../../engine/design/blockDefaults.ts';
import { addBlock } from '../../../../engine/design/commands/addBlock.ts';
import { useDesigner } from '../hooks/DesignerContext.ts';
import { KIND_TYPE } from './DropZone.tsx';

const HINTS: Record<DesignBlockKind, string> = {
  header: 'Logo and title',
  text: 'Paragraphs, headings, lists',
  image: 'A picture, with a link',
  button: 'A call to action',
  divider: 'A line',
  spacer: 'Empty space',
  columns: 'Two or three side by side',
  social: 'Links to your profiles',
  articleCard: 'One curated article',
  articleList: 'The edition’s articles',
  footer: 'Address and preference link',
};

/**
 * The blocks one can add: a click (or Enter) adds below the selected top-level block or at the end; a
 * drag drops it between blocks on the canvas.
 */
export function BlockPalette({ onAdded }: { onAdded?: () => void }) {
  const { draft, selectedId, select, announce } = useDesigner();
  const add = (kind: DesignBlockKind) => {
    const layout = draft.getLayout();
    const at = selectedId ? layout.root.indexOf(selectedId) : -1;
    const id = draft.run(addBlock, { kind, index: at >= 0 ? at + 1 : layout.root.length });
    select(id);
    announce(`${BLOCK_LABELS[kind]} added${at >= 0 ? ' below the selected block' : ' at the end'}.`);
    onAdded?.();
    requestAnimationFrame(() =>
      document.getElementById(`block-${id}`)?.scrollIntoView?.({ block: 'nearest' }),
    );
  };
  return (
    <nav className="designer-palette" aria-label="Blocks">
      <h2 className="designer-panel-title">Add a block</h2>
      <ul className="designer-palette__list">
        {DESIGN_BLOCK_KINDS.map((kind) => (
          <li key={kind}>
            <button
              type="button"
              className="designer-palette__item"
              draggable
              onDragStart={(event) => {
                event.dataTransfer.setData(KIND_TYPE, kind);
                event.dataTransfer.effectAllowed = 'copy';
              }}
              onClick={() => add(kind)}
              aria-label={`Add ${BLOCK_LABELS[kind]}`}
            >
              <span className="designer-palette__name">{BLOCK_LABELS[kind]}</span>
              <span className="designer-palette__hint">{HINTS[kind]}</span>
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
