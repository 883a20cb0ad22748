import { execFile, spawn } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

it('stops every process of a run, in groups of their own and deaf to SIGTERM too, and spares the rest', async () => {
  const marker = `probe-${process.pid}-${Date.now()}`;
  const start = (script: string, env: Record<string, string | undefined>) => {
    const child = spawn('bash', ['-c', script], {
      env: { ...process.env, ...env },
      detached: true,
      stdio: 'ignore',
    });
    child.unref();
    return child.pid as number;
  };
  // A server left behind in its own process group; one that ignores SIGTERM; one of another run.
  const left = start('sleep 120', { WB_TEST_RUN: marker });
  const deaf = start('trap "" TERM; sleep 120 & wait', { WB_TEST_RUN: marker });
  const other = start('sleep 120', { WB_TEST_RUN: `${marker}-other` });
  try {
    await expect.poll(() => [left, deaf, other].every(alive)).toBe(true);
    // The callers carry the marker as well (the run that calls it, npm and CI's time-out above it): all
    // spared, npm too, whose name ("npm test") holds a space.
    const sweep = path.join(root, 'scripts/stopRunProcesses.sh');
    const npmLike = `process.title = 'npm test'; process.stdout.write(require('node:child_process').execFileSync('bash', [${JSON.stringify(sweep)}, ${JSON.stringify(marker)}]))`;
    const { stdout } = await run('bash', ['-c', `node -e "$0" && echo above-survived`, npmLike], {
      env: { ...process.env, WB_TEST_RUN: marker },
    });
    expect(stdout).toContain('above-survived');
    expect(stdout).toContain(`stopping ${left}`);
    expect(stdout).toContain(`stopping ${deaf}`);
    await expect.poll(() => alive(left) || alive(deaf), { timeout: 10_000 }).toBe(false);
    expect(alive(other)).toBe(true);
    expect(alive(process.pid)).toBe(true);
  } finally {
    for (const pid of [left, deaf, other]) if (alive(pid)) process.kill(-pid, 'SIGKILL');
  }
}, 30_000);
