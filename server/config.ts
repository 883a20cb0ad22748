import os from 'node:os';
import path from 'node:path';
import { SERVICE_NAMES, type ServiceName } from '../domain/serviceNames.ts';

export type { ServiceName } from '../domain/serviceNames.ts';

export type AppConfig = {
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Fill an empty database with the demo organisations and their public logins (DEMO_DATA=off: no). */
  demoData: boolean;
  smtpUrl: string | undefined;
  /** Sender address of the emails the product sends. */
  smtpFrom: string;
  /** Origin of the login page (path auth/login). Defaults to this server. */
  authOrigin: string | undefined;
  /** Origins of public pages on a static host (npm run build:public) that may read the preference service. */
  preferenceCorsOrigins: string[];
  /** Public origin of this server, used in links written into emails. */
  publicOrigin: string;
  sessionTtlSeconds: number;
  /** How long a session read from the database is reused before it is read again (see SessionStore). */
  sessionCacheMs: number;
  /** How long a recipient's preference record is read from memory (ms; 0 reads the database every time). */
  recipientCacheMs: number;
  secureCookies: boolean;
  /**
   * Which proxies' X-Forwarded-* headers to believe (TRUST_PROXY): false (none, the default), true (the
   * nearest one), or a list of their addresses / CIDR ranges. Decides request.protocol (HSTS) and the IP.
   */
  trustProxy: boolean | string[];
  bases: Record<ServiceName, string>;
  /** Requests per minute per IP on the public preference endpoints. */
  publicRateLimit: number;
  /** One-click unsubscribe POSTs per minute and IP (mail providers send many from few addresses). */
  oneClickRateLimit: number;
  /** Requests per minute per IP on sign-in, sign-up and password reset. */
  authRateLimit: number;
  logLevel: string;
  /** Folder holding the built client (workbench/ and public/). */
  distDir: string;
  // --- email delivery ---
  /** Origin of the open pixel and click URLs written into marketing email (TRACKING_BASE_URL). */
  trackingBaseUrl: string;
  /** Tracking requests (pixel, click) per minute and IP; over it the pixel still answers, recording nothing. */
  trackingRateLimit: number;
  /** Website page views and identifications per minute and IP on the journey's collection endpoints. */
  journeyRateLimit: number;
  /** Marketing email delivery in this process (DELIVERY_WORKER=false turns it off). */
  deliveryWorker: boolean;
  /** The delivery worker wakes on queued sends and when one is due; it also looks this often (ms). */
  deliveryPollMs: number;
  /**
   * The CSV import worker (pg-boss) is woken by a started import; it also looks this often (ms, at least 500)
   * for jobs nobody woke it for: a retry after a failure, an import whose process died, one queued elsewhere.
   */
  importPollMs: number;
  /** Retries of an edition send's walk that failed (pg-boss, 5 s doubling) before the send reads failed. */
  editionSendRetries: number;
  /** Attempts of a send before it is marked failed; the first retry waits deliveryBackoffMs, doubling. */
  deliveryMaxAttempts: number;
  deliveryBackoffMs: number;
  /** How long a claimed send is held before another process may take it over (a crashed sender). */
  deliveryLeaseMs: number;
  /** On SIGTERM / SIGINT, how long requests in flight may take to finish before they are cut (ms). */
  shutdownGraceMs: number;
  /** The workflow runtime runs in the server process (WORKFLOW_RUNTIME=off: only in `npm run worker`s). */
  workflowRuntime: boolean;
  /** PGlite runs in its own worker thread, beside the event loop (PGLITE_THREAD=off: on the event loop). */
  pgliteThread: boolean;
  /** Feeds of the article pool are fetched on a schedule in this process (FEED_FETCH=off: not here). */
  feedFetch: boolean;
  /** A feed is fetched again once its last fetch is this old (minutes). */
  feedIntervalMinutes: number;
  /** One feed fetch (every redirect hop, the whole body) ends by then (ms). */
  feedTimeoutMs: number;
  /** A feed larger than this is refused (bytes). */
  feedMaxBytes: number;
  /**
   * Host names whose feeds may be fetched although they are inside addresses (FEED_ALLOW_PRIVATE_HOSTS,
   * comma-separated; default none): for end-to-end tests and local demos serving a feed on 127.0.0.1.
   */
  feedAllowPrivateHosts: string[];
  /** Threads that run workflow simulations off the event loop (SIMULATION_THREADS). */
  simulationThreads: number;
  /** A simulation running longer than this is stopped with a clear error (ms). */
  simulationTimeLimitMs: number;
  /** Log every request (LOG_REQUESTS=true; off by default). */
  logRequests: boolean;
  /** `npm start` uses the built client as it is (SKIP_CLIENT_BUILD=true: tests of the server alone). */
  skipClientBuild: boolean;
  /** Sending editions through the user's own Outlook mailbox (Microsoft identity platform + Graph). */
  outlook: OutlookConfig;
  /** The language model AI emails are written by (AI_BASE_URL, AI_MODEL, AI_API_KEY); null: the built-in composer. */
  ai: AiConfig | null;
  /** How long an AI email generation may take before it is given up, nothing kept (AI_GENERATION_TIMEOUT_MS, 300,000). */
  aiGenerationLimitMs: number;
  /** `npm run worker`: work loops, jobs per fetch, pg-boss job expiry and maintenance (seconds). */
  worker: { loops: number; batchSize: number; expireInSeconds?: number; maintenanceIntervalSeconds?: number };
};

export type OutlookConfig = {
  /** The app registration's client id (OUTLOOK_CLIENT_ID); unset: Connect Outlook says what to set. */
  clientId: string | undefined;
  /** OUTLOOK_CLIENT_SECRET: only for a confidential client; a public client uses PKCE alone. */
  clientSecret: string | undefined;
  authorizeUrl: string;
  tokenUrl: string;
  /** Microsoft Graph (GRAPH_BASE_URL): /me and /me/sendMail are called under it. */
  graphBaseUrl: string;
  /** Where Microsoft sends the browser back (the workbench's /outlook_auth page). */
  redirectUri: string;
  /** The 32-byte key (OUTLOOK_TOKEN_KEY, base64) the tokens are encrypted with; null when unset. */
  tokenKey: Buffer | null;
  /** Emails a connected mailbox may send in 24 hours (OUTLOOK_DAILY_LIMIT, default 500). */
  dailyLimit: number;
  /** Each call to Microsoft ends by then (ms). */
  timeoutMs: number;
  /** The variables still to set before Connect Outlook works (empty: configured). */
  missing: string[];
};

export type AiConfig = {
  /** Any OpenAI-compatible API base (a hosted API, Ollama, llama.cpp's server, vLLM). */
  baseUrl: string;
  /** A bearer token when the API needs one; never logged. */
  apiKey: string | undefined;
  model: string;
  /** Each call's deadline (AI_TIMEOUT_MS, default 120,000: a local model on a CPU is slow). */
  timeoutMs: number;
  /** The most tokens one variant may use (AI_MAX_TOKENS, default 1,200). */
  maxTokens: number;
  /** Attempts after a 429, a 5xx, a time-out or a wrong answer (AI_RETRIES, default 3, at most 5). */
  retries: number;
  /** The first retry's wait, doubling (AI_BACKOFF_MS, default 1,000). */
  backoffMs: number;
};

/** AI_BASE_URL and AI_MODEL together configure a model; one without the other is a start-up error. */
function aiConfig(env: NodeJS.ProcessEnv): AiConfig | null {
  const baseUrl = env.AI_BASE_URL?.trim() || '';
  const model = env.AI_MODEL?.trim() || '';
  if (!baseUrl && !model) return null;
  if (!baseUrl || !model) throw new Error('AI_BASE_URL and AI_MODEL are set together (or neither)');
  if (!/^https?:\/\//i.test(baseUrl)) throw new Error(`AI_BASE_URL must be an http(s) URL, got "${baseUrl}"`);
  return {
    baseUrl,
    apiKey: env.AI_API_KEY?.trim() || undefined,
    model,
    timeoutMs: Math.max(1000, envInt(env, 'AI_TIMEOUT_MS', 120_000)),
    maxTokens: Math.max(100, envInt(env, 'AI_MAX_TOKENS', 1200)),
    retries: Math.min(5, Math.max(0, envInt(env, 'AI_RETRIES', 3))),
    backoffMs: Math.max(0, envInt(env, 'AI_BACKOFF_MS', 1000)),
  };
}

const MICROSOFT_LOGIN = 'https://login.microsoftonline.com/common/oauth2/v2.0';

/** A base64 key of exactly 32 bytes, else a start-up error naming the variable. */
function envKey(env: NodeJS.ProcessEnv, name: string): Buffer | null {
  const raw = (env[name] ?? '').trim();
  if (raw === '') return null;
  const key = Buffer.from(raw, 'base64');
  if (key.length !== 32) {
    throw new Error(`${name} must be 32 bytes in base64 (openssl rand -base64 32), got ${key.length} bytes`);
  }
  return key;
}

function outlookConfig(env: NodeJS.ProcessEnv, publicOrigin: string): OutlookConfig {
  const clientId = env.OUTLOOK_CLIENT_ID?.trim() || undefined;
  const tokenKey = envKey(env, 'OUTLOOK_TOKEN_KEY');
  return {
    clientId,
    clientSecret: env.OUTLOOK_CLIENT_SECRET || undefined,
    authorizeUrl: env.OUTLOOK_AUTHORIZE_URL || `${MICROSOFT_LOGIN}/authorize`,
    tokenUrl: env.OUTLOOK_TOKEN_URL || `${MICROSOFT_LOGIN}/token`,
    graphBaseUrl: (env.GRAPH_BASE_URL || 'https://graph.microsoft.com/v1.0').replace(/\/+$/, ''),
    redirectUri: env.OUTLOOK_REDIRECT_URI || `${publicOrigin}/outlook_auth`,
    tokenKey,
    dailyLimit: Math.max(1, envInt(env, 'OUTLOOK_DAILY_LIMIT', 500)),
    timeoutMs: Math.max(1000, envInt(env, 'OUTLOOK_TIMEOUT_MS', 10_000)),
    missing: [...(clientId ? [] : ['OUTLOOK_CLIENT_ID']), ...(tokenKey ? [] : ['OUTLOOK_TOKEN_KEY'])],
  };
}

/** Normalises a service base to the form /x/y/ */
export function normaliseBase(base: string): string {
  const trimmed = base.trim().replace(/^\/*/, '/').replace(/\/*$/, '/');
  return trimmed === '//' ? '/' : trimmed;
}

function envInt(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number, got "${raw}"`);
  return value;
}

function envSwitch(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = (env[name] ?? '').trim().toLowerCase();
  if (raw === '') return fallback;
  if (['on', 'true', '1', 'yes'].includes(raw)) return true;
  if (['off', 'false', '0', 'no'].includes(raw)) return false;
  throw new Error(`${name} must be on or off, got "${env[name]}"`);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const host = env.HOST || '127.0.0.1';
  const port = envInt(env, 'PORT', 8080);
  const publicOrigin = (
    env.PUBLIC_ORIGIN || `http://${host.includes(':') ? `[${host}]` : host}:${port}`
  ).replace(/\/$/, '');
  const bases = Object.fromEntries(
    SERVICE_NAMES.map((name) => [name, normaliseBase(env[`${name.toUpperCase()}_BASE`] || `/api/${name}/`)]),
  ) as Record<ServiceName, string>;
  return {
    host,
    port,
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    demoData: envSwitch(env, 'DEMO_DATA', true),
    smtpUrl: env.SMTP_URL || undefined,
    smtpFrom: env.SMTP_FROM || 'Workbench <no-reply@workbench.local>',
    authOrigin: env.AUTH_ORIGIN ? env.AUTH_ORIGIN.replace(/\/$/, '') : undefined,
    preferenceCorsOrigins: (env.PREFERENCE_CORS_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim().replace(/\/+$/, ''))
      .filter((origin) => origin !== ''),
    publicOrigin,
    sessionTtlSeconds: envInt(env, 'SESSION_TTL_SECONDS', 60 * 60 * 12),
    sessionCacheMs: envInt(env, 'SESSION_CACHE_MS', 5000),
    recipientCacheMs: envInt(env, 'RECIPIENT_CACHE_MS', 5000),
    trustProxy:
      !env.TRUST_PROXY || env.TRUST_PROXY === 'false'
        ? false
        : env.TRUST_PROXY === 'true'
          ? true
          : env.TRUST_PROXY.split(',')
              .map((entry) => entry.trim())
              .filter(Boolean),
    // An https origin always gets Secure cookies; SECURE_COOKIES=true adds it behind an http-only origin name.
    secureCookies: publicOrigin.startsWith('https:') || env.SECURE_COOKIES === 'true',
    bases,
    publicRateLimit: envInt(env, 'PUBLIC_RATE_LIMIT', 60),
    oneClickRateLimit: envInt(env, 'ONE_CLICK_RATE_LIMIT', 6000),
    authRateLimit: envInt(env, 'AUTH_RATE_LIMIT', 30),
    logLevel: env.LOG_LEVEL || 'info',
    distDir: path.resolve(env.DIST_DIR || './dist'),
    trackingBaseUrl: (env.TRACKING_BASE_URL || publicOrigin).replace(/\/+$/, ''),
    trackingRateLimit: envInt(env, 'TRACKING_RATE_LIMIT', 6000),
    journeyRateLimit: envInt(env, 'JOURNEY_RATE_LIMIT', 600),
    deliveryWorker: env.DELIVERY_WORKER !== 'false',
    deliveryPollMs: envInt(env, 'DELIVERY_POLL_MS', 30_000),
    importPollMs: Math.max(500, envInt(env, 'IMPORT_POLL_MS', 30_000)),
    editionSendRetries: Math.min(20, Math.max(0, envInt(env, 'EDITION_SEND_RETRIES', 5))),
    deliveryMaxAttempts: Math.max(1, envInt(env, 'DELIVERY_MAX_ATTEMPTS', 6)),
    deliveryBackoffMs: envInt(env, 'DELIVERY_BACKOFF_MS', 60_000),
    deliveryLeaseMs: Math.max(1000, envInt(env, 'DELIVERY_LEASE_MS', 60_000)),
    shutdownGraceMs: envInt(env, 'SHUTDOWN_GRACE_MS', 10_000),
    workflowRuntime: envSwitch(env, 'WORKFLOW_RUNTIME', true),
    pgliteThread: envSwitch(env, 'PGLITE_THREAD', true),
    feedFetch: envSwitch(env, 'FEED_FETCH', true),
    feedIntervalMinutes: Math.max(1, envInt(env, 'FEED_INTERVAL_MINUTES', 30)),
    feedTimeoutMs: Math.max(1000, envInt(env, 'FEED_TIMEOUT_MS', 10_000)),
    feedMaxBytes: Math.max(10_000, envInt(env, 'FEED_MAX_BYTES', 5 * 1024 * 1024)),
    feedAllowPrivateHosts: (env.FEED_ALLOW_PRIVATE_HOSTS ?? '')
      .split(',')
      .map((host) => host.trim().toLowerCase())
      .filter((host) => host !== ''),
    simulationThreads: Math.min(
      4,
      Math.max(1, envInt(env, 'SIMULATION_THREADS', os.availableParallelism() - 1)),
    ),
    simulationTimeLimitMs: Math.max(100, envInt(env, 'SIMULATION_TIME_LIMIT_MS', 10_000)),
    logRequests: env.LOG_REQUESTS === 'true',
    skipClientBuild: env.SKIP_CLIENT_BUILD === 'true',
    outlook: outlookConfig(env, publicOrigin),
    ai: aiConfig(env),
    aiGenerationLimitMs: Math.max(1000, envInt(env, 'AI_GENERATION_TIMEOUT_MS', 300_000)),
    worker: {
      loops: Math.max(1, envInt(env, 'WORKER_LOOPS', 8)),
      batchSize: Math.max(1, envInt(env, 'WORKER_BATCH', 100)),
      expireInSeconds: env.WORKER_EXPIRE_SECONDS
        ? Math.max(1, envInt(env, 'WORKER_EXPIRE_SECONDS', 60))
        : undefined,
      maintenanceIntervalSeconds: env.WORKER_MAINTENANCE_SECONDS
        ? Math.max(1, envInt(env, 'WORKER_MAINTENANCE_SECONDS', 30))
        : undefined,
    },
  };
}
