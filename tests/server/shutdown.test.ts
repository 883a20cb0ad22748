import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { DEMO_LOGIN } from '../../server/seed/demoAccounts.ts';
import { freePort } from '../helpers/freePort.ts';
import { pgliteFolderFromTemplate } from '../helpers/pgliteFolderFromTemplate.ts';

/** The real start-up script, stopped with SIGTERM while a request is in flight. */

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wb-shutdown-'));
const children: ChildProcess[] = [];

type Running = { child: ChildProcess; port: number; output: () => string; exited: Promise<number | null> };

async function start(folder = dataDir, extraEnv: Record<string, string> = {}): Promise<Running> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/start.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: folder,
      SKIP_CLIENT_BUILD: 'true',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: '',
      ADMIN_PASSWORD: '',
      DEMO_DATA: '',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  await expect.poll(() => output, { timeout: 60_000, interval: 50 }).toContain('Workbench running at');
  return { child, port, output: () => output, exited };
}

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

type SlowRequest = { sent: Promise<void>; finish: () => void; answer: Promise<Answer> };
type Answer = { status: number; text: string; cookie?: string };

/** A sign-in whose headers and first half of the body are sent now, the rest when finish() is called. */
function slowSignIn(port: number): SlowRequest {
  const body = new URLSearchParams({ email: DEMO_LOGIN.email, password: DEMO_LOGIN.password }).toString();
  const half = Math.floor(body.length / 2);
  let resolveAnswer!: (answer: Answer) => void;
  const answer = new Promise<Answer>((resolve) => {
    resolveAnswer = resolve;
  });
  const request = http.request(
    {
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/auth/login/',
      agent: false,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'content-length': Buffer.byteLength(body),
      },
    },
    (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => {
        text += chunk.toString();
      });
      res.on('end', () =>
        resolveAnswer({
          status: res.statusCode ?? 0,
          text,
          cookie: res.headers['set-cookie']?.[0]?.split(';')[0],
        }),
      );
    },
  );
  request.on('error', (error) => resolveAnswer({ status: 0, text: String(error) }));
  const sent = new Promise<void>((resolve) => request.write(body.slice(0, half), () => resolve()));
  return { sent, finish: () => request.end(body.slice(half)), answer };
}

it('answers all 50 requests in flight on SIGTERM, cuts one stuck past the grace period, exits 0 and keeps the data', async () => {
  // A copy of the seeded template: the first start on an empty folder is the third test's.
  await pgliteFolderFromTemplate(dataDir);
  const first = await start(dataDir, { AUTH_RATE_LIMIT: '1000', SHUTDOWN_GRACE_MS: '15000' });
  expect(first.output()).toContain(`Demo login: ${DEMO_LOGIN.email} / ${DEMO_LOGIN.password}`);
  // The demo accounts' public passwords are called out plainly.
  expect(first.output()).toContain('WARNING: demo accounts with the public passwords of the README exist');
  const slow = Array.from({ length: 50 }, () => slowSignIn(first.port));
  const stuck = slowSignIn(first.port);
  // Every request's headers and half its body are on the wire, and the server has begun them, before the signal.
  await Promise.all([...slow, stuck].map((request) => request.sent));
  await expect
    .poll(async () => (await fetch(`http://127.0.0.1:${first.port}/api/docs/json`)).status)
    .toBe(200);
  first.child.kill('SIGTERM');
  await expect.poll(() => first.output(), { timeout: 10_000, interval: 20 }).toContain('SIGTERM received');
  // The rest of each body is sent only once the server is stopping; the stuck one never sends it.
  for (const request of slow) request.finish();

  const answers = await Promise.all(slow.map((request) => request.answer));
  expect(answers.map((answer) => answer.status)).toEqual(slow.map(() => 200));
  for (const answer of answers) expect(JSON.parse(answer.text)).toMatchObject({ success: true });
  expect((await stuck.answer).status).toBe(0);
  expect(await first.exited).toBe(0);
  expect(first.output()).toContain('1 request(s) still running after 15000 ms were cut.');
  expect(first.output()).toContain('Stopped cleanly.');
  expect(fs.existsSync(path.join(dataDir, 'workbench.lock'))).toBe(false);

  // A session an answered sign-in wrote is still there after a restart.
  const second = await start();
  const me = await fetch(`http://127.0.0.1:${second.port}/api/user/user_data/`, {
    headers: { cookie: answers[49]?.cookie ?? '' },
  });
  expect(me.status).toBe(200);
  // One Ctrl+C reaches the launcher twice (the terminal's group, and npm's or tsx's relay): still one clean stop.
  second.child.kill('SIGINT');
  second.child.kill('SIGINT');
  expect(await second.exited).toBe(0);
  expect(second.output()).toContain('Stopped cleanly.');
  expect(second.output()).not.toContain('exiting now');
}, 150_000);

it('answers all 15 requests in flight and exits 0 when SIGTERM reaches the launcher group and the server together (as systemd stops a service)', async () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'wb-systemd-'));
  try {
    await pgliteFolderFromTemplate(folder);
    const port = await freePort();
    // `npm start` as systemd runs it: the launcher in a process group of its own (the service's).
    const launcher = spawn(process.execPath, ['--import', 'tsx', 'server/start.ts'], {
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: folder,
        SKIP_CLIENT_BUILD: 'true',
        LOG_LEVEL: 'warn',
        ADMIN_EMAIL: '',
        ADMIN_PASSWORD: '',
        AUTH_RATE_LIMIT: '1000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    children.push(launcher);
    let output = '';
    for (const stream of [launcher.stdout, launcher.stderr]) {
      stream?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
      });
    }
    const exited = new Promise<number | null>((resolve) => launcher.on('exit', (code) => resolve(code)));
    await expect.poll(() => output, { timeout: 60_000, interval: 50 }).toContain('Workbench running at');
    const serverPid = Number(fs.readFileSync(path.join(folder, 'workbench.lock'), 'utf8'));
    expect(serverPid).not.toBe(launcher.pid);

    const slow = Array.from({ length: 15 }, () => slowSignIn(port));
    await Promise.all(slow.map((request) => request.sent));
    await expect.poll(async () => (await fetch(`http://127.0.0.1:${port}/api/docs/json`)).status).toBe(200);
    // systemd's stop: SIGTERM to every process of the service, the server and the launcher's group alike.
    // One after the other, each seen (two signals of a kind arriving at once are merged into one).
    process.kill(serverPid, 'SIGTERM');
    await expect.poll(() => output, { timeout: 10_000, interval: 20 }).toContain('SIGTERM received');
    process.kill(-(launcher.pid ?? 0), 'SIGTERM');
    // The launcher's relay has arrived too before the requests go on.
    await expect.poll(() => output, { timeout: 10_000, interval: 20 }).toMatch(/SIGTERM received again/);
    for (const request of slow) request.finish();

    const answers = await Promise.all(slow.map((request) => request.answer));
    expect(answers.map((answer) => answer.status)).toEqual(slow.map(() => 200));
    expect(await exited).toBe(0);
    expect(output).toContain('Stopped cleanly.');
    expect(output).not.toContain('exiting now');
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}, 150_000);

it('stops the server when its launcher is killed with its whole process group (kill -9)', async () => {
  const port = await freePort();
  const launcher = spawn(process.execPath, ['--import', 'tsx', 'server/start.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      SKIP_CLIENT_BUILD: 'true',
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
    detached: true,
  });
  children.push(launcher);
  await expect
    .poll(async () => (await fetch(`http://127.0.0.1:${port}/api/docs/json`).catch(() => null))?.status, {
      timeout: 60_000,
      interval: 100,
    })
    .toBe(200);
  const serverPid = Number(fs.readFileSync(path.join(dataDir, 'workbench.lock'), 'utf8'));
  expect(serverPid).not.toBe(launcher.pid);
  expect(isAlive(serverPid)).toBe(true);
  process.kill(-(launcher.pid ?? 0), 'SIGKILL');

  await expect.poll(() => isAlive(serverPid), { timeout: 20_000, interval: 100 }).toBe(false);
  await expect(fetch(`http://127.0.0.1:${port}/api/docs/json`)).rejects.toThrow();
  // The port and the data folder are free: a new start on both succeeds. Sign-in counts live in the
  // database now, so the first test's 51 sign-ins are still counted: the same raised limit as there.
  const again = await start(dataDir, { AUTH_RATE_LIMIT: '1000' });
  // While a request is still running, a repeated SIGTERM changes nothing; SIGQUIT stops at once.
  const stuck = slowSignIn(again.port);
  await stuck.sent;
  const againPid = Number(fs.readFileSync(path.join(dataDir, 'workbench.lock'), 'utf8'));
  process.kill(againPid, 'SIGTERM');
  await expect.poll(() => again.output(), { timeout: 10_000, interval: 20 }).toContain('SIGTERM received:');
  process.kill(againPid, 'SIGTERM');
  await expect
    .poll(() => again.output(), { timeout: 10_000, interval: 20 })
    .toContain('SIGTERM received again: still finishing the requests in flight.');
  expect(isAlive(againPid)).toBe(true);
  again.child.kill('SIGQUIT');
  expect(await again.exited).toBe(1);
  expect(again.output()).toContain('SIGQUIT received: exiting now.');
  expect((await stuck.answer).status).toBe(0);
}, 150_000);

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

// One fresh folder without demo data (no seeding: a cheaper start) serves both: nothing public, and the
// internal admin made at first start.
it('starts with no demo data and no public password with DEMO_DATA=off, and creates the internal admin at first start with a random password, printed once and kept owner-only', async () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'wb-admin-'));
  try {
    const first = await start(folder, { DEMO_DATA: 'off' });
    expect(first.output()).not.toContain('Demo login');
    expect(first.output()).not.toContain('WARNING: demo accounts');
    expect(first.output()).not.toContain('Demo preference link');
    const demo = await fetch(`http://127.0.0.1:${first.port}/api/auth/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(DEMO_LOGIN),
    });
    expect(demo.status).toBe(400);

    const printed = /Sign in as (\S+) with the password (\S+) \(shown this once\)/.exec(first.output());
    expect(printed?.[1]).toBe('admin@workbench.test');
    const password = printed?.[2] ?? '';
    expect(password.length).toBeGreaterThanOrEqual(20);
    const file = path.join(folder, 'initial_admin_password');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(file, 'utf8')).toContain(`Password: ${password}`);
    const login = await fetch(`http://127.0.0.1:${first.port}/api/auth/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: 'admin@workbench.test', password }),
    });
    expect(login.status).toBe(200);
    expect((await login.json()).user).toMatchObject({ user_id: 4708, internal_user_level: 2 });
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    // A later start never prints it again.
    const second = await start(folder, { DEMO_DATA: 'off' });
    expect(second.output()).not.toContain(password);
    expect(second.output()).toContain('Internal admin (user 4708): admin@workbench.test.');
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}, 150_000);
