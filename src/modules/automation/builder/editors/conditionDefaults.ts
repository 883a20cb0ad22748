import { CONDITION_CONTROLS } from '../../../../../domain/workflowCatalogue.ts';
import type { Condition, ConditionType } from '../../../../../domain/workflowTypes.ts';
import type { WorkflowEmailOption } from './workflowEmailOptions.ts';

export const EMAIL_CONDITIONS: readonly ConditionType[] = [
  'has opened',
  'has clicked',
  'has not opened',
  'has not clicked',
  'email sequence',
];
export const LINK_CONDITIONS: readonly ConditionType[] = ['has clicked', 'has not clicked'];
export const DAY_VERBS = ['is', 'is not'] as const;
export const TIME_VERBS = ['before', 'after'] as const;
/** "has opened" is the default of a new condition. */
export const DEFAULT_CONDITION_TYPE: ConditionType = 'has opened';

/**
 * A condition of `type` with its defaults: an email test starts on the first email of the workflow, a
 * day test on "is" business days, a time test "after 09:00", each in the given time zone.
 */
export function newCondition(
  type: ConditionType,
  emails: readonly WorkflowEmailOption[],
  timezone: string,
): Condition {
  const control = CONDITION_CONTROLS.find((c) => c.controlName === type);
  const base: Condition = { conditionType: type, controlId: control?.controlId ?? 1, controlName: type };
  if (EMAIL_CONDITIONS.includes(type)) {
    const first = emails[0];
    return {
      ...base,
      emailId: first?.emailId ?? null,
      emailName: first?.emailName ?? null,
      ...(LINK_CONDITIONS.includes(type) ? { link: null } : {}),
    };
  }
  if (type === 'current day') return { ...base, verb: 'is', day: [], timezone };
  if (type === 'current time') return { ...base, verb: 'after', time: '09:00', timezone };
  return { ...base, listId: null, listName: null };
}
