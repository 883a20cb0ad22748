/** A date of the workflow service (ISO text) as "Nov 22, 2026"; an unreadable one is shown as it is. */
export function formatWorkflowDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}
