import { markError } from '../commands/markError.ts';
import { type BuilderAction, stepOf } from './BuilderAction.ts';

/** Mark as error / Clear the error mark: toggles the step's error flag (publishing waits for none). */
export const markErrorAction: BuilderAction = {
  id: 'mark-error',
  label: (host, target) => (stepOf(host, target)?.detail.error ? 'Clear the error mark' : 'Mark as error'),
  surfaces: ['nodeMenu'],
  isEnabled: (host, target) => stepOf(host, target) !== null,
  perform: (host, target) => {
    const step = stepOf(host, target);
    if (!step || target.nodeId === null) return;
    const result = host.draft.run(markError, { nodeId: target.nodeId, error: !step.detail.error });
    if (!result.ok) host.refused(result);
  },
};
