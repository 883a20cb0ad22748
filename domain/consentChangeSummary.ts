import type { ConsentSnapshot } from './preferenceSchemas.ts';

const FLAG_LABELS = {
  unsub_all: 'Unsubscribe All',
  marketing: 'Marketing',
  webinars: 'Webinars/Events',
} as const;

/**
 * What one consent ledger entry changed, in words: "Marketing off", "Weekly digest on"... in the page's
 * order (flags, then alerts, then newsletters). Empty when nothing differs.
 */
export function consentChangeSummary(before: ConsentSnapshot, after: ConsentSnapshot): string[] {
  const words = (on: boolean) => (on ? 'on' : 'off');
  const changes: string[] = [];
  for (const key of ['unsub_all', 'marketing', 'webinars'] as const) {
    if (before[key] !== after[key]) changes.push(`${FLAG_LABELS[key]} ${words(after[key] === '1')}`);
  }
  for (const alert of after.alerts) {
    const was = before.alerts.find((a) => a.name === alert.name)?.status;
    if (was !== alert.status) changes.push(`${alert.name} ${words(alert.status === '1')}`);
  }
  for (const letter of after.newsletters) {
    const was = before.newsletters.find((n) => n.id === letter.id)?.status;
    if (was !== letter.status) changes.push(`${letter.name} ${words(letter.status === '1')}`);
  }
  return changes;
}
