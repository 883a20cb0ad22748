import type { WorkflowStatus } from '../../../domain/workflowTypes.ts';

/**
 * Workflow status changes:
 * - draft -> draft: save; draft -> active: publish (the publish rules must pass);
 * - active -> active: save while live (the publish rules must pass again); active -> inactive: pause;
 * - inactive -> inactive: save while paused (new nodes are recorded as newly added);
 *   inactive -> active: resume (the publish rules must pass; newly added nodes are cleared);
 * - anything -> draft from active or inactive, and draft -> inactive, are refused.
 */
export type StatusChange =
  | { kind: 'save' }
  | { kind: 'publish' }
  | { kind: 'pause' }
  | { kind: 'resume' }
  | { kind: 'refused'; message: string };

export function statusChange(from: WorkflowStatus, to: WorkflowStatus): StatusChange {
  if (from === to) return to === 'active' ? { kind: 'publish' } : { kind: 'save' };
  if (to === 'active') return from === 'inactive' ? { kind: 'resume' } : { kind: 'publish' };
  if (to === 'inactive') {
    return from === 'active'
      ? { kind: 'pause' }
      : { kind: 'refused', message: 'A draft workflow cannot be paused: publish it first.' };
  }
  return {
    kind: 'refused',
    message: `A ${from === 'active' ? 'published' : 'paused'} workflow cannot go back to draft: pause it instead.`,
  };
}
