import { useCallback } from 'react';
import type { DesignDraft } from '../../../../engine/design/DesignDraft.ts';
import { columnSlot } from '../../../../engine/design/designDoc.ts';
import { useDesigner } from '../hooks/DesignerContext.ts';
import { useDesign } from '../hooks/useDesign.ts';
import { CanvasBlock } from './CanvasBlock.tsx';
import { DropZone } from './DropZone.tsx';

const EMPTY: string[][] = [];

/** A columns block's columns, side by side, each a list of blocks with drop zones. */
export function ColumnsView({ id }: { id: string }) {
  const { draft } = useDesigner();
  const columns = useDesign(
    draft,
    useCallback((d: DesignDraft) => d.getLayout().columns[id] ?? EMPTY, [id]),
  );
  return (
    <div className="designer-columns" style={{ gridTemplateColumns: `repeat(${columns.length || 2}, 1fr)` }}>
      {columns.map((children, index) => {
        const parent = columnSlot(id, index);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a column is its index
          <div key={index} className="designer-column" data-column={index + 1}>
            {children.map((child, at) => (
              <div key={child}>
                <DropZone parent={parent} index={at} />
                <CanvasBlock id={child} />
              </div>
            ))}
            <DropZone parent={parent} index={children.length} last />
          </div>
        );
      })}
    </div>
  );
}
