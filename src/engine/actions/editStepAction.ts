import { type BuilderAction, stepOf } from './BuilderAction.ts';

/** Edit: selects the step, which opens its editor beside the canvas. */
export const editStepAction: BuilderAction = {
  id: 'edit',
  label: 'Edit',
  surfaces: ['nodeMenu'],
  isEnabled: (host, target) => stepOf(host, target) !== null,
  perform: (host, target) => host.select(target.nodeId),
};
