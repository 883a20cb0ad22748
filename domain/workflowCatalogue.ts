import type {
  ConditionControl,
  DayOption,
  TriggerId,
  WorkflowControl,
  WorkflowTrigger,
} from './workflowTypes.ts';

/**
 * The fixed option lists of automation: triggers, step controls, condition
 * controls, weekdays, hours and day options. The server answers them (get_workflow_triggers/,
 * get_workflow_controls/, get_user_static_data/); the builder may use them directly.
 */

export const WORKFLOW_TRIGGERS: readonly WorkflowTrigger[] = [
  {
    trigger_id: 7,
    trigger_name: 'Email open',
    description: 'Starts when a contact opens an email.',
    subject: 'email',
  },
  {
    trigger_id: 8,
    trigger_name: 'Email click',
    description: 'Starts when a contact clicks a link in an email.',
    subject: 'email',
  },
  {
    trigger_id: 9,
    trigger_name: 'Email received',
    description: 'Starts when a contact receives an email.',
    subject: 'email',
  },
  {
    trigger_id: 10,
    trigger_name: 'Share profile',
    description: 'Starts when a share profile is sent to a contact.',
    subject: 'share_profile',
  },
  {
    trigger_id: 11,
    trigger_name: 'Email sequence',
    description: 'Starts when a contact enters an email sequence.',
    subject: 'email',
  },
  {
    trigger_id: 14,
    trigger_name: 'Subscribes to a list',
    description: 'Starts when a contact is added to a list.',
    subject: 'list',
  },
];

export function triggerOf(triggerId: number): WorkflowTrigger | undefined {
  return WORKFLOW_TRIGGERS.find((trigger) => trigger.trigger_id === triggerId);
}

export function triggerName(triggerId: TriggerId | number): string {
  return triggerOf(triggerId)?.trigger_name ?? `Trigger ${triggerId}`;
}

/** The step palette: controlId per step type. */
export const WORKFLOW_CONTROLS: readonly WorkflowControl[] = [
  { controlId: 1, controlName: 'send email', controlType: 'action' },
  { controlId: 2, controlName: 'add to list', controlType: 'action' },
  { controlId: 3, controlName: 'delay', controlType: 'action' },
  { controlId: 4, controlName: 'end', controlType: 'action' },
  { controlId: 5, controlName: 'If / Else', controlType: 'condition' },
];

/** The tests of an If / Else step; "has opened" is the default. */
export const CONDITION_CONTROLS: readonly ConditionControl[] = [
  { controlId: 1, controlName: 'has opened' },
  { controlId: 2, controlName: 'has clicked' },
  { controlId: 3, controlName: 'has not opened' },
  { controlId: 4, controlName: 'has not clicked' },
  { controlId: 5, controlName: 'current day' },
  { controlId: 6, controlName: 'current time' },
  { controlId: 7, controlName: 'email sequence' },
  { controlId: 8, controlName: 'list' },
];

export const WEEKDAYS = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;
export const BUSINESS_DAYS = WEEKDAYS.slice(0, 5);

/**
 * The hours of the day in clock order, with their 0-23 value: "12 am" (midnight, 0) first, "1 am" .. "11 am",
 * then "12 pm" (noon, 12), "1 pm" .. "11 pm".
 */
export const HOUR_OPTIONS: readonly { label: string; value: number }[] = Array.from(
  { length: 24 },
  (_, hour) => ({
    label: `${hour % 12 === 0 ? 12 : hour % 12} ${hour < 12 ? 'am' : 'pm'}`,
    value: hour,
  }),
);

export const DAY_OPTIONS: readonly { label: string; value: DayOption }[] = [
  { label: 'All days', value: 'all' },
  { label: 'Business days (Mon-Fri)', value: 'business' },
];

/** Share profile email templates. */
export const SHARE_PROFILE_TEMPLATES: readonly { id: string; name: string }[] = [
  { id: 'profile-classic', name: 'Classic profile' },
  { id: 'profile-compact', name: 'Compact profile' },
  { id: 'profile-insights', name: 'Profile with account insights' },
];
