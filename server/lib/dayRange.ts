import { badRequest } from './AppError.ts';
import { zonedToInstant } from './zonedTime.ts';

function dayStart(day: string, zone: string): Date {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return zonedToInstant({ year, month, day: date, hour: 0 }, zone);
}

/** The instants a date filter covers: from the start of start_date to the end of end_date (both days in). */
export function dayRange(
  query: { start_date?: string | undefined; end_date?: string | undefined },
  zone: string,
): { from: Date | null; to: Date | null } {
  const from = query.start_date ? dayStart(query.start_date, zone) : null;
  let to: Date | null = null;
  if (query.end_date) {
    const next = new Date(`${query.end_date}T00:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    to = dayStart(next.toISOString().slice(0, 10), zone);
  }
  if (from && to && from >= to) throw badRequest('start_date must be on or before end_date.');
  return { from, to };
}
