import { memo, useCallback } from 'react';
import { BLOCK_LABELS } from '../../../../engine/design/blockDefaults.ts';
import { duplicateBlock } from '../../../../engine/design/commands/duplicateBlock.ts';
import { moveBlockBy } from '../../../../engine/design/commands/moveBlock.ts';
import { removeBlock } from '../../../../engine/design/commands/removeBlock.ts';
import type { DesignDraft } from '../../../../engine/design/DesignDraft.ts';
import { useToast } from '../../../../ui/useToast.ts';
import { useDesigner } from '../hooks/DesignerContext.ts';
import { useDesign } from '../hooks/useDesign.ts';
import { blockBoxStyle } from '../utils/blockStyle.ts';
import { BlockContent } from './BlockContent.tsx';
import { BLOCK_TYPE } from './DropZone.tsx';

/**
 * One block on the canvas. It subscribes to its own block only (a keystroke elsewhere does not re-render
 * it). Selected: a toolbar to move, duplicate and remove. Keyboard: Alt+ArrowUp/Down moves it (announced),
 * Delete removes it (with Undo in the toast) when the block itself has focus.
 */
export const CanvasBlock = memo(function CanvasBlock({ id, parent }: { id: string; parent: string }) {
  const { draft, selectedId, select, faultBlockId, announce } = useDesigner();
  const toast = useToast();
  const block = useDesign(
    draft,
    useCallback((d: DesignDraft) => d.getBlock(id), [id]),
  );
  if (!block) return null;
  const label = BLOCK_LABELS[block.kind];
  const selected = selectedId === id;
  const position = () => {
    const layout = draft.getLayout();
    const list = parent
      ? Object.values(layout.columns)
          .flat()
          .find((column) => column.includes(id))
      : layout.root;
    return { at: (list?.indexOf(id) ?? 0) + 1, of: list?.length ?? 1 };
  };
  const move = (delta: -1 | 1) => {
    if (draft.run(moveBlockBy, { id, delta })) {
      const { at, of } = position();
      announce(`${label} moved to position ${at} of ${of}.`);
    } else announce(`${label} is already ${delta < 0 ? 'first' : 'last'}.`);
    requestAnimationFrame(() => document.getElementById(`block-${id}`)?.focus());
  };
  const remove = () => {
    draft.run(removeBlock, { id });
    select(null);
    announce(`${label} removed.`);
    toast.show({
      tone: 'info',
      message: `${label} removed.`,
      action: { label: 'Undo', onAction: () => draft.undo.undo() },
    });
  };
  const duplicate = () => {
    const copy = draft.run(duplicateBlock, { id });
    if (copy) {
      select(copy);
      announce(`${label} duplicated.`);
    }
  };
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
        if (event.altKey && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) {
          event.preventDefault();
          event.stopPropagation();
          move(event.key === 'ArrowUp' ? -1 : 1);
          return;
        }
        if (event.target !== event.currentTarget) return;
        if (event.key === 'Delete' || event.key === 'Backspace') {
          event.preventDefault();
          remove();
        }
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
          <button
            type="button"
            onClick={() => move(-1)}
            aria-label={`Move ${label} up`}
            title="Move up (Alt+↑)"
          >
            Up
          </button>
          <button
            type="button"
            onClick={() => move(1)}
            aria-label={`Move ${label} down`}
            title="Move down (Alt+↓)"
          >
            Down
          </button>
          <button type="button" onClick={duplicate} aria-label={`Duplicate ${label}`} title="Duplicate">
            Duplicate
          </button>
          <button type="button" onClick={remove} aria-label={`Remove ${label}`} title="Remove (Delete)">
            Remove
          </button>
        </div>
      ) : null}
      <div className="designer-block__box" style={blockBoxStyle(block)}>
        <BlockContent block={block} />
      </div>
    </div>
  );
});
