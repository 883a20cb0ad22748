import { memo, useCallback } from 'react';
import { keyPressOf } from '../../../../engine/actions/EditorAction.ts';
import { BLOCK_LABELS } from '../../../../engine/design/blockDefaults.ts';
import type { DesignDraft } from '../../../../engine/design/DesignDraft.ts';
import { useDesigner } from '../hooks/DesignerContext.ts';
import { useDesign } from '../hooks/useDesign.ts';
import { blockBoxStyle } from '../utils/blockStyle.ts';
import { BlockContent } from './BlockContent.tsx';
import { BLOCK_TYPE } from './DropZone.tsx';

/** A shortcut as people read it: Alt+↑. */
const keyName = (shortcut: string) => shortcut.replace('ArrowUp', '↑').replace('ArrowDown', '↓');

/**
 * One block on the canvas. It subscribes to its own block only (a keystroke elsewhere does not re-render
 * it). Selected: a toolbar of the registry's block actions (Up, Down, Duplicate, Remove). Keyboard, through
 * the same actions: Alt+ArrowUp/Down moves it (announced), Delete removes it (with Undo in the toast) when
 * the block itself has focus.
 */
export const CanvasBlock = memo(function CanvasBlock({ id }: { id: string }) {
  const { draft, dispatcher, selectedId, select, faultBlockId } = useDesigner();
  const block = useDesign(
    draft,
    useCallback((d: DesignDraft) => d.getBlock(id), [id]),
  );
  if (!block) return null;
  const label = BLOCK_LABELS[block.kind];
  const selected = selectedId === id;
  const target = { blockId: id };
  return (
    // biome-ignore lint/a11y/useSemanticElements: a block is a focusable group with its own toolbar
    <div
      id={`block-${id}`}
      role="group"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a block is selected and moved from the keyboard
      tabIndex={0}
      aria-label={`${label} block${selected ? ', selected' : ''}`}
      aria-keyshortcuts="Alt+ArrowUp Alt+ArrowDown Delete"
      data-testid="canvas-block"
      data-kind={block.kind}
      data-block-id={id}
      className={`designer-block${selected ? ' designer-block--selected' : ''}${
        faultBlockId === id ? ' designer-block--fault' : ''
      }`}
      onClick={(event) => {
        event.stopPropagation();
        if (!selected) select(id);
      }}
      onFocus={(event) => {
        if (event.target === event.currentTarget && !selected) select(id);
      }}
      onKeyDown={(event) => {
        const matched = dispatcher.handleKey(
          keyPressOf(event, { fromInside: event.target !== event.currentTarget }),
          { surface: 'block', target },
        );
        if (!matched) return;
        event.preventDefault();
        event.stopPropagation();
      }}
    >
      {selected ? (
        <div className="designer-block__tools" role="toolbar" aria-label={`${label} block actions`}>
          <span
            className="designer-block__handle"
            draggable
            onDragStart={(event) => {
              event.dataTransfer.setData(BLOCK_TYPE, id);
              event.dataTransfer.effectAllowed = 'move';
            }}
            title="Drag to move"
            aria-hidden="true"
          >
            ⠿
          </span>
          {dispatcher.items('block', target).map((item) => (
            <button
              key={item.id}
              type="button"
              onClick={item.perform}
              aria-label={item.ariaLabel}
              title={
                item.shortcuts.length > 0
                  ? `${item.ariaLabel} (${item.shortcuts.map(keyName).join(', ')})`
                  : item.ariaLabel
              }
            >
              {item.label}
            </button>
          ))}
        </div>
      ) : null}
      <div className="designer-block__box" style={blockBoxStyle(block)}>
        <BlockContent block={block} />
      </div>
    </div>
  );
});
