import { type Kysely, sql } from 'kysely';
import { flowEmailIds } from '../../../domain/workflowGraphRules.ts';
import type {
  WorkflowGraphFilter,
  WorkflowGraphPoint,
  WorkflowGraphSeries,
} from '../../../domain/workflowTypes.ts';
import type { Database } from '../../db/schema.ts';
import { likePattern } from '../../lib/likePattern.ts';
import { loadOwnWorkflow } from '../workflow/workflowQueries.ts';

const FILTER_DAYS: Record<WorkflowGraphFilter, number> = { week: 7, month: 30, qtr: 90, year: 365 };
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The emails of a workflow's graph: those mapped to it (email_mapping/), its trigger email and the emails
 * its flow uses, among the emails of the user's organisation; by name, optionally searched.
 */
export async function workflowGraphEmails(
  db: Kysely<Database>,
  user: { id: number; org_id: number },
  workflowId: number,
  search = '',
): Promise<{ email_id: number; email_name: string }[]> {
  const workflow = await loadOwnWorkflow(db, user.id, workflowId);
  const mapped = await db
    .selectFrom('workflow_email')
    .select('email_id')
    .where('workflow_id', '=', workflowId)
    .execute();
  const ids = new Set<number>([...mapped.map((m) => m.email_id), ...flowEmailIds(workflow.flow ?? {})]);
  if (workflow.email_id !== null) ids.add(workflow.email_id);
  if (ids.size === 0) return [];
  let query = db
    .selectFrom('emails')
    .select(['id', 'name'])
    .where('org_id', '=', user.org_id)
    .where('id', 'in', [...ids]);
  if (search) query = query.where('name', 'ilike', likePattern(search));
  const rows = await query.orderBy('name').orderBy('id').execute();
  return rows.map((row) => ({ email_id: row.id, email_name: row.name }));
}

/** YYYY-MM-DD of a moment in a time zone. */
function dayIn(timeZone: string, at: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * workflow_emails_graph/: per email of the workflow (or the chosen ones among them), one point per day of
 * the period ending today in the user's time zone: sends (sent events), opens, clicks of this workflow.
 */
export async function workflowEmailsGraph(
  db: Kysely<Database>,
  user: { id: number; org_id: number },
  input: {
    workflowId: number;
    filter: WorkflowGraphFilter;
    emailIds: number[];
    timeZone: string;
    endDate?: string;
  },
): Promise<{ filter: WorkflowGraphFilter; from: string; to: string; series: WorkflowGraphSeries[] }> {
  const all = await workflowGraphEmails(db, user, input.workflowId);
  const emails = input.emailIds.length > 0 ? all.filter((e) => input.emailIds.includes(e.email_id)) : all;
  const to = input.endDate ?? dayIn(input.timeZone, new Date());
  const from = addDays(to, -(FILTER_DAYS[input.filter] - 1));
  const days = Array.from({ length: FILTER_DAYS[input.filter] }, (_, i) => addDays(from, i));
  if (emails.length === 0) return { filter: input.filter, from, to, series: [] };

  // The period in the user's zone, widened by a day each side; days are then bucketed in that zone.
  const start = new Date(Date.parse(`${from}T00:00:00Z`) - DAY_MS);
  const end = new Date(Date.parse(`${to}T00:00:00Z`) + 2 * DAY_MS);
  const day = sql<string>`to_char(e.occurred_at at time zone ${input.timeZone}, 'YYYY-MM-DD')`;
  const rows = await db
    .selectFrom('email_event as e')
    .select((eb) => [
      'e.email_id',
      day.as('day'),
      eb.fn.countAll<string | number>().filterWhere('e.kind', '=', 'sent').as('sends'),
      eb.fn.countAll<string | number>().filterWhere('e.kind', '=', 'opened').as('opens'),
      eb.fn.countAll<string | number>().filterWhere('e.kind', '=', 'clicked').as('clicks'),
    ])
    .where('e.workflow_id', '=', input.workflowId)
    .where('e.occurred_at', '>=', start)
    .where('e.occurred_at', '<', end)
    .where(
      'e.email_id',
      'in',
      emails.map((e) => e.email_id),
    )
    .where('e.kind', 'in', ['sent', 'opened', 'clicked'])
    .groupBy(['e.email_id', sql`2`])
    .execute();
  const byKey = new Map<string, WorkflowGraphPoint>();
  for (const row of rows) {
    byKey.set(`${row.email_id}|${row.day}`, {
      date: row.day,
      sends: Number(row.sends),
      opens: Number(row.opens),
      clicks: Number(row.clicks),
    });
  }
  const series = emails.map((email) => ({
    email_id: email.email_id,
    email_name: email.email_name,
    points: days.map(
      (date) => byKey.get(`${email.email_id}|${date}`) ?? { date, sends: 0, opens: 0, clicks: 0 },
    ),
  }));
  return { filter: input.filter, from, to, series };
}
