import { csvLine } from '../../../domain/csvText.ts';
import type { Db } from '../../db/Db.ts';
import { formSubmissions, type SubmissionsQuery } from './formSubmissions.ts';

const EXPORT_MAX_ROWS = 100_000;

/** export_form_submissions/: a form's submissions as CSV (same date filter), cells made safe for spreadsheets. */
export async function formSubmissionsCsv(
  db: Db,
  viewer: { orgId: number; zone: string; publicOrigin: string },
  query: SubmissionsQuery,
): Promise<{ fileName: string; csv: string }> {
  const page = await formSubmissions(db, viewer, query, { offset: 0, limit: EXPORT_MAX_ROWS });
  const csv = [
    csvLine(['submitted_at', 'first_name', 'last_name', 'email', 'consent', 'origin_domain', 'contact_id']),
    ...page.rows.map((row) =>
      csvLine([
        row.created_on,
        row.first_name,
        row.last_name,
        row.email,
        row.consent ? 'yes' : 'no',
        row.origin_domain,
        row.contact_id,
      ]),
    ),
  ].join('');
  return { fileName: `form-${page.formId}-submissions.csv`, csv };
}
