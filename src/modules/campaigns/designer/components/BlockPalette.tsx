import type { DesignBlockKind } from '../../../../../domain/emailDesign.ts';
import { kindAdded } from '../../../../engine/design/actions/addBlockActions.ts';
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
 * The blocks one can add: the registry's Add actions. A click (or Enter) adds below the selected
 * top-level block or at the end; a drag drops it between blocks on the canvas.
 */
export function BlockPalette() {
  const { dispatcher } = useDesigner();
  return (
    <nav className="designer-palette" aria-label="Blocks">
      <h2 className="designer-panel-title">Add a block</h2>
      <ul className="designer-palette__list">
        {dispatcher.items('palette').map((item) => {
          const kind = kindAdded(item.id);
          return kind ? (
            <li key={item.id}>
              <button
                type="button"
                className="designer-palette__item"
                draggable
                onDragStart={(event) => {
                  event.dataTransfer.setData(KIND_TYPE, kind);
                  event.dataTransfer.effectAllowed = 'copy';
                }}
                onClick={item.perform}
                aria-label={item.ariaLabel}
                title={HINTS[kind]}
              >
                <span className="designer-palette__name">{item.label}</span>
                <span className="designer-palette__hint">{HINTS[kind]}</span>
              </button>
            </li>
          ) : null;
        })}
      </ul>
    </nav>
  );
}
