import { copyNode } from '../commands/copyNode.ts';
import { type BuilderAction, stepOf } from './BuilderAction.ts';

/** Copy with the steps below: the step and everything under it; offered when something is below. */
export const copyWithStepsBelowAction: BuilderAction = {
  id: 'copy-subtree',
  label: 'Copy with the steps below',
  surfaces: ['nodeMenu'],
  isEnabled: (host, target) => stepOf(host, target)?.childNodes.some((child) => child !== '') ?? false,
  perform: (host, target) => {
    if (target.nodeId === null) return;
    const copied = copyNode(host.draft.doc, { nodeId: target.nodeId, scope: 'subtree' });
    if (copied) host.copied(copied);
  },
};
