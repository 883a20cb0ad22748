/**
 * What the benchmarks share: a free loopback port, the server's environment, the real server started by its
 * own PID (`node --import tsx server/start.ts`, output to a file), waiting for its first answer, stopping it,
 * autocannon as a promise and its figures, and a bench's exit.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const POLL_MS = 20;

export const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

export type Server = { child: ChildProcess; exited: Promise<number | null>; logFile: string };

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export function logTail(file: string, lines = 40): string {
  try {
    return fs.readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '(no server output)';
  }
}

/**
 * The server's environment for a bench: loopback on port, PGlite in dataDir (DATABASE_URL dropped, and
 * whatever `without` names), plus `extra` (a log level, rate limits raised so the limiter is not measured).
 */
export function benchEnv(
  port: number,
  dataDir: string,
  extra: Record<string, string> = {},
  without: readonly string[] = [],
): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    ...extra,
  };
  for (const name of ['DATABASE_URL', ...without]) delete env[name];
  return env;
}

/** Spawns the server with its output going straight to a file (no pipe for this process to drain). */
export function startServer(env: NodeJS.ProcessEnv, logFile: string): Server {
  // BENCH_SERVER_PROFILE=<folder>: the server bundle (rebuilt when stale) runs without the launcher
  // and writes a V8 CPU profile there when it stops.
  const profile = process.env.BENCH_SERVER_PROFILE;
  if (profile) {
    const build = `import('./server/build/buildServer.ts').then((m) => m.ensureServerBuilt('dist/server'))`;
    execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', build], {
      cwd: ROOT,
      stdio: 'ignore',
    });
    const bundle = path.join(ROOT, 'dist', 'server', 'main.js');
    return startNode(
      ['--cpu-prof', `--cpu-prof-dir=${profile}`, '--enable-source-maps', bundle],
      env,
      logFile,
    );
  }
  return startNode(['--import', 'tsx', 'server/start.ts'], env, logFile);
}

/** Spawns `node <args>` in the repository, its output going straight to logFile. */
export function startNode(args: readonly string[], env: NodeJS.ProcessEnv, logFile: string): Server {
  const out = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env,
    stdio: ['ignore', out, out],
  });
  fs.closeSync(out);
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code, signal) =>
      resolve(code ?? (signal ? 128 + (os.constants.signals[signal] ?? 0) : null)),
    );
    child.once('error', () => resolve(null));
  });
  return { child, exited, logFile };
}

/** Polls url every POLL_MS until it answers 200; returns the time of the first answer. */
export async function waitForAnswer(server: Server, url: string, timeoutMs: number): Promise<number> {
  let exitCode: number | null | undefined;
  void server.exited.then((code) => {
    exitCode = code;
  });
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    if (exitCode !== undefined) {
      throw new Error(`the server exited (code ${exitCode}) before answering:\n${logTail(server.logFile)}`);
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      if (response.status === 200) return performance.now();
    } catch {
      // not listening yet
    }
    await sleep(POLL_MS);
  }
  throw new Error(`no answer from ${url} within ${timeoutMs / 1000} s:\n${logTail(server.logFile)}`);
}

/** SIGTERM to the server's own PID; SIGKILL if it has not exited after timeoutMs. Returns the exit code. */
export async function stopServer(server: Server, timeoutMs = 30_000): Promise<number | null> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return server.exited;
  server.child.kill('SIGTERM');
  const timer = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), timeoutMs).unref());
  const result = await Promise.race([server.exited, timer]);
  if (result === 'timeout') {
    server.child.kill('SIGKILL');
    await server.exited;
    throw new Error(`the server did not exit within ${timeoutMs / 1000} s of SIGTERM`);
  }
  return result;
}

export function runAutocannon(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/** autocannon with `options` for warmupS seconds (not counted; none when 0), then the measured durationS. */
export async function warmThenMeasure(
  options: autocannon.Options,
  warmupS: number,
  durationS: number,
): Promise<autocannon.Result> {
  if (warmupS > 0) await runAutocannon({ ...options, duration: warmupS });
  return runAutocannon({ ...options, duration: durationS });
}

/** Throughput and latency of an autocannon run, rounded. */
export function loadFigures(result: autocannon.Result) {
  return {
    requestsPerSec: Math.round(result.requests.average),
    p50Ms: round(result.latency.p50),
    p99Ms: round(result.latency.p99),
    requests: result.requests.total,
    errors: result.errors,
  };
}

/**
 * Runs a bench's main and exits with the code it returns; when it throws, the reason goes to stderr and
 * `{ error, pass: false }` is the last line printed, so a caller reading the last JSON line learns why.
 */
export function runBench(name: string, main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(`${name} failed: ${error instanceof Error ? error.message : String(error)}`);
      console.log(
        JSON.stringify({
          error: error instanceof Error ? error.message.split('\n')[0] : String(error),
          pass: false,
        }),
      );
      process.exit(1);
    },
  );
}

type Login = { email: string; password: string };

/** Signs in as `login`: the session cookie ("wb_session=...") and the CSRF token for state-changing calls. */
export async function signInSession(origin: string, login: Login): Promise<{ cookie: string; csrf: string }> {
  const response = await fetch(`${origin}/api/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(login),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`sign-in answered ${response.status}: ${text.slice(0, 300)}`);
  const session = response.headers.getSetCookie().find((cookie) => cookie.startsWith('wb_session='));
  if (!session) throw new Error('sign-in set no wb_session cookie');
  const body = JSON.parse(text) as { csrf_token?: string };
  if (!body.csrf_token) throw new Error('sign-in answered no csrf_token');
  return { cookie: session.split(';')[0] as string, csrf: body.csrf_token };
}

/** Signs in as `login` and returns the session cookie ("wb_session=..."). */
export async function signIn(origin: string, login: Login): Promise<string> {
  return (await signInSession(origin, login)).cookie;
}

/** The p-th percentile (nearest rank) of sorted values. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] as number;
}

/** Debian's Chromium (or CHROMIUM_PATH) with the flags this machine needs. */
export const CHROMIUM_LAUNCH = {
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
};

/** A throw-away PostgreSQL database beside the one `url` names (BENCH_DATABASE_URL), dropped after. */
export async function withThrowAwayPostgres<T>(
  url: string,
  prefix: string,
  work: (url: string) => Promise<T>,
): Promise<T> {
  const name = `${prefix}_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  try {
    const target = new URL(url);
    target.pathname = `/${name}`;
    return await work(target.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
