import { memo, useState } from 'react';
import type { DesignBlockKind } from '../../../../../domain/emailDesign.ts';
import { BLOCK_LABELS } from '../../../../engine/design/blockDefaults.ts';
import { addBlock } from '../../../../engine/design/commands/addBlock.ts';
import { moveBlock } from '../../../../engine/design/commands/moveBlock.ts';
import { useDesigner } from '../hooks/DesignerContext.ts';

/** Drag data types: a palette kind, or a block being moved. */
export const KIND_TYPE = 'application/x-design-kind';
export const BLOCK_TYPE = 'application/x-design-block';

/**
 * A place between blocks where a dragged palette item or block lands (the keyboard has the palette's
 * buttons and Alt+Arrow keys instead). Shows a line while something is dragged over it.
 */
export const DropZone = memo(function DropZone({
  parent,
  index,
  last = false,
}: {
  parent: string;
  index: number;
  last?: boolean;
}) {
  const { draft, select, announce } = useDesigner();
  const [over, setOver] = useState(false);
  const accepts = (event: React.DragEvent) =>
    event.dataTransfer.types.includes(KIND_TYPE) || event.dataTransfer.types.includes(BLOCK_TYPE);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a mouse drop target; the keyboard has Alt+Arrow keys and the palette
    <div
      className={`designer-drop${over ? ' designer-drop--over' : ''}${last ? ' designer-drop--last' : ''}`}
      data-testid="drop-zone"
      onDragOver={(event) => {
        if (!accepts(event)) return;
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        setOver(false);
        const kind = event.dataTransfer.getData(KIND_TYPE) as DesignBlockKind;
        const moving = event.dataTransfer.getData(BLOCK_TYPE);
        event.preventDefault();
        try {
          if (kind) {
            const id = draft.run(addBlock, { kind, parent, index });
            select(id);
            announce(`${BLOCK_LABELS[kind]} added.`);
          } else if (moving) {
            const before = draft.getLayout().parentOf[moving];
            const siblings = before === parent ? (parent ? null : draft.getLayout().root) : null;
            const from = siblings?.indexOf(moving) ?? -1;
            const target = from >= 0 && from < index ? index - 1 : index;
            if (draft.run(moveBlock, { id: moving, parent, index: target })) announce('Block moved.');
          }
        } catch (error) {
          announce(error instanceof Error ? error.message : 'That block cannot go there.');
        }
      }}
    />
  );
});
