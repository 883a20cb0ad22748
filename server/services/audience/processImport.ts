import { type Kysely, sql } from 'kysely';
import Papa, { type ParseResult, type Parser } from 'papaparse';
import { checkImportRow, type ImportMapping, type ImportRowValues } from '../../../domain/contactImport.ts';
import { TRIGGER_IDS } from '../../../domain/workflowTypes.ts';
import type { Database } from '../../db/schema.ts';
import { restoreRowForeignKeyChecks, skipRowForeignKeyChecks } from '../../lib/skipRowForeignKeyChecks.ts';
import { subscribeContactsToList } from '../runtime/workflowTriggers.ts';

/** Rows written per statement (one transaction each): big enough for speed, small enough for progress. */
export const IMPORT_BATCH_ROWS = 10_000;
/** Characters of the file parsed at a time. */
const PARSE_CHUNK_CHARS = 512 * 1024;

type Job = {
  id: number;
  org_id: number;
  list_id: number | null;
  mapping: ImportMapping;
  has_header: boolean;
};

type Counts = { processed: number; inserted: number; updated: number; refused: number };

/** Buyer stage of a contact an import creates (the first stage). */
const NEW_CONTACT_STAGE = 'Awareness';

/** True when an active workflow of the organisation starts when a contact joins this list (trigger 14). */
async function listStartsWorkflows(db: Kysely<Database>, orgId: number, listId: number): Promise<boolean> {
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
 * Writes one batch: the good rows upserted by email (case-insensitive, per organisation: a known contact
 * is updated with the non-empty cells, never its status), added to the list, the refused rows recorded.
 * Several rows of the batch with one address become one contact (the later cells win).
 */
async function writeBatch(
  db: Kysely<Database>,
  job: Job,
  rows: { line: number; cells: string[] }[],
  counts: Counts,
  /** The list starts an active workflow: its new members go through the list-subscription path. */
  watched: boolean,
): Promise<void> {
  const good = new Map<string, ImportRowValues>();
  const refusals: { line: number; reason: string; cells: string[] }[] = [];
  let duplicates = 0;
  for (const row of rows) {
    const check = checkImportRow(row.cells, job.mapping);
    if (!check.ok) {
      refusals.push({ line: row.line, reason: check.reason, cells: row.cells });
      continue;
    }
    const key = check.values.email.toLowerCase();
    const earlier = good.get(key);
    if (earlier) {
      duplicates++;
      for (const [field, value] of Object.entries(check.values)) {
        if (value && field !== 'email') earlier[field as keyof ImportRowValues] = value;
      }
    } else good.set(key, check.values);
  }
  const values = [...good.values()];
  const column = (field: keyof ImportRowValues) => values.map((v) => v[field]);
  const memberList = watched ? 0 : (job.list_id ?? 0);
  await db.transaction().execute(async (trx) => {
    // The upsert and the memberships reference only the organisation and the list, both locked here
    // against deletion until the batch commits, and the contacts the statement itself writes: their
    // per-row foreign-key checks can be skipped (two or three per row, most of a batch's time). Not for a
    // watched list: its enrolments go through the runtime's own path, with every check.
    const setWise = !watched && values.length > 0 && (await skipRowForeignKeyChecks(trx));
    if (setWise) {
      await sql`select id from organisations where id = ${job.org_id} for key share`.execute(trx);
      if (memberList)
        await sql`select id from contact_lists where id = ${memberList} for key share`.execute(trx);
    }
    if (values.length > 0) {
      // One statement: the upsert, then (for a list) the memberships of the written contacts; only the
      // counts come back.
      const { rows: summary } = await sql<{ written: string | number; inserted: string | number }>`
        with written as (
          insert into contacts as c (org_id, email, first_name, last_name, designation, phone_number, industry,
            linkedin_url, buyer_stage)
          select ${job.org_id}, t.e, t.f, t.l, nullif(t.d, ''), nullif(t.p, ''), nullif(t.i, ''),
            nullif(t.li, ''), ${NEW_CONTACT_STAGE}
          from unnest(${column('email')}::text[], ${column('first_name')}::text[], ${column('last_name')}::text[],
            ${column('designation')}::text[], ${column('phone_number')}::text[], ${column('industry')}::text[],
            ${column('linkedin_url')}::text[]) as t(e, f, l, d, p, i, li)
          on conflict (org_id, lower(email)) do update set
            first_name = case when excluded.first_name = '' then c.first_name else excluded.first_name end,
            last_name = case when excluded.last_name = '' then c.last_name else excluded.last_name end,
            designation = coalesce(excluded.designation, c.designation),
            phone_number = coalesce(excluded.phone_number, c.phone_number),
            industry = coalesce(excluded.industry, c.industry),
            linkedin_url = coalesce(excluded.linkedin_url, c.linkedin_url)
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
      const written = Number(summary[0]?.written ?? 0);
      const inserted = Number(summary[0]?.inserted ?? 0);
      counts.inserted += inserted;
      counts.updated += written - inserted + duplicates;
    }
    if (refusals.length > 0) {
      await sql`
        insert into audience_import_refusals (import_id, row_number, reason, cells)
        select ${job.id}, t.n, t.r, t.c::jsonb
        from unnest(${refusals.map((r) => r.line)}::int[], ${refusals.map((r) => r.reason)}::text[],
          ${refusals.map((r) => JSON.stringify(r.cells))}::text[]) as t(n, r, c)
        on conflict do nothing`.execute(trx);
      counts.refused += refusals.length;
    }
    counts.processed += rows.length;
    await trx
      .updateTable('audience_imports')
      .set({
        processed_rows: counts.processed,
        inserted: counts.inserted,
        updated: counts.updated,
        refused: counts.refused,
        lease_until: sql`now() + interval '2 minutes'`,
      })
      .where('id', '=', job.id)
      .execute();
  });
}

/**
 * Runs one import: its stored file goes through papaparse in pieces of PARSE_CHUNK_CHARS (the parser is
 * paused while a batch is written, so only one piece's rows are in memory), and the rows are written in
 * batches of IMPORT_BATCH_ROWS. Started again after a crash, it starts over (the writes are upserts, so
 * nothing is doubled).
 */
export async function processImport(db: Kysely<Database>, job: Job): Promise<Counts> {
  await db.deleteFrom('audience_import_refusals').where('import_id', '=', job.id).execute();
  const counts: Counts = { processed: 0, inserted: 0, updated: 0, refused: 0 };
  // A list an active workflow starts on ("subscribes to a list"): its new members go through the one
  // list-subscription path, which enrols them; any other list gets its members in the upsert itself.
  const watched = job.list_id !== null && (await listStartsWorkflows(db, job.org_id, job.list_id));
  const pieces = await db
    .selectFrom('audience_import_chunks')
    .select('body')
    .where('import_id', '=', job.id)
    .orderBy('seq')
    .execute();
  const text = pieces.map((piece) => piece.body).join('');
  let line = 0;
  let batch: { line: number; cells: string[] }[] = [];
  const flush = async (all: boolean) => {
    while (batch.length >= IMPORT_BATCH_ROWS || (all && batch.length > 0)) {
      const rows = batch.slice(0, IMPORT_BATCH_ROWS);
      batch = batch.slice(rows.length);
      await writeBatch(db, job, rows, counts, watched);
    }
  };
  await new Promise<void>((resolve, reject) => {
    Papa.parse<string[]>(text, {
      skipEmptyLines: 'greedy',
      chunkSize: PARSE_CHUNK_CHARS,
      chunk: (results: ParseResult<string[]>, parser: Parser) => {
        for (const cells of results.data) {
          line++;
          if (line === 1 && job.has_header) continue;
          batch.push({ line, cells });
        }
        if (batch.length < IMPORT_BATCH_ROWS) return;
        parser.pause();
        flush(false).then(
          () => parser.resume(),
          (error: unknown) => {
            parser.abort();
            reject(error);
          },
        );
      },
      complete: () => resolve(),
      error: (error: Error) => reject(error),
    });
  });
  await flush(true);
  return counts;
}
