import { loadConfig } from './config.ts';
import { prepareDatabase } from './db/prepareDatabase.ts';
import { startupSecurityLines } from './lib/startupSecurityLines.ts';
import { trackConnections } from './lib/trackConnections.ts';
import { DEMO_LOGIN } from './seed/demoAccounts.ts';
import { publicDemoAccounts } from './seed/publicDemoAccounts.ts';

/**
 * The server process: prepares the database, serves the API and the built client from one process, and
 * shuts down gracefully. `npm start` (server/start.ts) runs it from its bundle; `tsx server/main.ts` runs
 * it from source.
 */
/** Within this long, the same signal again is the same one arriving twice (a relay's copy). */
const REPEAT_WINDOW_MS = 1000;

async function main(): Promise<void> {
  const config = loadConfig();

  // The database opens while the server's modules load: both take a while, neither needs the other.
  const [{ database, applied, seed, internalUsers }, { buildApp }] = await Promise.all([
    prepareDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      thread: config.pgliteThread,
      seed: config.demoData,
      internalUsers: { env: process.env, dataDir: config.dataDir },
    }),
    import('./app.ts'),
  ]);
  const openDemoAccounts = await publicDemoAccounts(database.db);
  const runWorkflows = config.workflowRuntime;
  const app = await buildApp({
    config,
    database,
    serveClient: true,
    workflowRuntime: runWorkflows ? {} : false,
    feedFetcher: config.feedFetch
      ? config.feedAllowPrivateHosts.length > 0
        ? { fetch: { allowPrivate: config.feedAllowPrivateHosts } }
        : {}
      : false,
  });

  const connections = trackConnections(app.server);
  let closing = false;
  const shutdown = async (reason: string) => {
    closing = true;
    console.log(
      `${reason}: finishing ${connections.inFlight()} request(s) in flight (at most ${config.shutdownGraceMs} ms), then closing the database...`,
    );
    try {
      const { cut } = await connections.drain(config.shutdownGraceMs);
      if (cut > 0)
        console.error(`${cut} request(s) still running after ${config.shutdownGraceMs} ms were cut.`);
      await app.close();
      await database.close();
      console.log('Stopped cleanly.');
      process.exit(0);
    } catch (error) {
      console.error('Shutdown failed:', error);
      process.exit(1);
    }
  };
  const exitNow = (reason: string) => {
    console.error(`${reason}: exiting now.`);
    process.exit(1);
  };
  // One stop often arrives more than once: systemd (and `kill 0`) signal every process of the service, so
  // the server gets SIGTERM directly and again through the launcher's relay; a terminal's Ctrl+C reaches
  // the launcher's group and npm's relay. A repeated SIGTERM, or the launcher going away, while the
  // requests in flight finish changes nothing. A second Ctrl+C (SIGINT more than a second after the first)
  // or SIGQUIT stops at once.
  let lastInterrupt = 0;
  process.on('SIGTERM', () => {
    if (closing) console.log('SIGTERM received again: still finishing the requests in flight.');
    else void shutdown('SIGTERM received');
  });
  process.on('SIGINT', () => {
    const now = Date.now();
    const repeat = now - lastInterrupt < REPEAT_WINDOW_MS;
    lastInterrupt = now;
    if (!closing) void shutdown('SIGINT received');
    else if (!repeat) exitNow('Ctrl+C (SIGINT) received again');
  });
  process.on('SIGQUIT', () => exitNow('SIGQUIT received'));
  // Started by `npm start`: the server never outlives its launcher, however the launcher ended (kill -9 too).
  if (process.send) {
    process.on('disconnect', () => {
      if (!closing) void shutdown('The launcher (npm start) is gone');
    });
  }

  await app.listen({ host: config.host, port: config.port });
  const origin = config.publicOrigin;
  const lines = [
    '',
    `Workbench running at ${origin}/`,
    `Database: ${database.kind === 'pglite' ? `PGlite in ${database.location}` : `PostgreSQL ${database.location}`}${applied.length ? ` (applied ${applied.join(', ')})` : ''}`,
    openDemoAccounts.includes(DEMO_LOGIN.email)
      ? `Demo login: ${DEMO_LOGIN.email} / ${DEMO_LOGIN.password}`
      : '',
    ...startupSecurityLines(internalUsers, openDemoAccounts, origin),
    seed?.demoPreferenceUuid ? `Demo preference link: ${origin}/unsub/${seed.demoPreferenceUuid}` : '',
    `API description: ${origin}/api/docs`,
    `Workflow runtime: ${runWorkflows ? 'running in this process' : 'off here (WORKFLOW_RUNTIME=off)'}`,
    `Article feeds: ${config.feedFetch ? `fetched every ${config.feedIntervalMinutes} min in this process` : 'not fetched here (FEED_FETCH=off)'}${config.feedAllowPrivateHosts.length > 0 ? `; inside addresses allowed for ${config.feedAllowPrivateHosts.join(', ')} (FEED_ALLOW_PRIVATE_HOSTS)` : ''}`,
    `Marketing email (workflows, the mailbox's form): ${
      config.smtpUrl
        ? 'sent over SMTP (SMTP_URL)'
        : `delivered to the demo mailbox at ${origin}/mailbox (set SMTP_URL for real inboxes)`
    }`,
    `Account email (password resets, sign-up links): ${
      config.smtpUrl
        ? 'sent over SMTP (SMTP_URL)'
        : 'not sent; its one-time links are written to this log only (the outbox shows them redacted)'
    }`,
    'Press Ctrl+C to stop.',
    '',
  ];
  console.log(lines.filter((line, i) => line !== '' || i === 0 || i === lines.length - 1).join('\n'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
