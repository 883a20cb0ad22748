import type { FormSubmission } from '../../../domain/hostedForms.ts';
import type { Db } from '../../db/Db.ts';
import { badRequest } from '../../lib/AppError.ts';
import { zonedToInstant } from '../../lib/zonedTime.ts';
import { listSubmissions, ownForm } from './formQueries.ts';

export type SubmissionsQuery = { form_id: number; start_date?: string; end_date?: string };

/** The start of a day (YYYY-MM-DD) in the person's time zone. */
function dayStart(day: string, zone: string): Date {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return zonedToInstant({ year, month, day: date, hour: 0 }, zone);
}

/** The instants a date filter covers: from the start of start_date to the end of end_date (both days in). */
function dateRange(query: { start_date?: string; end_date?: string }, zone: string) {
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

/**
 * form_submissions/ and its export: a page of the organisation's form's submissions, newest first,
 * optionally between two days of the person's time zone (both days in).
 */
export async function formSubmissions(
  db: Db,
  viewer: { orgId: number; zone: string; publicOrigin: string },
  query: SubmissionsQuery,
  page: { offset: number; limit: number },
): Promise<{ formId: number; total: number; rows: FormSubmission[] }> {
  const form = await ownForm(db, viewer.orgId, query.form_id, viewer.publicOrigin);
  const { from, to } = dateRange(query, viewer.zone);
  return { formId: form.id, ...(await listSubmissions(db, form.id, { ...page, from, to })) };
}
