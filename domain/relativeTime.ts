import { countOf } from './countOf.ts';
import { formatDate } from './formatDate.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * When something last changed, as people say it: "just now" (under a minute), "5 min ago", "3 h ago",
 * "2 days ago" (under a week), then the date (formatDate). An unreadable time is shown as it is.
 */
export function timeAgo(iso: string, now: number = Date.now()): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return iso;
  const past = Math.max(0, now - at);
  if (past < MINUTE) return 'just now';
  if (past < HOUR) return `${Math.floor(past / MINUTE)} min ago`;
  if (past < DAY) return `${Math.floor(past / HOUR)} h ago`;
  if (past < 7 * DAY) {
    const days = Math.floor(past / DAY);
    if (days === 1) return 'yesterday';
    return `${countOf(days, 'day', 'days')} ago`;
  }
  return formatDate(at);
}
