import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureClientBuilt } from './build/buildClient.ts';
import { ensureServerBuilt } from './build/buildServer.ts';
import { loadConfig } from './config.ts';

/**
 * `npm start`: builds the client and the server bundle when missing or stale, then runs the server
 * (server/main.ts, bundled) in a plain Node process, without the TypeScript loader this launcher needs:
 * that keeps start-up well under 3 s. Signals sent to this process are passed on; it exits as the server does,
 * and the server stops when this process ends.
 */
/** Within this long, the same signal again is the same one arriving twice. */
const REPEAT_WINDOW_MS = 1000;
const config = loadConfig();
let entry: string;
try {
  if (!config.skipClientBuild) ensureClientBuilt(config.distDir);
  entry = await ensureServerBuilt(path.join(config.distDir, 'server'));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

// Its own process group: a Ctrl+C in the terminal reaches the server once, through this process. The IPC
// channel tells the server when this process is gone, however it ended (kill -9 included): it then stops.
const server = spawn(process.execPath, ['--enable-source-maps', entry], {
  stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  detached: true,
});
// One signal often reaches this process twice: sent to the whole group (a terminal's Ctrl+C, a test runner
// stopping its command) and relayed again by the npm and tsx wrappers above this process. The server reads a
// second Ctrl+C as "stop now", so a repeat within a second is passed on once. (The server itself also
// ignores a repeated SIGTERM: systemd signals it directly as well as this process.)
const lastForwarded = new Map<NodeJS.Signals, number>();
for (const signal of ['SIGINT', 'SIGTERM', 'SIGQUIT'] as const) {
  process.on(signal, () => {
    const now = Date.now();
    if (now - (lastForwarded.get(signal) ?? 0) < REPEAT_WINDOW_MS) return;
    lastForwarded.set(signal, now);
    server.kill(signal);
  });
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
