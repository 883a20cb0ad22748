import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { AppConfig } from './config.ts';
import type { DatabaseHandle } from './db/openDatabase.ts';
import type { AppContext } from './lib/AppContext.ts';
import type { EmailEventSink } from './lib/EmailEventSink.ts';
import { startPeriodicJob } from './lib/jobs/startPeriodicJob.ts';
import { startPgBoss } from './lib/jobs/startPgBoss.ts';
import { listenForWork } from './lib/listenForWork.ts';
import { RateLimiter } from './lib/RateLimiter.ts';
import type { SessionStore } from './lib/SessionStore.ts';
import { AiGenerations } from './services/ai/AiGenerations.ts';
import { aiComposerOf, composerNameOf } from './services/ai/aiComposerOf.ts';
import { ExportJobs } from './services/analytics/ExportJobs.ts';
import { RollupJobs } from './services/analytics/RollupJobs.ts';
import { ImportJobs } from './services/audience/ImportJobs.ts';
import { deleteExpiredPendingSignups } from './services/auth/deleteExpiredPendingSignups.ts';
import { LoginThrottle } from './services/auth/loginThrottle.ts';
import { FeedFetcher, type FeedFetcherOptions } from './services/content/FeedFetcher.ts';
import { type DeliveryWorker, startDeliveryWorker } from './services/delivery/startDeliveryWorker.ts';
import { type OutboxDelivery, startOutboxDelivery } from './services/delivery/startOutboxDelivery.ts';
import { forgetExpiredClickTokens } from './services/journey/forgetExpiredClickTokens.ts';
import { ScoringJobs } from './services/journey/ScoringJobs.ts';
import { EditionSender } from './services/publish/EditionSender.ts';
import { OutlookMailboxes } from './services/publish/outlook/OutlookMailboxes.ts';
import { outlookTransport } from './services/publish/outlook/outlookDelivery.ts';
import { type RuntimeOptions, WorkflowRuntime } from './services/runtime/WorkflowRuntime.ts';

/** What a caller may set of the feed fetcher (the rest comes from config.ts). */
export type FeedFetcherSettings = Partial<
  Pick<FeedFetcherOptions, 'sweepMs' | 'pollingIntervalSeconds' | 'fetch'>
>;

export type BackgroundWork = {
  workflowRuntime: WorkflowRuntime | null;
  /** Fetches the article pool's feeds on a schedule (pg-boss). */
  feedFetcher: FeedFetcher | null;
  /** Walks edition sends (send now, scheduled, resend) on pg-boss. */
  editionSender: EditionSender;
  /** Account email over SMTP (only with SMTP_URL). */
  outboxDelivery: OutboxDelivery | null;
  deliveryWorker: DeliveryWorker | null;
  /** CSV imports of contacts on pg-boss (queued by import_start/). */
  importJobs: ImportJobs;
  /** AI email generations on pg-boss (queued by create_ai_email/). */
  aiGenerations: AiGenerations;
  /** The analytics rollups' catch-up on pg-boss (woken by every commit of email events). */
  analyticsRollups: RollupJobs;
  /** Analytics exports on pg-boss (queued by a report call's export_analytics). */
  analyticsExports: ExportJobs;
  /** The buyer journey's scores: catch-up (woken by activity commits), recomputes, the hourly restage. */
  journeyScoring: ScoringJobs;
  /** Deletes expired sessions, sign-up links and sign-in delays now (also hourly: a pg-boss schedule). */
  sweepExpired: () => Promise<void>;
  /**
   * Stops everything, in order: the expiry sweep, imports, feed fetches, sends, steps (then pg-boss),
   * deliveries, notifications.
   */
  stop: () => Promise<void>;
};

/** The periodic job that deletes what has expired (sessions, sign-up links, sign-in delays, rate windows). */
export const EXPIRY_SWEEP = 'expiry-sweep';

/**
 * Every background job of a server process, started from one place with its settings from config.ts. Two
 * mechanisms: jobs on pg-boss (server/lib/jobs: the workflow runtime's steps and sweep, the feed fetches and
 * their sweep, edition sends, CSV imports, the analytics rollups' catch-up and its sweep, the expiry sweep), sharing this process's one pg-boss; and the
 * leased queues of email (the outbox's delivery with SMTP, the marketing delivery worker). Both wake on
 * the notifications of queued work (listenForWork); the runtime's email event sink is pushed onto `sinks`.
 */
export async function startBackgroundWork(input: {
  config: AppConfig;
  database: DatabaseHandle;
  log: FastifyBaseLogger;
  sessions: SessionStore;
  /** How the app sends its own email (the outbox). */
  mail: AppContext['mail'];
  /** The app's email event sinks (the runtime adds its own; the delivery worker calls them). */
  sinks: EmailEventSink[];
  workflowRuntime: false | Omit<RuntimeOptions, 'database' | 'databaseUrl' | 'boss'>;
  feedFetcher: false | FeedFetcherSettings;
  /** Now, for the scores' decay (tests move it). */
  clock: () => Date;
}): Promise<BackgroundWork> {
  const { config, database, log, sinks } = input;
  const runtimeOptions = input.workflowRuntime;
  const boss: PgBoss = await startPgBoss({
    database,
    databaseUrl: config.databaseUrl,
    max: Math.max(4, (runtimeOptions ? (runtimeOptions.loops ?? 4) : 0) + 3),
    maintenanceIntervalSeconds: runtimeOptions ? runtimeOptions.maintenanceIntervalSeconds : undefined,
    log: (message, error) => log.error(error, message),
  });
  // The jobs and the delivery loops wake on notifications of queued work from any process.
  const stopListening = await listenForWork(database, config.databaseUrl, (message, error) =>
    log.error(error, message),
  );
  const outboxDelivery = config.smtpUrl
    ? startOutboxDelivery({
        db: database.db,
        smtpUrl: config.smtpUrl,
        from: config.smtpFrom,
        log,
        pollMs: config.deliveryPollMs,
        leaseMs: config.deliveryLeaseMs,
        maxAttempts: config.deliveryMaxAttempts,
      })
    : null;
  const workflowRuntime = runtimeOptions
    ? await WorkflowRuntime.start({
        log: (message, error) => log.error(error, message),
        ...runtimeOptions,
        database,
        databaseUrl: config.databaseUrl,
        boss,
      })
    : null;
  const feedFetcher = input.feedFetcher
    ? await FeedFetcher.start({
        db: database.db,
        boss,
        intervalMinutes: config.feedIntervalMinutes,
        log: (message, error) => (error ? log.error(error, message) : log.warn(message)),
        ...input.feedFetcher,
        fetch: {
          timeoutMs: config.feedTimeoutMs,
          maxBytes: config.feedMaxBytes,
          ...input.feedFetcher.fetch,
        },
      })
    : null;
  const editionSender = await EditionSender.start({
    db: database.db,
    boss,
    retryLimit: config.editionSendRetries,
    log: (message, error) => log.error(error, message),
  });
  if (workflowRuntime) sinks.push(workflowRuntime.emailEventSink);
  const deliveryWorker = config.deliveryWorker
    ? startDeliveryWorker({
        db: database.db,
        sinks,
        smtpUrl: config.smtpUrl,
        trackingBaseUrl: config.trackingBaseUrl,
        publicOrigin: config.publicOrigin,
        preferenceBase: config.bases.preference,
        log,
        pollMs: config.deliveryPollMs,
        leaseMs: config.deliveryLeaseMs,
        maxAttempts: config.deliveryMaxAttempts,
        backoffBaseMs: config.deliveryBackoffMs,
        outlook: outlookTransport(new OutlookMailboxes(database.db, config.outlook)),
      })
    : null;

  const importJobs = await ImportJobs.start({
    db: database.db,
    boss,
    log: (message, error) => log.error(error, message),
    pollMs: config.importPollMs,
    onlyProcess: database.kind === 'pglite',
  });

  const aiGenerations = await AiGenerations.start({
    db: database.db,
    boss,
    composer: aiComposerOf(config.ai),
    composerName: composerNameOf(config.ai),
    limitMs: config.aiGenerationLimitMs,
    publicOrigin: config.publicOrigin,
    log: (message, error) => log.error(error, message),
  });

  const analyticsRollups = await RollupJobs.start({
    database,
    boss,
    log: (message, error) => log.error(error, message),
  });

  const journeyScoring = await ScoringJobs.start({
    db: database.db,
    boss,
    log: (message, error) => log.error(error, message),
    clock: input.clock,
    vacuumAfterRecompute: database.kind === 'pglite',
  });

  const analyticsExports = await ExportJobs.start({
    db: database.db,
    boss,
    log: (message, error) => log.error(error, message),
    mail: input.mail,
    dataDir: config.dataDir,
    downloadUrl: (token) =>
      `${config.publicOrigin}${config.bases.analytics}export_download/?token=${encodeURIComponent(token)}`,
  });

  // Sessions nobody came back for, expired sign-up links, old sign-in delays, ended rate-limit windows and
  // exchanged click-through tokens that have expired:
  // hourly, in one process of the database each time (and at start-up: app.ts).
  const expirySweep = await startPeriodicJob(boss, database.db, {
    name: EXPIRY_SWEEP,
    schedule: '0 * * * *',
    log: (message, error) => log.error(error, message),
    run: async () => {
      await Promise.all([
        input.sessions.deleteExpired(),
        deleteExpiredPendingSignups(database.db),
        new LoginThrottle(database.db).forgetOlderThan(new Date(Date.now() - 24 * 60 * 60 * 1000)),
        RateLimiter.forgetEndedBefore(database.db, new Date(Date.now() - 60 * 60 * 1000)),
        forgetExpiredClickTokens(database.db, new Date()),
      ]);
    },
  });

  return {
    workflowRuntime,
    feedFetcher,
    editionSender,
    outboxDelivery,
    deliveryWorker,
    importJobs,
    aiGenerations,
    analyticsRollups,
    analyticsExports,
    journeyScoring,
    sweepExpired: expirySweep.runNow,
    stop: async () => {
      await expirySweep.stop();
      await importJobs.stop();
      await aiGenerations.stop();
      await analyticsRollups.stop();
      await journeyScoring.stop();
      await analyticsExports.stop();
      await feedFetcher?.stop();
      await editionSender.stop();
      await workflowRuntime?.stop();
      await boss.stop({ graceful: true, wait: true, timeout: 15_000 });
      await outboxDelivery?.stop();
      await deliveryWorker?.stop();
      await stopListening();
    },
  };
}
