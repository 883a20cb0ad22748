import { DESIGN_BLOCK_KINDS, type DesignBlockKind } from '../../../../domain/emailDesign.ts';
import { BLOCK_LABELS } from '../blockDefaults.ts';
import { addBlock } from '../commands/addBlock.ts';
import type { DesignerAction } from './DesignerAction.ts';

/**
 * Add <kind>: a block from the palette, below the selected top-level block or at the end; the new block
 * is selected and brought into view. (A drag from the palette drops it where it is let go instead.)
 */
function addBlockAction(kind: DesignBlockKind): DesignerAction {
  const label = BLOCK_LABELS[kind];
  return {
    id: `add-${kind}`,
    label,
    ariaLabel: () => `Add ${label}`,
    surfaces: ['palette'],
    isEnabled: () => true,
    perform: (host) => {
      const layout = host.draft.getLayout();
      const selected = host.selectedId();
      const at = selected ? layout.root.indexOf(selected) : -1;
      const id = host.draft.run(addBlock, { kind, index: at >= 0 ? at + 1 : layout.root.length });
      host.select(id);
      host.announce(`${label} added${at >= 0 ? ' below the selected block' : ' at the end'}.`);
      host.added(id);
    },
  };
}

/** One Add action per kind of block, in the palette's order. */
export const addBlockActions: readonly DesignerAction[] = DESIGN_BLOCK_KINDS.map(addBlockAction);

/** The kind an Add action adds. */
export function kindAdded(actionId: string): DesignBlockKind | null {
  const kind = actionId.startsWith('add-') ? actionId.slice(4) : '';
  return (DESIGN_BLOCK_KINDS as readonly string[]).includes(kind) ? (kind as DesignBlockKind) : null;
}
