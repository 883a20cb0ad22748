import { duplicateBlock } from '../commands/duplicateBlock.ts';
import { blockLabel, blockOf, type DesignerAction } from './DesignerAction.ts';

/** Duplicate: a copy right below, selected (a columns block with its content). */
export const duplicateBlockAction: DesignerAction = {
  id: 'duplicate',
  label: 'Duplicate',
  ariaLabel: (host, target) => `Duplicate ${blockLabel(host, target)}`,
  surfaces: ['block'],
  isEnabled: (host, target) => blockOf(host, target) !== null,
  perform: (host, target) => {
    if (target.blockId === null) return;
    const label = blockLabel(host, target);
    const copy = host.draft.run(duplicateBlock, { id: target.blockId });
    if (!copy) return;
    host.select(copy);
    host.announce(`${label} duplicated.`);
  },
};
