import { Handle, type NodeProps, Position } from '@xyflow/react';
import { memo } from 'react';
import { nodeTitleOf } from '../../../../../domain/workflowGraphRules.ts';
import { STEP_TITLES } from '../../../../engine/nodeDefaults.ts';
import { useBuilder } from '../hooks/BuilderContext.ts';
import { NodeCountsRow } from '../runtime/NodeCountsRow.tsx';
import { nodeSummary } from '../utils/nodeSummary.ts';
import type { StepFlowNode } from './canvasTypes.ts';
import { NodeCard } from './NodeCard.tsx';
import { sameNodeContent } from './sameNodeContent.ts';

const KIND_CLASS: Record<StepFlowNode['type'], string> = {
  sendEmail: 'email',
  addToList: 'list',
  delay: 'delay',
  condition: 'condition',
  end: 'end',
};

/**
 * A step on the canvas (send email, add to list, delay, If / Else, end): its card and its actions button.
 * An If / Else has two outgoing handles, "yes" on the left and "no" on the right; an end none.
 * Memoised: it re-renders only when its own node object (the engine keeps unchanged ones) or selection changes.
 */
export const StepNode = memo(function StepNode({ id, data, type, selected }: NodeProps<StepFlowNode>) {
  const { openNodeMenu } = useBuilder();
  const node = data.node;
  const title = nodeTitleOf(node);
  const summary = nodeSummary(node);
  return (
    <>
      <Handle type="target" position={Position.Top} isConnectable={false} className="builder-handle" />
      <NodeCard
        kind={STEP_TITLES[node.type]}
        kindClass={KIND_CLASS[type]}
        title={title}
        detail={summary.detail}
        badges={
          summary.badge ? (
            <span className={`builder-node__badge builder-node__badge--${summary.badge.tone}`}>
              {summary.badge.label}
            </span>
          ) : null
        }
        selected={selected}
        hasError={data.hasError}
        publishProblem={data.publishProblem}
        isNew={data.isNewlyAdded}
        counts={<NodeCountsRow nodeId={id} />}
        actions={
          <button
            type="button"
            className="builder-node__actions nodrag nopan"
            aria-label={`Actions for ${title}`}
            aria-haspopup="menu"
            onClick={(event) => {
              event.stopPropagation();
              openNodeMenu(id, event.currentTarget);
            }}
          >
            <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true">
              <circle cx="4" cy="10" r="1.7" fill="currentColor" />
              <circle cx="10" cy="10" r="1.7" fill="currentColor" />
              <circle cx="16" cy="10" r="1.7" fill="currentColor" />
            </svg>
          </button>
        }
      />
      {type === 'condition' ? (
        <>
          <Handle
            id="yes"
            type="source"
            position={Position.Bottom}
            isConnectable={false}
            className="builder-handle builder-handle--yes"
            style={{ left: '25%' }}
          />
          <Handle
            id="no"
            type="source"
            position={Position.Bottom}
            isConnectable={false}
            className="builder-handle builder-handle--no"
            style={{ left: '75%' }}
          />
        </>
      ) : type === 'end' ? null : (
        <Handle type="source" position={Position.Bottom} isConnectable={false} className="builder-handle" />
      )}
    </>
  );
}, sameNodeContent);
