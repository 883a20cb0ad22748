import type { BuilderAction, BuilderActionHost, BuilderDispatcher } from './BuilderAction.ts';
import { copyStepAction } from './copyStepAction.ts';
import { copyWithStepsBelowAction } from './copyWithStepsBelowAction.ts';
import { createActionDispatcher } from './createActionDispatcher.ts';
import { deleteStepAction } from './deleteStepAction.ts';
import { editStepAction } from './editStepAction.ts';
import { markErrorAction } from './markErrorAction.ts';
import { redoAction } from './redoAction.ts';
import { undoAction } from './undoAction.ts';

/** Every builder action, in the order the menus and the toolbar list them. */
export const builderActionRegistry: readonly BuilderAction[] = [
  undoAction,
  redoAction,
  editStepAction,
  copyStepAction,
  copyWithStepsBelowAction,
  markErrorAction,
  deleteStepAction,
];

/** The builder's one dispatcher over the registry; toolbars and keys act on the selected step. */
export function createBuilderDispatcher(host: BuilderActionHost): BuilderDispatcher {
  return createActionDispatcher(builderActionRegistry, host, () => ({ nodeId: host.selectedId() }));
}
