import { formatDate } from '../../../../domain/formatDate.ts';
/** A runtime time (ISO text) as "22 Nov, 14:05" (the reader's locale and zone); an unreadable one as it is. */
export function formatRuntimeTime(iso: string): string {
  return formatDate(iso, 'dayMonthTime');
}
