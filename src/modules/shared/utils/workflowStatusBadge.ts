import type { WorkflowStatus } from '../../../../domain/workflowTypes.ts';
import type { BadgeTone } from '../../../ui/Badge.tsx';

/** How a status reads on a row and on the details page. */
export const WORKFLOW_STATUS_BADGE: Record<WorkflowStatus, { label: string; tone: BadgeTone }> = {
  draft: { label: 'Draft', tone: 'neutral' },
  active: { label: 'Active', tone: 'success' },
  inactive: { label: 'Inactive', tone: 'warning' },
};
