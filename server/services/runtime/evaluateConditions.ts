import type { Condition, NodeDetail } from '../../../domain/workflowTypes.ts';
import { safeZone, zonedParts } from '../../lib/zonedTime.ts';
import type { EventSource, ListPort } from './runtimePorts.ts';

export type ConditionContext = {
  contactId: number;
  /** Email conditions look at events from the enrolment's start. */
  since: Date;
  now: Date;
  events: EventSource;
  lists: Pick<ListPort, 'isMember'>;
};

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/**
 * One condition, evaluated when the step is reached:
 * - has opened / has clicked (a link; empty = any link) / has not opened / has not clicked: the
 *   contact's opened or clicked events of that email (no email chosen: any email) since the enrolment,
 *   whose time is that of its trigger: the open or click that started the enrolment counts;
 * - email sequence: the contact has been sent that email, at any time (it is in that email's sequence);
 * - list: the contact is a member of the list now;
 * - current day (is / is not the chosen weekdays) and current time (before / after HH:MM, "after"
 *   including the minute itself), in the condition's time zone (UTC when unset or unknown).
 */
export async function evaluateCondition(condition: Condition, ctx: ConditionContext): Promise<boolean> {
  const emailId = condition.emailId && condition.emailId > 0 ? condition.emailId : null;
  const window = { contactId: ctx.contactId, emailId, since: ctx.since, until: ctx.now };
  switch (condition.conditionType) {
    case 'has opened':
      return ctx.events.hasEvent({ ...window, kind: 'opened' });
    case 'has not opened':
      return !(await ctx.events.hasEvent({ ...window, kind: 'opened' }));
    case 'has clicked':
      return ctx.events.hasEvent({ ...window, kind: 'clicked', link: condition.link ?? null });
    case 'has not clicked':
      return !(await ctx.events.hasEvent({ ...window, kind: 'clicked', link: condition.link ?? null }));
    case 'email sequence':
      return ctx.events.hasEvent({ ...window, since: null, kind: 'sent' });
    case 'list':
      return condition.listId && condition.listId > 0
        ? ctx.lists.isMember(condition.listId, ctx.contactId)
        : false;
    case 'current day': {
      const today = zonedParts(ctx.now, safeZone(condition.timezone)).weekday;
      const listed = (condition.day ?? []).includes(today);
      return condition.verb === 'is not' ? !listed : listed;
    }
    case 'current time': {
      const match = TIME.exec(condition.time ?? '');
      if (!match) return false;
      const at = zonedParts(ctx.now, safeZone(condition.timezone));
      const minutes = at.hour * 60 + at.minute;
      const limit = Number(match[1]) * 60 + Number(match[2]);
      return condition.verb === 'before' ? minutes < limit : minutes >= limit;
    }
    default:
      return false;
  }
}

/** An If / Else step: its conditions joined by AND (the default) or OR; no condition counts as true. */
export async function evaluateConditions(detail: NodeDetail, ctx: ConditionContext): Promise<boolean> {
  const conditions = detail.conditions ?? [];
  if (conditions.length === 0) return true;
  const any = detail.connector === 'OR';
  for (const condition of conditions) {
    const result = await evaluateCondition(condition, ctx);
    if (any && result) return true;
    if (!any && !result) return false;
  }
  return !any;
}
