import type { EnrolmentStatus } from '../../../../../domain/workflowRuntimeTypes.ts';
import type { BadgeTone } from '../../../../ui/Badge.tsx';

/** How an enrolment's status reads in the contacts table. */
export const ENROLMENT_STATUS_BADGE: Record<EnrolmentStatus, { label: string; tone: BadgeTone }> = {
  running: { label: 'Running', tone: 'info' },
  waiting: { label: 'Waiting', tone: 'info' },
  held: { label: 'Held (paused)', tone: 'warning' },
  completed: { label: 'Completed', tone: 'success' },
  exited: { label: 'Left', tone: 'neutral' },
  failed: { label: 'Failed', tone: 'danger' },
};
