import { type Kysely, sql } from 'kysely';
import type { ImportMapping } from '../../../domain/contactImport.ts';
import type { Database } from '../../db/schema.ts';
import { processImport } from './processImport.ts';

type Log = (message: string, error: unknown) => void;

/**
 * The background job of CSV imports, started with the server's other background work: it claims a queued
 * import (or one whose process died: its lease ran out), runs it, and looks again. A new import wakes it at
 * once; otherwise it looks every `pollMs` (30 s: an import left by a dead process, whose lease is 2 minutes,
 * or one queued by another process; an idle server does next to nothing). Several processes share the work
 * (skip locked).
 */
export class ImportRunner {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly log: Log,
    private readonly pollMs = 30_000,
  ) {}

  start(): this {
    this.schedule(0);
    return this;
  }

  /** Look for work now (after import_start/). */
  wake(): void {
    if (this.stopped) return;
    if (this.running) return;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  private schedule(ms: number) {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.running = this.drain().finally(() => {
        this.running = null;
        if (!this.stopped) this.schedule(this.pollMs);
      });
    }, ms);
    this.timer.unref();
  }

  private async drain(): Promise<void> {
    while (!this.stopped) {
      const job = await this.claim().catch((error) => {
        this.log('import claim failed', error);
        return null;
      });
      if (!job) return;
      try {
        await processImport(this.db, job);
        await this.db
          .updateTable('audience_imports')
          .set({
            status: 'done',
            finished_at: sql`now()`,
            lease_until: null,
            total_rows: sql`processed_rows`,
          })
          .where('id', '=', job.id)
          .execute();
        await this.db.deleteFrom('audience_import_chunks').where('import_id', '=', job.id).execute();
      } catch (error) {
        this.log(`import ${job.id} failed`, error);
        await this.db
          .updateTable('audience_imports')
          .set({
            status: 'failed',
            finished_at: sql`now()`,
            lease_until: null,
            error: 'The file could not be imported. Try again, or import a smaller file.',
          })
          .where('id', '=', job.id)
          .execute()
          .catch(() => {});
      }
    }
  }

  private async claim() {
    const { rows } = await sql<{
      id: number;
      org_id: number;
      list_id: number | null;
      mapping: ImportMapping;
      has_header: boolean;
    }>`
      update audience_imports set status = 'running', lease_until = now() + interval '2 minutes'
      where id = (
        select id from audience_imports
        where status = 'queued' or (status = 'running' and lease_until < now())
        order by id limit 1 for update skip locked
      )
      returning id, org_id, list_id, mapping, has_header`.execute(this.db);
    return rows[0] ?? null;
  }
}
