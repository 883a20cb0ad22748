import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { freePort } from '../../tests/helpers/freePort.ts';

/**
 * A server of a spec's own, which the spec may stop and start again (the shared e2e server must keep
 * running for the other specs): the server bundle the e2e run built (dist/server), on the copy of the
 * seeded database that prepareE2eData made in E2E_OUTAGE_DIR/data, on a free port that stays the same
 * across restarts (the page's origin). `distDir` picks the client build it serves (default dist/).
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
export const DIST_DIR = path.join(ROOT, 'dist');

export type OwnServer = {
  baseURL: string;
  start: (options?: { distDir?: string }) => Promise<void>;
  stop: () => Promise<void>;
};

export async function ownServer(): Promise<OwnServer> {
  const outageDir = process.env.E2E_OUTAGE_DIR;
  if (!outageDir) throw new Error('E2E_OUTAGE_DIR is not set: run the specs through playwright.config.ts');
  const dataDir = path.join(outageDir, 'data');
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;

  const answers = async () => {
    try {
      return (await fetch(`${baseURL}/`)).ok;
    } catch {
      return false;
    }
  };

  return {
    baseURL,
    async start({ distDir = DIST_DIR } = {}) {
      if (child) throw new Error('the own server is already running');
      const log = fs.openSync(path.join(outageDir, 'server.log'), 'a');
      child = spawn(process.execPath, ['--enable-source-maps', path.join(DIST_DIR, 'server', 'main.js')], {
        cwd: ROOT,
        env: {
          ...process.env,
          HOST: '127.0.0.1',
          PORT: String(port),
          DATA_DIR: dataDir,
          DIST_DIR: distDir,
          LOG_LEVEL: 'warn',
          AUTH_RATE_LIMIT: '10000',
        },
        stdio: ['ignore', log, log],
      });
      const started = child;
      child.once('exit', () => {
        if (child === started) child = null;
      });
      await expect
        .poll(answers, { message: `the own server answers on ${baseURL}`, timeout: 60_000 })
        .toBe(true);
    },
    async stop() {
      const running = child;
      if (!running) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGTERM');
      await exited;
      child = null;
    },
  };
}
