import { startTransition, useCallback, useMemo, useRef, useState } from 'react';
import type { ConstraintRefusal } from '../../../../../domain/removalConstraints.ts';
import { nodeTitleOf } from '../../../../../domain/workflowGraphRules.ts';
import { WORKFLOW_TEXTS } from '../../../../../domain/workflowTypes.ts';
import type { BuilderActionHost, BuilderDispatcher } from '../../../../engine/actions/BuilderAction.ts';
import { createBuilderDispatcher } from '../../../../engine/actions/builderActionRegistry.ts';
import { deleteStepNow } from '../../../../engine/actions/deleteStepAction.ts';
import { addNode } from '../../../../engine/commands/addNode.ts';
import type { WorkflowClipboard } from '../../../../engine/commands/copyNode.ts';
import { pasteNode } from '../../../../engine/commands/pasteNode.ts';
import type { CommandRefusal, SlotRef } from '../../../../engine/commands/readWorkflowTree.ts';
import type { WorkflowDraft } from '../../../../engine/WorkflowDraft.ts';
import { useToast } from '../../../../ui/useToast.ts';
import type { PendingDelete } from '../components/DeleteStepsDialog.tsx';
import type { FloatingMenuItem, FloatingMenuState } from '../components/FloatingMenu.tsx';
import type { BuilderActions } from './BuilderContext.ts';

/** The kinds of steps the add menu offers, in its order. */
export const STEP_KINDS = [
  { type: 'send email', label: 'Send email' },
  { type: 'add to list', label: 'Add to list' },
  { type: 'delay', label: 'Delay' },
  { type: 'If / Else', label: 'If / Else' },
  { type: 'end', label: 'End' },
] as const;

export type BuilderUi = {
  actions: BuilderActions;
  selectedId: string | null;
  menu: FloatingMenuState | null;
  closeMenu: () => void;
  constraint: ConstraintRefusal | null;
  showConstraint: (refusal: ConstraintRefusal) => void;
  dismissConstraint: () => void;
  /** The registry's actions (step menu, toolbar, keyboard) over this draft. */
  dispatcher: BuilderDispatcher;
  /** A delete of several steps (an If / Else with its branches) waiting for the user's answer. */
  pendingDelete: PendingDelete | null;
  confirmDelete: (nodeId: string) => void;
  cancelDelete: () => void;
};

/**
 * The builder's canvas actions over one draft. The step menu, the toolbar and the keyboard run the
 * action registry (src/engine/actions) through one dispatcher, whose host this hook provides: selection,
 * the tab's clipboard ("Copied"), the constraint dialog for a refusal (nothing changes), the delete
 * question and the delete toast with Undo. The add menu (kinds of steps, paste) and drag moves stay here.
 * Each edit is one command run by the draft (one undo step).
 */
export function useBuilderActions(draft: WorkflowDraft, workflowId: number): BuilderUi {
  const toast = useToast();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [menu, setMenu] = useState<FloatingMenuState | null>(null);
  const [constraint, setConstraint] = useState<ConstraintRefusal | null>(null);
  const [pendingDelete, setPendingDelete] = useState<PendingDelete | null>(null);
  const clipboard = useRef<WorkflowClipboard | null>(null);

  const refused = useCallback(
    (result: CommandRefusal) => {
      if (result.reason === 'constraint') setConstraint(result.refusal);
      else toast.show({ message: result.message, tone: 'error' });
    },
    [toast],
  );

  const selectedRef = useRef<string | null>(selectedId);
  selectedRef.current = selectedId;

  // What the registry's actions need from the screen: selection, the clipboard, dialogs and toasts.
  const dispatcher = useMemo<BuilderDispatcher>(() => {
    const host: BuilderActionHost = {
      draft,
      selectedId: () => selectedRef.current,
      select: (nodeId) => setSelectedId(nodeId),
      copied: (copied) => {
        clipboard.current = copied;
        toast.show({ message: WORKFLOW_TEXTS.copied, tone: 'success', duration: 4000 });
      },
      refused,
      confirmDelete: setPendingDelete,
      // The toast offers Undo while nothing else was done since the delete.
      deleted: ({ title, removed, undoDepth }) => {
        setSelectedId((current) => (current && removed.includes(current) ? null : current));
        const count = removed.length;
        toast.show({
          message:
            count === 1
              ? `Deleted “${title}”.`
              : `Deleted “${title}” and ${count - 1} step${count === 2 ? '' : 's'} below it.`,
          tone: 'success',
          duration: 8000,
          action: {
            label: 'Undo',
            onAction: () => {
              // Only this delete is undone: after other edits, the toolbar's Undo goes back step by step.
              if (draft.undo.manager.undoStack.length === undoDepth) draft.undo.undo();
              else toast.show({ message: 'Other changes came after the delete: use Undo in the toolbar.' });
            },
          },
        });
      },
    };
    return createBuilderDispatcher(host);
  }, [draft, refused, toast]);

  const actions = useMemo<BuilderActions>(() => {
    const select = (nodeId: string | null) => setSelectedId(nodeId);
    const add = (at: SlotRef, type: (typeof STEP_KINDS)[number]['type']) => {
      const result = draft.run(addNode, { at, type });
      // The canvas shows the new step at once; its editor (a heavier tree) follows in a transition.
      if (result.ok) startTransition(() => setSelectedId(result.nodeId));
      else refused(result);
    };
    const paste = (at: SlotRef) => {
      if (!clipboard.current) return;
      const result = draft.run(pasteNode, { clipboard: clipboard.current, at });
      if (result.ok) startTransition(() => setSelectedId(result.rootId));
      else refused(result);
    };
    const move = (nodeId: string, to: SlotRef) => {
      const result = draft.commitDrag({ nodeId, to });
      if (!result.ok) refused(result);
      // Moved to the top, the step's content is now in "0" (and the old first step's in its id).
      else if (to.parentId === null)
        setSelectedId((current) => (current === nodeId ? '0' : current === '0' ? nodeId : current));
    };
    return {
      draft,
      workflowId,
      select,
      move,
      openSlotMenu: (at, anchor, occupied) => {
        const items: FloatingMenuItem[] = STEP_KINDS.filter((kind) => !(occupied && kind.type === 'end')).map(
          (kind) => ({ id: kind.type, label: kind.label, onSelect: () => add(at, kind.type) }),
        );
        if (clipboard.current) {
          const first = clipboard.current.nodes[0];
          items.push({
            id: 'paste',
            label: `Paste "${first ? nodeTitleOf(first) : 'step'}"`,
            onSelect: () => paste(at),
          });
        }
        setMenu({ label: 'Add a step', anchor, items });
      },
      openNodeMenu: (nodeId, anchor) => {
        const node = draft.getSnapshot().flow[nodeId];
        if (!node) return;
        const items: FloatingMenuItem[] = dispatcher
          .enabledItems('nodeMenu', { nodeId: nodeId })
          .map((item) => ({
            id: item.id,
            label: item.label,
            tone: item.tone,
            onSelect: item.perform,
          }));
        setMenu({ label: `Actions for ${nodeTitleOf(node)}`, anchor, items });
      },
    };
  }, [draft, workflowId, refused, dispatcher]);

  const closeMenu = useCallback(() => setMenu(null), []);
  const dismissConstraint = useCallback(() => setConstraint(null), []);
  const cancelDelete = useCallback(() => setPendingDelete(null), []);
  const confirmDelete = useCallback(
    (nodeId: string) => {
      setPendingDelete(null);
      deleteStepNow(dispatcher.host, nodeId);
    },
    [dispatcher],
  );
  return {
    actions,
    selectedId,
    menu,
    closeMenu,
    constraint,
    showConstraint: setConstraint,
    dismissConstraint,
    dispatcher,
    pendingDelete,
    confirmDelete,
    cancelDelete,
  };
}
