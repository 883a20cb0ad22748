import { formatDate } from '../../../../domain/formatDate.ts';
/** "14:05" for today, "3 Mar, 14:05" otherwise (the reader's locale and time zone). */
export function formatSupportTime(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  if (date.toDateString() === now.toDateString()) return formatDate(date, 'time');
  return formatDate(date, 'dayMonthTime');
}
