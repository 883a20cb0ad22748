import { removeBlock } from '../commands/removeBlock.ts';
import { blockLabel, blockOf, type DesignerAction, onBlockItself } from './DesignerAction.ts';

/** Remove (Delete or Backspace when the block itself has focus): one undo step, said with Undo. */
export const removeBlockAction: DesignerAction = {
  id: 'remove',
  label: 'Remove',
  ariaLabel: (host, target) => `Remove ${blockLabel(host, target)}`,
  surfaces: ['block'],
  tone: 'danger',
  keyTest: (press) => (press.key === 'Delete' || press.key === 'Backspace') && onBlockItself(press),
  shortcuts: ['Delete'],
  isEnabled: (host, target) => blockOf(host, target) !== null,
  perform: (host, target) => {
    if (target.blockId === null) return;
    const label = blockLabel(host, target);
    host.draft.run(removeBlock, { id: target.blockId });
    host.select(null);
    host.announce(`${label} removed.`);
    host.removed(label);
  },
};
