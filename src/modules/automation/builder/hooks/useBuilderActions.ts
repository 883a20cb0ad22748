import { startTransition, useCallback, useMemo, useRef, useState } from 'react';
import type { ConstraintRefusal } from '../../../../domain/removalConstraints.ts';
import { nodeTitleOf } from '../../../../domain/workflowGraphRules.ts';
import { WORKFLOW_TEXTS } from '../../../../domain/workflowTypes.ts';
import { addNode } from '../../../../engine/commands/addNode.ts';
import { copyNode, type WorkflowClipboard } from '../../../../engine/commands/copyNode.ts';
import { deleteNode } from '../../../../engine/commands/deleteNode.ts';
import { markError } from '../../../../engine/commands/markError.ts';
import { pasteNode } from '../../../../engine/commands/pasteNode.ts';
import type { CommandRefusal, SlotRef } from '../../../../engine/commands/readWorkflowTree.ts';
import { stepsDeletedBy } from '../../../../engine/commands/stepsDeletedBy.ts';
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
  /** Copies the selected step (Ctrl/Cmd+C). */
  copySelected: () => void;
  /** A delete of several steps (an If / Else with its branches) waiting for the user's answer. */
  pendingDelete: PendingDelete | null;
  confirmDelete: (nodeId: string) => void;
  cancelDelete: () => void;
};

/**
 * The builder's canvas actions over one draft: add (menu of kinds), paste, copy ("Copied"), delete
 * (a constraint refusal opens the constraint dialog and nothing changes), mark error, select. Each edit
 * is one command run by the draft (one undo step). The clipboard is this tab's memory.
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

  const copy = useCallback(
    (nodeId: string, scope: 'node' | 'subtree') => {
      const copied = copyNode(draft.doc, { nodeId, scope });
      if (!copied) return;
      clipboard.current = copied;
      toast.show({ message: WORKFLOW_TEXTS.copied, tone: 'success', duration: 4000 });
    },
    [draft, toast],
  );

  /** Deletes a step now (one undo step); the toast offers Undo while nothing else was done since. */
  const deleteNow = useCallback(
    (nodeId: string) => {
      const node = draft.getSnapshot().flow[nodeId];
      const title = node ? nodeTitleOf(node) : 'step';
      const result = draft.run(deleteNode, { nodeId });
      if (!result.ok) {
        refused(result);
        return;
      }
      setSelectedId((current) => (current && result.removed.includes(current) ? null : current));
      const depth = draft.undo.manager.undoStack.length;
      const count = result.removed.length;
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
            if (draft.undo.manager.undoStack.length === depth) draft.undo.undo();
            else toast.show({ message: 'Other changes came after the delete: use Undo in the toolbar.' });
          },
        },
      });
    },
    [draft, refused, toast],
  );

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
    // Deleting an If / Else with steps below it asks first, naming how many steps go.
    const remove = (nodeId: string) => {
      const going = stepsDeletedBy(draft.doc, nodeId);
      const node = draft.getSnapshot().flow[nodeId];
      if (node && going.length > 1)
        setPendingDelete({ nodeId, title: nodeTitleOf(node), count: going.length });
      else deleteNow(nodeId);
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
        const hasNext = node.childNodes.some((child) => child !== '');
        const items: FloatingMenuItem[] = [
          { id: 'edit', label: 'Edit', onSelect: () => select(nodeId) },
          { id: 'copy', label: 'Copy', onSelect: () => copy(nodeId, 'node') },
        ];
        if (hasNext) {
          items.push({
            id: 'copy-subtree',
            label: 'Copy with the steps below',
            onSelect: () => copy(nodeId, 'subtree'),
          });
        }
        items.push(
          {
            id: 'error',
            label: node.detail.error ? 'Clear the error mark' : 'Mark as error',
            onSelect: () => {
              const result = draft.run(markError, { nodeId, error: !node.detail.error });
              if (!result.ok) refused(result);
            },
          },
          { id: 'delete', label: 'Delete', tone: 'danger', onSelect: () => remove(nodeId) },
        );
        setMenu({ label: `Actions for ${nodeTitleOf(node)}`, anchor, items });
      },
    };
  }, [draft, workflowId, refused, copy, deleteNow]);

  const closeMenu = useCallback(() => setMenu(null), []);
  const dismissConstraint = useCallback(() => setConstraint(null), []);
  const copySelected = useCallback(() => {
    if (selectedId && selectedId !== 'trigger') copy(selectedId, 'node');
  }, [selectedId, copy]);
  const cancelDelete = useCallback(() => setPendingDelete(null), []);
  const confirmDelete = useCallback(
    (nodeId: string) => {
      setPendingDelete(null);
      deleteNow(nodeId);
    },
    [deleteNow],
  );
  return {
    actions,
    selectedId,
    menu,
    closeMenu,
    constraint,
    showConstraint: setConstraint,
    dismissConstraint,
    copySelected,
    pendingDelete,
    confirmDelete,
    cancelDelete,
  };
}
