/**
 * What the benchmarks share: a free loopback port, the real server started by its own PID
 * (`node --import tsx server/start.ts`, output to a file), waiting for its first answer, stopping it, and
 * autocannon as a promise.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

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

/** Spawns the server with its output going straight to a file (no pipe for this process to drain). */
export function startServer(env: NodeJS.ProcessEnv, logFile: string): Server {
  const out = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/start.ts'], {
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

/** Signs in as `login` and returns the session cookie ("wb_session=..."). */
export async function signIn(origin: string, login: { email: string; password: string }): Promise<string> {
  const response = await fetch(`${origin}/api/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(login),
  });
  const body = await response.text();
  if (response.status !== 200) throw new Error(`sign-in answered ${response.status}: ${body.slice(0, 300)}`);
  const session = response.headers.getSetCookie().find((cookie) => cookie.startsWith('wb_session='));
  if (!session) throw new Error('sign-in set no wb_session cookie');
  return session.split(';')[0] as string;
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
