import { Handle, type NodeProps, Position } from '@xyflow/react';
import { memo } from 'react';
import { triggerSubjectLabel } from '../../utils/triggerSubjectLabel.ts';
import { EnrolledCount } from '../runtime/EnrolledCount.tsx';
import type { TriggerFlowNode } from './canvasTypes.ts';
import { NodeCard } from './NodeCard.tsx';
import { sameNodeContent } from './sameNodeContent.ts';

/** The trigger on top of the canvas: what starts the workflow and its email, list or share profile. */
export const TriggerNode = memo(function TriggerNode({ data, selected }: NodeProps<TriggerFlowNode>) {
  const { trigger, missingEnd } = data;
  const subject = triggerSubjectLabel(trigger) ?? 'Nothing chosen yet';
  return (
    <>
      <NodeCard
        kind="Trigger"
        kindClass="trigger"
        title={trigger.trigger_name || 'Trigger'}
        detail={subject}
        selected={selected}
        counts={<EnrolledCount />}
        badges={
          missingEnd ? (
            <span className="builder-node__badge builder-node__badge--warning" data-testid="missing-end">
              No end step
            </span>
          ) : null
        }
      />
      <Handle type="source" position={Position.Bottom} isConnectable={false} className="builder-handle" />
    </>
  );
}, sameNodeContent);
