import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { takeFolderLock } from '../../../server/db/takeFolderLock.ts';

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'wb-lock-'));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  fs.rmSync(folder, { recursive: true, force: true });
});

/** A process that holds the lock until killed; resolves once it holds it. */
async function holder(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/server/db/folderLockProcess.ts', folder], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => chunk.toString().includes('locked') && resolve());
    child.on('exit', (code) => reject(new Error(`lock holder exited with ${code}`)));
  });
  return child;
}

function killed(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

it('refuses a folder another live process holds, naming it, and takes it over at once after kill -9, every time', async () => {
  for (let round = 0; round < 8; round += 1) {
    const child = await holder();
    await expect(takeFolderLock(folder)).rejects.toThrow(`in use by process ${child.pid}`);
    await killed(child);
    // The pid file of the dead holder is still there: the kernel-held lock is free anyway.
    expect(fs.readFileSync(path.join(folder, 'workbench.lock'), 'utf8')).toBe(String(child.pid));
    const release = await takeFolderLock(folder);
    expect(fs.readFileSync(path.join(folder, 'workbench.lock'), 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(folder, 'workbench.lock'))).toBe(false);
  }
}, 120_000);

it('lets one process take its own lock again, and frees it only when every taker has released it', async () => {
  const first = await takeFolderLock(folder);
  const second = await takeFolderLock(folder);
  first();
  first();
  // Still held by `second`: another process is refused (its unhandled refusal exits 1).
  const refused = spawn(process.execPath, [
    '--import',
    'tsx',
    'tests/server/db/folderLockProcess.ts',
    folder,
  ]);
  children.push(refused);
  expect(await new Promise<number | null>((resolve) => refused.on('exit', resolve))).toBe(1);
  second();
  const child = await holder();
  await killed(child);
}, 60_000);
