import { type Kysely, sql, type Transaction } from 'kysely';
import type { ImportRowOutcome, ImportRowValues } from '../../../domain/contactImport.ts';
import { TRIGGER_IDS } from '../../../domain/workflowTypes.ts';
import type { Database } from '../../db/schema.ts';
import { restoreRowForeignKeyChecks, skipRowForeignKeyChecks } from '../../lib/skipRowForeignKeyChecks.ts';
import { subscribeContactsToList } from '../runtime/workflowTriggers.ts';
import { matchAccounts } from './matchAccounts.ts';

/** Buyer stage of a contact an import creates (the first stage). */
const NEW_CONTACT_STAGE = 'Awareness';

/** An import's counts and its place in the file, as its row holds them after each batch. */
export type ImportProgress = {
  cursor_char: number;
  processed_rows: number;
  inserted: number;
  updated: number;
  refused: number;
  duplicates: number;
  empty_rows: number;
};

/** One batch: the rows to write, the rows not imported, and how far in the file it reaches. */
export type ImportBatch = {
  good: { values: ImportRowValues; custom: Record<string, string> }[];
  notImported: { line: number; reason: string; cells: string[]; kind: ImportRowOutcome }[];
  /** Data rows the batch covers (written, refused, left out or empty), and of them the empty ones. */
  rows: number;
  emptyRows: number;
  /** The character of the file after the batch's last row. */
  cursor: number;
};

/** The batch's import, as writing it needs. */
export type BatchImport = { id: number; org_id: number; list_id: number | null };

/** Another run of the same import moved it on (or it ended) since this run read it: this run stops. */
export class ImportSuperseded extends Error {
  constructor() {
    super('The import was moved on by another run.');
  }
}

/** True when an active workflow of the organisation starts when a contact joins this list (trigger 14). */
export async function listStartsWorkflows(
  db: Kysely<Database>,
  orgId: number,
  listId: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('workflow')
    .select('id')
    .where('org_id', '=', orgId)
    .where('status', '=', 'active')
    .where('trigger_id', '=', TRIGGER_IDS.listSubscription)
    .where('list_id', '=', listId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Writes one batch in one transaction, and moves the import's counts and place in the file with it, so a
 * run that dies leaves the import exactly at its last committed batch. It first takes the import's row
 * where this run left it (`progress.cursor_char`): when another run has moved it on, nothing is written
 * (ImportSuperseded). The good rows are upserted by email (case-insensitive, per organisation): a known
 * contact gets the non-empty cells, its custom fields merged, never its status; their companies are the
 * organisation's accounts by matchAccounts' rule; the contacts join the list. The rows not imported are
 * recorded with their reason. Returns the import's progress after the batch.
 */
export async function writeImportBatch(
  db: Kysely<Database>,
  job: BatchImport,
  progress: ImportProgress,
  batch: ImportBatch,
  /** The list starts an active workflow: its new members go through the list-subscription path. */
  watched: boolean,
): Promise<ImportProgress> {
  return db.transaction().execute(async (trx) => {
    const held = await trx
      .updateTable('audience_imports')
      .set({ status: 'running' })
      .where('id', '=', job.id)
      .where('cursor_char', '=', progress.cursor_char)
      .where('status', 'in', ['queued', 'running'])
      .returning('id')
      .executeTakeFirst();
    if (!held) throw new ImportSuperseded();
    const { inserted, written } = await upsertContacts(trx, job, batch.good, watched);
    const refused = batch.notImported.filter((row) => row.kind === 'refused').length;
    if (batch.notImported.length > 0) {
      const rows = batch.notImported;
      await sql`
        insert into audience_import_refusals (import_id, row_number, reason, cells, kind)
        select ${job.id}, t.n, t.r, t.c::jsonb, t.k
        from unnest(${rows.map((r) => r.line)}::int[], ${rows.map((r) => r.reason)}::text[],
          ${rows.map((r) => JSON.stringify(r.cells))}::text[], ${rows.map((r) => r.kind)}::text[]) as t(n, r, c, k)
        on conflict do nothing`.execute(trx);
    }
    const next: ImportProgress = {
      cursor_char: batch.cursor,
      processed_rows: progress.processed_rows + batch.rows,
      inserted: progress.inserted + inserted,
      updated: progress.updated + written - inserted,
      refused: progress.refused + refused,
      duplicates: progress.duplicates + batch.notImported.length - refused,
      empty_rows: progress.empty_rows + batch.emptyRows,
    };
    await trx.updateTable('audience_imports').set(next).where('id', '=', job.id).execute();
    return next;
  });
}

/** The batch's contacts, upserted in one statement (with the list's memberships); the counts come back. */
async function upsertContacts(
  trx: Transaction<Database>,
  job: BatchImport,
  good: ImportBatch['good'],
  watched: boolean,
): Promise<{ inserted: number; written: number }> {
  if (good.length === 0) return { inserted: 0, written: 0 };
  const values = good.map((row) => row.values);
  const companies = values.filter((v) => v.company !== '');
  const accounts =
    companies.length > 0
      ? await matchAccounts(
          trx,
          job.org_id,
          companies.map((v) => ({ name: v.company, website: v.website, industry: v.industry })),
        )
      : new Map<string, number>();
  const column = (field: keyof ImportRowValues) => values.map((v) => v[field]);
  const accountIds = values.map((v) => (v.company ? (accounts.get(v.company.toLowerCase()) ?? null) : null));
  const custom = good.map((row) => (Object.keys(row.custom).length > 0 ? JSON.stringify(row.custom) : null));
  const memberList = watched ? 0 : (job.list_id ?? 0);
  // The upsert and the memberships reference only the organisation, the list and the accounts, all locked
  // here (matchAccounts locks its accounts) against deletion until the batch commits, and the contacts the
  // statement itself writes: their per-row foreign-key checks can be skipped (two or three per row, most
  // of a batch's time). Not for a watched list: its enrolments go through the runtime's own path, with
  // every check.
  const setWise = !watched && (await skipRowForeignKeyChecks(trx));
  if (setWise) {
    await sql`select id from organisations where id = ${job.org_id} for key share`.execute(trx);
    if (memberList)
      await sql`select id from contact_lists where id = ${memberList} for key share`.execute(trx);
  }
  const { rows: summary } = await sql<{ written: string | number; inserted: string | number }>`
    with written as (
      insert into contacts as c (org_id, email, first_name, last_name, designation, phone_number, industry,
        linkedin_url, country, account_id, custom_fields, buyer_stage)
      select ${job.org_id}, t.e, t.f, t.l, nullif(t.d, ''), nullif(t.p, ''), nullif(t.i, ''),
        nullif(t.li, ''), nullif(t.co, ''), t.a, coalesce(t.cf::jsonb, '{}'), ${NEW_CONTACT_STAGE}
      from unnest(${column('email')}::text[], ${column('first_name')}::text[], ${column('last_name')}::text[],
        ${column('designation')}::text[], ${column('phone_number')}::text[], ${column('industry')}::text[],
        ${column('linkedin_url')}::text[], ${column('country')}::text[], ${accountIds}::int[],
        ${custom}::text[]) as t(e, f, l, d, p, i, li, co, a, cf)
      on conflict (org_id, lower(email)) do update set
        first_name = case when excluded.first_name = '' then c.first_name else excluded.first_name end,
        last_name = case when excluded.last_name = '' then c.last_name else excluded.last_name end,
        designation = coalesce(excluded.designation, c.designation),
        phone_number = coalesce(excluded.phone_number, c.phone_number),
        industry = coalesce(excluded.industry, c.industry),
        linkedin_url = coalesce(excluded.linkedin_url, c.linkedin_url),
        country = coalesce(excluded.country, c.country),
        account_id = coalesce(excluded.account_id, c.account_id),
        custom_fields = c.custom_fields || excluded.custom_fields
      returning c.id, (c.xmax = 0) as inserted
    ),
    members as (
      insert into list_contacts (list_id, contact_id)
      select l.id, w.id from written w join contact_lists l on l.id = ${memberList}
      on conflict do nothing
    )
    select count(*) as written, count(*) filter (where inserted) as inserted from written`.execute(trx);
  if (setWise) await restoreRowForeignKeyChecks(trx);
  if (watched && job.list_id !== null) {
    const emails = values.map((v) => v.email.toLowerCase());
    await subscribeContactsToList(trx, {
      orgId: job.org_id,
      listId: job.list_id,
      contactIds: [],
      contactQuery: trx
        .selectFrom('contacts')
        .select('id')
        .where('org_id', '=', job.org_id)
        .where(sql<boolean>`lower(email) = any(${emails}::text[])`),
    });
  }
  return { written: Number(summary[0]?.written ?? 0), inserted: Number(summary[0]?.inserted ?? 0) };
}
