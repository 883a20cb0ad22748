import type { KeyPress } from '../../actions/EditorAction.ts';
import { moveBlockBy } from '../commands/moveBlock.ts';
import type { DesignLayout } from '../readDesignLayout.ts';
import {
  blockLabel,
  blockOf,
  type DesignerAction,
  type DesignerActionHost,
  type DesignerTarget,
} from './DesignerAction.ts';

/** A block's place among its siblings, counted from 1. */
function placeOf(layout: DesignLayout, id: string): { at: number; of: number } {
  const parent = layout.parentOf[id] ?? '';
  const list = parent
    ? (Object.values(layout.columns)
        .flat()
        .find((column) => column.includes(id)) ?? [])
    : layout.root;
  return { at: list.indexOf(id) + 1, of: list.length };
}

/** Alt (alone) with an arrow key. */
const altArrow = (press: KeyPress, key: string) =>
  press.key === key && press.altKey === true && !press.ctrlKey && !press.metaKey;

/** Moves the block one place (one undo step) and says where it is now, or that it could not move. */
function moveBy(host: DesignerActionHost, target: DesignerTarget, delta: -1 | 1): void {
  const id = target.blockId;
  if (id === null) return;
  const label = blockLabel(host, target);
  if (host.draft.run(moveBlockBy, { id, delta })) {
    const { at, of } = placeOf(host.draft.getLayout(), id);
    host.announce(`${label} moved to position ${at} of ${of}.`);
  } else host.announce(`${label} is already ${delta < 0 ? 'first' : 'last'}.`);
  host.moved(id);
}

/** Up: one place up among its siblings (Alt+ArrowUp, from anywhere in the block). */
export const moveBlockUpAction: DesignerAction = {
  id: 'move-up',
  label: 'Up',
  ariaLabel: (host, target) => `Move ${blockLabel(host, target)} up`,
  surfaces: ['block'],
  keyTest: (press) => altArrow(press, 'ArrowUp'),
  shortcuts: ['Alt+ArrowUp'],
  isEnabled: (host, target) => blockOf(host, target) !== null,
  perform: (host, target) => moveBy(host, target, -1),
};

/** Down: one place down among its siblings (Alt+ArrowDown). */
export const moveBlockDownAction: DesignerAction = {
  id: 'move-down',
  label: 'Down',
  ariaLabel: (host, target) => `Move ${blockLabel(host, target)} down`,
  surfaces: ['block'],
  keyTest: (press) => press.key === 'ArrowDown' && press.altKey === true && !press.ctrlKey && !press.metaKey,
  shortcuts: ['Alt+ArrowDown'],
  isEnabled: (host, target) => blockOf(host, target) !== null,
  perform: (host, target) => moveBy(host, target, 1),
};
