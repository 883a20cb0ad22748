/** A runtime time (ISO text) as "Nov 22, 2:05 PM" in the viewer's zone; an unreadable one as it is. */
export function formatRuntimeTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
}
