import type { WorkflowClipboard } from '../commands/copyNode.ts';
import type { CommandRefusal } from '../commands/readWorkflowTree.ts';
import type { WorkflowDraft } from '../WorkflowDraft.ts';

/**
 * One thing a user can do in the builder, reachable from the step menu, the toolbar and the keyboard
 * (as Excalidraw's actions are): an id, a label, which key presses ask for it, whether it is enabled and
 * what it does (an engine command over the draft). Actions are plain values with no React or DOM, so one
 * registry (builderActionRegistry) feeds every surface through one dispatcher (createActionDispatcher).
 */

/** The plain fields of a key press (a KeyboardEvent's), plus whether the page has text selected. */
export type KeyPress = {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey?: boolean;
  /** Text is selected on the page (the browser's copy should win). */
  textSelected?: boolean;
};

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

export type BuilderAction = {
  id: BuilderActionId;
  label: string | ((host: BuilderActionHost, target: ActionTarget) => string);
  /** Surfaces that list the action (the keyboard reaches every action that has a keyTest). */
  surfaces: readonly ActionSurface[];
  /** The key presses that ask for the action. */
  keyTest?: (press: KeyPress) => boolean;
  /** Shortcuts for people, "Mod" standing for Ctrl or Cmd: ["Shift+Mod+Z", "Mod+Y"]. */
  shortcuts?: readonly string[];
  /** A matching key press still does the browser's default (copy leaves the system copy alone). */
  keepsDefault?: boolean;
  tone?: 'default' | 'danger';
  isEnabled(host: BuilderActionHost, target: ActionTarget): boolean;
  perform(host: BuilderActionHost, target: ActionTarget): void;
};

/** Ctrl or Cmd held, Alt not. */
export function withModifier(press: KeyPress): boolean {
  return (press.ctrlKey || press.metaKey) && !press.altKey;
}

/** The target's step, when it is a step of the flow (not the trigger, not a removed step). */
export function stepOf(host: BuilderActionHost, target: ActionTarget) {
  if (target.nodeId === null || target.nodeId === 'trigger') return null;
  return host.draft.getSnapshot().flow[target.nodeId] ?? null;
}
