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
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
