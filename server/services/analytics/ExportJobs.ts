import fs from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type PgBoss from 'pg-boss';
import { countOf } from '../../../domain/countOf.ts';
import { PLAN_FLAGS } from '../../../domain/planSettings.ts';
import type { Database } from '../../db/schema.ts';
import type { AppContext } from '../../lib/AppContext.ts';
import { type JobRunner, startJob } from '../../lib/jobs/startJob.ts';
import { type PeriodicJob, startPeriodicJob } from '../../lib/jobs/startPeriodicJob.ts';
import { newToken, sha256 } from '../../lib/tokens.ts';
import type { AnalyticsUser, Db } from './analyticsScope.ts';
import { EXPORT_REPORTS, type ExportReportName } from './exportReports.ts';
import { writeExportFile } from './writeExportFile.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Analytics exports (tests run their clean-up). */
    analyticsExports: ExportJobs;
  }
}

/** The owner's plan and flags: the job reads the report as they may (their pseudo campaigns). */
const FEATURE_COLUMNS = ['u.plan_type', ...PLAN_FLAGS.map((flag) => `u.${flag.key}` as const)] as const;

export const EXPORT_QUEUE = 'analytics-export';
export const EXPORT_CLEANUP = 'analytics-exports-cleanup';
/** How long an export's file and link are kept. */
export const EXPORT_KEEP_DAYS = 7;

export const exportsDir = (dataDir: string) => path.join(dataDir, 'exports');

export type ExportJobsOptions = {
  db: Kysely<Database>;
  boss: PgBoss;
  log: (message: string, error?: unknown) => void;
  mail: AppContext['mail'];
  dataDir: string;
  /** Where the download link points: the public origin and the analytics service's base. */
  downloadUrl: (token: string) => string;
};

/**
 * Analytics exports on pg-boss (a job of server/lib/jobs): a report call with export_analytics records
 * the export and queues its job in one transaction; the job writes the whole report to
 * DATA_DIR/exports/<id>.csv or .xlsx, makes the link's token (the row keeps only its sha256) and emails the link
 * to the user through the outbox. A job that keeps failing marks the export failed. Every hour a pg-boss
 * schedule removes the exports (files and rows) older than 7 days.
 */
export class ExportJobs {
  private job: JobRunner<{ exportId: number }> | null = null;
  private cleanup: PeriodicJob | null = null;

  private constructor(private readonly options: ExportJobsOptions) {}

  static async start(options: ExportJobsOptions): Promise<ExportJobs> {
    const jobs = new ExportJobs(options);
    jobs.job = await startJob<{ exportId: number }>(options.boss, options.db, {
      name: EXPORT_QUEUE,
      queue: { retryLimit: 3, retryDelay: 5, retryBackoff: true, expireInSeconds: 3600 },
      log: options.log,
      describe: (data) => `analytics export ${data.exportId}`,
      run: async (job) => {
        try {
          await jobs.write(job.data.exportId);
        } catch (error) {
          if (job.retryCount >= job.retryLimit)
            await options.db
              .updateTable('analytics_exports')
              .set({ status: 'failed', error: error instanceof Error ? error.message : String(error) })
              .where('id', '=', job.data.exportId)
              .execute();
          throw error;
        }
      },
    });
    jobs.cleanup = await startPeriodicJob(options.boss, options.db, {
      name: EXPORT_CLEANUP,
      schedule: '17 * * * *',
      log: options.log,
      run: () => jobs.removeExpired(),
    });
    return jobs;
  }

  /** Records an export of a report (the request as its report call validated it) and queues its job. */
  async request(
    db: Db,
    user: AnalyticsUser,
    report: ExportReportName,
    params: Record<string, unknown> & { export_format: 'csv' | 'xlsx' },
  ): Promise<{ export_id: number; email_address: string }> {
    const job = this.job;
    if (!job) throw new Error('Analytics exports are not started.');
    const run = async (trx: Db) => {
      const owner = await trx
        .selectFrom('users')
        .select('email')
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
      const row = await trx
        .insertInto('analytics_exports')
        .values({
          org_id: user.org_id,
          user_id: user.id,
          report,
          format: params.export_format,
          params: JSON.stringify(params),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await job.queue({ exportId: row.id }, { db: trx });
      return { export_id: row.id, email_address: owner.email };
    };
    return db.isTransaction ? run(db) : db.transaction().execute(run);
  }

  /** Writes an export's file and emails its link (a second run of a ready export does nothing). */
  async write(exportId: number): Promise<void> {
    const { db, dataDir } = this.options;
    const row = await db
      .selectFrom('analytics_exports as x')
      .innerJoin('users as u', 'u.id', 'x.user_id')
      .select(['x.id', 'x.org_id', 'x.user_id', 'x.report', 'x.format', 'x.params', 'x.status', 'u.email'])
      .select(FEATURE_COLUMNS)
      .where('x.id', '=', exportId)
      .executeTakeFirst();
    if (row?.status !== 'queued') return;
    const report = EXPORT_REPORTS[row.report as ExportReportName];
    if (!report) throw new Error(`unknown report ${row.report}`);
    await fs.mkdir(exportsDir(dataDir), { recursive: true });
    const fileName = `${row.id}.${row.format}`;
    const user = { ...row, id: row.user_id, org_id: row.org_id };
    const rows = await writeExportFile(
      db,
      user,
      report,
      row.params,
      path.join(exportsDir(dataDir), fileName),
      row.format,
    );
    const token = newToken();
    await db
      .updateTable('analytics_exports')
      .set({
        status: 'ready',
        token_hash: sha256(token),
        file_name: fileName,
        rows,
        expires_at: new Date(Date.now() + EXPORT_KEEP_DAYS * 86_400_000),
      })
      .where('id', '=', row.id)
      .execute();
    const link = this.options.downloadUrl(token);
    await this.options.mail.send({
      orgId: row.org_id,
      kind: 'analytics_export',
      to: row.email,
      subject: `Your export is ready: ${report.title}`,
      text: `Your export "${report.title}" (${countOf(rows, 'row', 'rows')}) is ready.\n\nDownload it here within ${EXPORT_KEEP_DAYS} days:\n${link}\n`,
    });
  }

  /** Removes the exports whose 7 days are over, files first. */
  async removeExpired(): Promise<void> {
    const { db, dataDir } = this.options;
    const gone = await db
      .deleteFrom('analytics_exports')
      .where('expires_at', '<', new Date())
      .returning('file_name')
      .execute();
    for (const { file_name } of gone)
      if (file_name) await fs.rm(path.join(exportsDir(dataDir), file_name), { force: true });
  }

  async stop(): Promise<void> {
    await this.cleanup?.stop();
    await this.job?.stop();
  }
}
