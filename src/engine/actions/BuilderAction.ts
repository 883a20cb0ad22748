import type { WorkflowClipboard } from '../commands/copyNode.ts';
import type { CommandRefusal } from '../commands/readWorkflowTree.ts';
import type { WorkflowDraft } from '../WorkflowDraft.ts';
import type { ActionDispatcher } from './createActionDispatcher.ts';
import type { EditorAction } from './EditorAction.ts';

/**
 * The workflow builder's actions (EditorAction.ts), reachable from the step menu, the toolbar and the
 * keyboard through one dispatcher over builderActionRegistry.
 */

/** The step an action acts on: the menu's step, or (toolbar, keyboard) the selected step; null: none. */
export type ActionTarget = { nodeId: string | null };

/** Where an action is offered besides the keyboard. */
export type ActionSurface = 'nodeMenu' | 'toolbar';

/** What the builder screen does for the actions: selection, the tab's clipboard, dialogs and toasts. */
export type BuilderActionHost = {
  draft: WorkflowDraft;
  /** The selected step (the toolbar's and the keyboard's target). */
  selectedId(): string | null;
  select(nodeId: string | null): void;
  /** A step was copied: keep it in this tab's clipboard and say so. */
  copied(clipboard: WorkflowClipboard): void;
  /** A command refused the change (a constraint, or an invalid target): nothing changed. */
  refused(result: CommandRefusal): void;
  /** A delete takes more than one step: ask first (the answer runs deleteStepNow). */
  confirmDelete(pending: { nodeId: string; title: string; count: number }): void;
  /** Steps were deleted as one undo step (undoDepth: the undo stack's length right after). */
  deleted(done: { title: string; removed: string[]; undoDepth: number }): void;
};

export type BuilderActionId = 'undo' | 'redo' | 'edit' | 'copy' | 'copy-subtree' | 'mark-error' | 'delete';

export type BuilderAction = EditorAction<BuilderActionHost, ActionTarget, BuilderActionId, ActionSurface>;

/** The builder's dispatcher: the step menu, the toolbar and the keyboard. */
export type BuilderDispatcher = ActionDispatcher<
  BuilderActionHost,
  ActionTarget,
  BuilderActionId,
  ActionSurface
>;

/** The target's step, when it is a step of the flow (not the trigger, not a removed step). */
export function stepOf(host: BuilderActionHost, target: ActionTarget) {
  if (target.nodeId === null || target.nodeId === 'trigger') return null;
  return host.draft.getSnapshot().flow[target.nodeId] ?? null;
}
