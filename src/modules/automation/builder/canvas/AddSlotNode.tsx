import { Handle, type NodeProps, Position } from '@xyflow/react';
import { memo, useCallback } from 'react';
import { nodeTitleOf } from '../../../../../domain/workflowGraphRules.ts';
import type { DraftSnapshot } from '../../../../engine/WorkflowDraft.ts';
import { useBuilder } from '../hooks/BuilderContext.ts';
import { useDraftSelector } from '../hooks/useDraftSelector.ts';
import type { AddFlowNode } from './canvasTypes.ts';
import { sameNodeContent } from './sameNodeContent.ts';

/** "Add a step after Welcome email", "Add a step on the yes branch of Opened?", "Add the first step". */
export function slotLabel(snapshot: DraftSnapshot, at: AddFlowNode['data']['at']): string {
  const parent = at.parentId === null ? null : snapshot.flow[at.parentId];
  if (!parent) return 'Add the first step';
  const title = nodeTitleOf(parent);
  if (parent.type === 'If / Else')
    return `Add a step on the ${at.slot === 0 ? 'yes' : 'no'} branch of ${title}`;
  return `Add a step after ${title}`;
}

/** An empty slot: a round "+" button opening the menu of step kinds (and paste). */
export const AddSlotNode = memo(function AddSlotNode({ data }: NodeProps<AddFlowNode>) {
  const { openSlotMenu, draft } = useBuilder();
  const label = useDraftSelector(
    draft,
    useCallback((snapshot: DraftSnapshot) => slotLabel(snapshot, data.at), [data.at]),
  );
  return (
    <>
      <Handle type="target" position={Position.Top} isConnectable={false} className="builder-handle" />
      <button
        type="button"
        className="builder-add nodrag nopan"
        aria-label={label}
        title={label}
        aria-haspopup="menu"
        onClick={(event) => {
          event.stopPropagation();
          openSlotMenu(data.at, event.currentTarget, false);
        }}
      >
        <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true">
          <path d="M10 4v12M4 10h12" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
        </svg>
      </button>
    </>
  );
}, sameNodeContent);
