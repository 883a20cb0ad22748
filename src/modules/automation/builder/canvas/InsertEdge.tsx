import { BaseEdge, EdgeLabelRenderer, type EdgeProps, getSmoothStepPath } from '@xyflow/react';
import { memo, useCallback } from 'react';
import { nodeTitleOf } from '../../../../../domain/workflowGraphRules.ts';
import type { DraftSnapshot } from '../../../../engine/WorkflowDraft.ts';
import { useBuilder } from '../hooks/BuilderContext.ts';
import { useDraftSelector } from '../hooks/useDraftSelector.ts';
import type { BuilderFlowEdge } from './canvasTypes.ts';

/**
 * An edge between two nodes, with its "Yes"/"No" label under an If / Else and a small "+" in the middle that
 * inserts a step (or pastes) on it.
 */
export const InsertEdge = memo(function InsertEdge(props: EdgeProps<BuilderFlowEdge>) {
  const { id, label, data, target } = props;
  const { openSlotMenu, draft } = useBuilder();
  const targetTitle = useDraftSelector(
    draft,
    useCallback(
      (snapshot: DraftSnapshot) => {
        const node = snapshot.flow[target];
        return node ? nodeTitleOf(node) : null;
      },
      [target],
    ),
  );
  // The path from the edge's end points and sides (getSmoothStepPath reads only those of the props).
  const [path, labelX, labelY] = getSmoothStepPath({ ...props, borderRadius: 10 });
  const at = data?.at;
  const isPlaceholder = target.startsWith('add:');
  return (
    <>
      <BaseEdge id={id} path={path} className="builder-edge" />
      <EdgeLabelRenderer>
        <div
          className="builder-edge__label nodrag nopan"
          style={{ transform: `translate(-50%, -50%) translate(${labelX}px, ${labelY}px)` }}
        >
          {label ? (
            <span className={`builder-edge__branch builder-edge__branch--${String(label).toLowerCase()}`}>
              {label}
            </span>
          ) : null}
          {at && !isPlaceholder ? (
            <button
              type="button"
              className="builder-edge__add"
              aria-label={`Insert a step before ${targetTitle ?? 'this step'}`}
              title={`Insert a step before ${targetTitle ?? 'this step'}`}
              aria-haspopup="menu"
              onClick={(event) => {
                event.stopPropagation();
                openSlotMenu(at, event.currentTarget, true);
              }}
            >
              +
            </button>
          ) : null}
        </div>
      </EdgeLabelRenderer>
    </>
  );
});
