/**
 * `npm run bench:idle`: what an idle `npm start` costs. The real server (PGlite, demo data, workflow
 * runtime and delivery worker on) is started and left to settle for BENCH_SETTLE_S seconds (default 120: the
 * start-up's own work, such as the demo workflows' first steps and pg-boss's first maintenance, is done, and
 * so are V8's garbage collections of what the first run's demo seeding left: one of ~0.25 s about 100 s after
 * the start, profiled; a window that holds it measures start-up, not idling),
 * then the CPU time of the server process and of its launcher is read from /proc over BENCH_IDLE_S seconds
 * (default 60) with no request made.
 * Target: both together use at most 0.5% of one core. The last line is one JSON object.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  benchEnv,
  freePort,
  round,
  runBench,
  sleep,
  startServer,
  stopServer,
  waitForAnswer,
} from './benchServer.ts';

export const IDLE_TARGET = { shareOfCore: 0.005 } as const;
const IDLE_S = Number(process.env.BENCH_IDLE_S || 60);
const SETTLE_S = Number(process.env.BENCH_SETTLE_S || 120);
const TICKS_PER_SECOND = 100;

/** User plus system CPU seconds a process has used (Linux /proc). */
function cpuSeconds(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

async function main(): Promise<number> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'wb-bench-idle-'));
  const port = await freePort();
  const dataDir = path.join(work, 'data');
  const server = startServer(benchEnv(port, dataDir, { LOG_LEVEL: 'warn' }), path.join(work, 'server.log'));
  try {
    await waitForAnswer(server, `http://127.0.0.1:${port}/api/docs/json`, 180_000);
    const serverPid = Number(fs.readFileSync(path.join(dataDir, 'workbench.lock'), 'utf8'));
    const launcherPid = server.child.pid ?? 0;
    await sleep(SETTLE_S * 1000);
    const before = {
      server: cpuSeconds(serverPid),
      launcher: cpuSeconds(launcherPid),
      at: performance.now(),
    };
    const loadAtStart = os.loadavg()[0] ?? 0;
    await sleep(IDLE_S * 1000);
    const seconds = (performance.now() - before.at) / 1000;
    const used = {
      server: cpuSeconds(serverPid) - before.server,
      launcher: cpuSeconds(launcherPid) - before.launcher,
    };
    const share = (used.server + used.launcher) / seconds;
    const figures = {
      seconds: round(seconds, 1),
      cpuSeconds: { server: round(used.server, 2), launcher: round(used.launcher, 2) },
      shareOfCore: round(share, 4),
      loadAverage: { atStart: round(loadAtStart, 2), atEnd: round(os.loadavg()[0] ?? 0, 2) },
    };
    const met = share <= IDLE_TARGET.shareOfCore;
    console.log(
      `idle npm start: ${round(share * 100, 2)}% of a core over ${figures.seconds} s (server ${figures.cpuSeconds.server} s, ` +
        `launcher ${figures.cpuSeconds.launcher} s of CPU; target <= ${IDLE_TARGET.shareOfCore * 100}%); ` +
        `load ${figures.loadAverage.atStart} -> ${figures.loadAverage.atEnd}`,
    );
    console.log(JSON.stringify({ bench: 'idle', idle: figures, target: IDLE_TARGET, met }));
    return met ? 0 : 1;
  } finally {
    await stopServer(server);
    fs.rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  runBench('idle bench', main);
}
