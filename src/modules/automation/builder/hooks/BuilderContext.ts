import { createContext, useContext } from 'react';
import type { SlotRef } from '../../../../engine/commands/readWorkflowTree.ts';
import type { WorkflowDraft } from '../../../../engine/WorkflowDraft.ts';

/**
 * What the canvas' node components can do (stable for the life of the builder, so memoised nodes never
 * re-render because of it). Every change goes through the draft's commands (useBuilderActions).
 */
export type BuilderActions = {
  draft: WorkflowDraft;
  workflowId: number;
  /** Selects a step (opens its editor in the side panel); null closes it. */
  select: (nodeId: string | null) => void;
  /** Opens the menu of step kinds (and paste) for a slot; `occupied`: the slot holds a step (an edge). */
  openSlotMenu: (at: SlotRef, anchor: HTMLElement, occupied: boolean) => void;
  /**
   * Moves a step (with its branches when an If / Else) into another slot: a drag dropped on the canvas.
   * parentId null: right under the trigger (the step becomes the first one).
   */
  move: (nodeId: string, to: SlotRef) => void;
  /** Opens the actions of a step (edit, copy, delete, mark error). */
  openNodeMenu: (nodeId: string, anchor: HTMLElement) => void;
};

export const BuilderContext = createContext<BuilderActions | null>(null);

export function useBuilder(): BuilderActions {
  const value = useContext(BuilderContext);
  if (!value) throw new Error('useBuilder must be used inside the workflow builder');
  return value;
}
