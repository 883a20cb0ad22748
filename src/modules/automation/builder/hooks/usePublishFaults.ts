import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { publishProblems } from '../../../../../domain/workflowGraphRules.ts';
import type { WorkflowFlow } from '../../../../../domain/workflowTypes.ts';
import type { WorkflowSaveActor } from '../../../../../machines/workflowSaveMachine.ts';
import type { WorkflowDraft } from '../../../../engine/WorkflowDraft.ts';
import { flowPublishEmails } from '../utils/flowPublishEmails.ts';
import { useDraftSelector } from './useDraftSelector.ts';

const selectFlow = (snapshot: { flow: WorkflowFlow }) => snapshot.flow;
const NO_FAULTS: ReadonlyMap<string, string> = new Map();

/**
 * After a refused publish, the steps that block publishing (step id -> the reason), for the canvas to
 * mark: each mark stays until its step is fixed, or until the next save or publish attempt.
 * On each refusal the first faulty step is revealed (selected: its editor opens and the canvas pans to it).
 */
export function usePublishFaults(
  draft: WorkflowDraft,
  saveActor: WorkflowSaveActor,
  reveal: (nodeId: string) => void,
): ReadonlyMap<string, string> {
  const notice = useSelector(saveActor, (snapshot) => snapshot.context.notice);
  const serverFaults = useSelector(saveActor, (snapshot) => snapshot.context.faults);
  const refusedSeq = notice?.action === 'publish' && notice.tone === 'error' ? notice.seq : null;
  const showing = refusedSeq !== null;
  const flow = useDraftSelector(draft, selectFlow);
  const faults = useMemo<ReadonlyMap<string, string>>(() => {
    if (!showing) return NO_FAULTS;
    // The builder's own check (live: a fixed step loses its mark), then what only the server knew.
    const local = publishProblems(flow, flowPublishEmails(flow));
    const problems = [
      ...local,
      ...serverFaults.filter(
        (fault) => fault.nodeId in flow && !local.some((problem) => problem.message === fault.message),
      ),
    ];
    if (problems.length === 0) return NO_FAULTS;
    const byNode = new Map<string, string>();
    for (const problem of problems) {
      const before = byNode.get(problem.nodeId);
      byNode.set(problem.nodeId, before ? `${before} ${problem.message}` : problem.message);
    }
    return byNode;
  }, [showing, flow, serverFaults]);

  const revealed = useRef<number | null>(null);
  useEffect(() => {
    if (refusedSeq === null || revealed.current === refusedSeq) return;
    revealed.current = refusedSeq;
    const first = faults.keys().next();
    if (!first.done) reveal(first.value);
  }, [refusedSeq, faults, reveal]);
  return faults;
}
