import { createActionDispatcher } from '../../actions/createActionDispatcher.ts';
import { redoAction } from '../../actions/redoAction.ts';
import { undoAction } from '../../actions/undoAction.ts';
import { addBlockActions } from './addBlockActions.ts';
import type { DesignerAction, DesignerActionHost, DesignerDispatcher } from './DesignerAction.ts';
import { duplicateBlockAction } from './duplicateBlockAction.ts';
import { moveBlockDownAction, moveBlockUpAction } from './moveBlockActions.ts';
import { removeBlockAction } from './removeBlockAction.ts';

/** Every designer action, in the order the toolbars and the palette list them. */
export const designerActionRegistry: readonly DesignerAction[] = [
  undoAction,
  redoAction,
  moveBlockUpAction,
  moveBlockDownAction,
  duplicateBlockAction,
  removeBlockAction,
  ...addBlockActions,
];

/** The designer's one dispatcher over the registry; toolbars and keys act on the selected block. */
export function createDesignerDispatcher(host: DesignerActionHost): DesignerDispatcher {
  return createActionDispatcher(designerActionRegistry, host, () => ({ blockId: host.selectedId() }));
}
