import type { FormSubmission } from '../../../domain/hostedForms.ts';
import type { Db } from '../../db/Db.ts';
import { dayRange } from '../../lib/dayRange.ts';
import { listSubmissions, ownForm } from './formQueries.ts';

export type SubmissionsQuery = { form_id: number; start_date?: string; end_date?: string };

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
  const { from, to } = dayRange(query, viewer.zone);
  return { formId: form.id, ...(await listSubmissions(db, form.id, { ...page, from, to })) };
}
