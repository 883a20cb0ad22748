import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config.ts';
import type { DatabaseHandle } from './db/openDatabase.ts';
import type { EmailEventSink } from './lib/EmailEventSink.ts';
import { listenForWork } from './lib/listenForWork.ts';
import type { SessionStore } from './lib/SessionStore.ts';
import { ImportRunner } from './services/audience/ImportRunner.ts';
import { LoginThrottle } from './services/auth/loginThrottle.ts';
import { deleteExpiredPendingSignups } from './services/auth/queries.ts';
import { type DeliveryWorker, startDeliveryWorker } from './services/delivery/startDeliveryWorker.ts';
import { type OutboxDelivery, startOutboxDelivery } from './services/delivery/startOutboxDelivery.ts';
import { type RuntimeOptions, WorkflowRuntime } from './services/runtime/WorkflowRuntime.ts';

export type BackgroundWork = {
  workflowRuntime: WorkflowRuntime | null;
  /** Account email over SMTP (only with SMTP_URL). */
  outboxDelivery: OutboxDelivery | null;
  deliveryWorker: DeliveryWorker | null;
  /** CSV imports of contacts (queued by import_start/). */
  importRunner: ImportRunner;
  /** Deletes expired sessions, sign-up links and sign-in delays (also run at start-up and every hour). */
  sweepExpired: () => Promise<void>;
  /** Stops everything, in order: steps, then deliveries, then notifications. */
  stop: () => Promise<void>;
};

/**
 * Every background job of a server process, started from one place with its settings from config.ts: the
 * outbox's delivery (with SMTP), the workflow runtime (its step loops and sweep; the sink that enrols
 * contacts on email events is pushed onto `sinks`), the marketing delivery worker, the notifications that
 * wake them (listenForWork), and the hourly expiry sweep.
 */
export async function startBackgroundWork(input: {
  config: AppConfig;
  database: DatabaseHandle;
  log: FastifyBaseLogger;
  sessions: SessionStore;
  /** The app's email event sinks (the runtime adds its own; the delivery worker calls them). */
  sinks: EmailEventSink[];
  workflowRuntime: false | Omit<RuntimeOptions, 'database' | 'databaseUrl'>;
}): Promise<BackgroundWork> {
  const { config, database, log, sinks } = input;
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
  const workflowRuntime = input.workflowRuntime
    ? await WorkflowRuntime.start({
        log: (message, error) => log.error(error, message),
        ...input.workflowRuntime,
        database,
        databaseUrl: config.databaseUrl,
      })
    : null;
  if (workflowRuntime) sinks.push(workflowRuntime.emailEventSink);
  // The delivery loops (outbox, marketing) wake on notifications of queued email from any process.
  const stopListening =
    config.deliveryWorker || outboxDelivery
      ? await listenForWork(database, config.databaseUrl, (message, error) => log.error(error, message))
      : async () => {};
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
      })
    : null;

  const importRunner = new ImportRunner(database.db, (message, error) => log.error(error, message)).start();

  const sweepExpired = async () => {
    await Promise.all([
      input.sessions.deleteExpired(),
      deleteExpiredPendingSignups(database.db),
      new LoginThrottle(database.db).forgetOlderThan(new Date(Date.now() - 24 * 60 * 60 * 1000)),
    ]).catch((error) => log.error(error, 'expiry sweep failed'));
  };
  const sweeper = setInterval(sweepExpired, 60 * 60 * 1000);
  sweeper.unref();

  return {
    workflowRuntime,
    outboxDelivery,
    deliveryWorker,
    importRunner,
    sweepExpired,
    stop: async () => {
      clearInterval(sweeper);
      await importRunner.stop();
      await workflowRuntime?.stop();
      await outboxDelivery?.stop();
      await deliveryWorker?.stop();
      await stopListening();
    },
  };
}
