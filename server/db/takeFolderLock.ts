import { createHash } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/** Releases a folder lock; safe to call more than once. */
export type ReleaseFolderLock = () => void;

type Held = { count: number; server: net.Server; pidFile: string };
const heldHere = new Map<string, Held>();

/**
 * PGlite does not lock its data folder and must be opened by one process at a time. The lock is held by the
 * kernel, not by a file: the process listens on an abstract unix socket named after the folder's real path.
 * Binding it is atomic (two processes can never both win), and the kernel frees it the instant its holder
 * dies, even by kill -9, so a dead holder never blocks a restart and there is no stale-lock race to lose.
 * A `workbench.lock` file beside it holds the holder's pid, only so the refusal can name it.
 * The same process may take the lock again (db:reset holds it while it opens the database): it is counted.
 */
export async function takeFolderLock(dataDir: string): Promise<ReleaseFolderLock> {
  fs.mkdirSync(dataDir, { recursive: true });
  const real = fs.realpathSync(dataDir);
  const pidFile = path.join(real, 'workbench.lock');
  const already = heldHere.get(real);
  if (already) {
    already.count += 1;
    return once(() => release(real));
  }
  const name = `\0workbench-data-${createHash('sha256').update(real).digest('hex').slice(0, 40)}`;
  const server = net.createServer((socket) => socket.destroy());
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen({ path: name, exclusive: true }, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    throw new Error(
      `The data folder ${dataDir} is in use by ${holderName(pidFile)}. PGlite allows one process per data ` +
        'folder: stop that process, set DATA_DIR to another folder, or use PostgreSQL (DATABASE_URL) to run ' +
        'several server or worker processes on one database.',
    );
  }
  // The lock never keeps the process alive on its own.
  server.unref();
  fs.writeFileSync(pidFile, String(process.pid));
  heldHere.set(real, { count: 1, server, pidFile });
  return once(() => release(real));
}

function release(real: string): void {
  const held = heldHere.get(real);
  if (!held) return;
  held.count -= 1;
  if (held.count > 0) return;
  heldHere.delete(real);
  try {
    if (fs.readFileSync(held.pidFile, 'utf8') === String(process.pid)) fs.unlinkSync(held.pidFile);
  } catch {
    // already gone
  }
  held.server.close();
}

function holderName(pidFile: string): string {
  try {
    const pid = Number(fs.readFileSync(pidFile, 'utf8'));
    if (Number.isInteger(pid) && pid > 0) return `process ${pid} (lock file ${pidFile})`;
  } catch {
    // the holder has not written it yet
  }
  return 'another process';
}

function once(action: () => void): ReleaseFolderLock {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    action();
  };
}
