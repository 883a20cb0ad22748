import { conditionSummary } from '../../../../../domain/conditionSummary.ts';
import { countOf } from '../../../../../domain/countOf.ts';
import type { DelayUnit, FlowNode } from '../../../../../domain/workflowTypes.ts';

/** What a step card shows under its title: the key detail of the step, and a badge when it has one. */
export type NodeSummary = {
  detail: string;
  badge: { tone: 'success' | 'warning'; label: string } | null;
};

const UNIT_ONE: Record<DelayUnit, string> = { minutes: 'minute', hours: 'hour', days: 'day', weeks: 'week' };

function plural(value: number, unit: DelayUnit): string {
  return countOf(value, UNIT_ONE[unit], unit);
}

function hourLabel(hour: number): string {
  const h = ((hour % 24) + 24) % 24;
  const twelve = h % 12 === 0 ? 12 : h % 12;
  return `${twelve} ${h < 12 ? 'am' : 'pm'}`;
}

/** "Wait 2 days", "Wait until 9 am, business days (Europe/Paris)". */
export function delaySummary(node: FlowNode): string {
  const { radioValue, duration, waitUntil } = node.detail;
  if (radioValue === 2 && waitUntil) {
    const days =
      waitUntil.days.length > 0
        ? waitUntil.days.join(', ')
        : waitUntil.dayOption === 'business'
          ? 'business days'
          : 'any day';
    return `Wait until ${hourLabel(waitUntil.hour)}, ${days}${waitUntil.timezone ? ` (${waitUntil.timezone})` : ''}`;
  }
  if (duration && duration.value > 0) return `Wait ${plural(duration.value, duration.unit)}`;
  return 'No wait set';
}

export function nodeSummary(node: FlowNode): NodeSummary {
  switch (node.type) {
    case 'send email': {
      const name = node.detail.emailName;
      if (!name && !(node.detail.emailId && node.detail.emailId > 0)) {
        return { detail: 'No email chosen', badge: null };
      }
      return {
        detail: name ?? `Email #${node.detail.emailId}`,
        badge: node.detail.designReady
          ? { tone: 'success', label: 'Design ready' }
          : { tone: 'warning', label: 'Not design-ready' },
      };
    }
    case 'add to list':
      return { detail: node.detail.list?.name ?? 'No list chosen', badge: null };
    case 'delay':
      return { detail: delaySummary(node), badge: null };
    case 'If / Else':
      return { detail: conditionSummary(node), badge: null };
    case 'end':
      return { detail: 'The workflow ends here', badge: null };
  }
}
