import type { BuilderAction } from './BuilderAction.ts';
import { copyStepAction } from './copyStepAction.ts';
import { copyWithStepsBelowAction } from './copyWithStepsBelowAction.ts';
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
