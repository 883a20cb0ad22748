/**
 * Runs `npm run bench:journey`'s recompute and screen parts on one database: PGlite (a data folder on
 * disk, like `npm start`; BENCH_PGLITE_DIR keeps it filled) or PostgreSQL (a throw-away database beside
 * the admin URL's, dropped after unless BENCH_KEEP_DATABASE=1; BENCH_POSTGRES_DATABASE=<name> measures a
 * kept one again without filling). Migrates and seeds, fills (bench/journeyData.ts) unless kept, builds the
 * app in this process (its background jobs running, as `npm start`), then measures (bench/journeyScale.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { prepareDatabase } from '../server/db/prepareDatabase.ts';
import { DEMO_IDS } from '../server/seed/demoIds.ts';
import { throwAwayDatabase } from '../tests/helpers/throwAwayDatabase.ts';
import { type BenchConnection, benchApp } from './benchApp.ts';
import { fillJourney, type JourneyBenchSize, readJourneyWorld } from './journeyData.ts';
import {
  JOURNEY_SCALE_TARGET,
  measureRecompute,
  measureScreen,
  type RecomputeFigures,
  type ScreenFigure,
  serverTimes,
} from './journeyScale.ts';

export type ScaleOptions = {
  size: JourneyBenchSize;
  recompute: boolean;
  screen: boolean;
  warmup: number;
  requests: number;
  slowRequests: number;
  keptPostgres: string;
  keepPostgres: boolean;
  pgliteDir: string;
  log: (line: string) => void;
};

export type ScaleFigures = {
  fillMs: number;
  contacts: number;
  events: number;
  views: number;
  loadAverage: { atStart: number[]; atEnd: number[] };
  recompute: RecomputeFigures | null;
  screen: Record<string, ScreenFigure> | null;
  pass: boolean;
};

const PGLITE_FILLED = 'bench-journey-filled';

async function runOn(
  kind: 'pglite' | 'postgres',
  connection: BenchConnection,
  kept: boolean,
  options: ScaleOptions,
): Promise<ScaleFigures> {
  const atStart = os.loadavg();
  const log = (line: string) => options.log(`${kind}: ${line}`);
  log(`load average ${atStart.map((n) => n.toFixed(2)).join(' ')}`);
  const { database } = await prepareDatabase(connection);
  try {
    const started = performance.now();
    if (!kept) log(`filling ${JSON.stringify(options.size)}…`);
    const world = kept
      ? await readJourneyWorld(database, DEMO_IDS.mainOrgId)
      : await fillJourney(database, DEMO_IDS.mainOrgId, options.size, log);
    const fillMs = kept ? 0 : Math.round(performance.now() - started);
    log(`${kept ? 'kept' : `filled in ${fillMs} ms`}: ${JSON.stringify(world)}`);
    const app = await benchApp(connection, database);
    let recompute: RecomputeFigures | null = null;
    let screen: Record<string, ScreenFigure> | null = null;
    const times = serverTimes(app);
    try {
      await app.ready();
      if (options.recompute) {
        const target =
          kind === 'postgres'
            ? JOURNEY_SCALE_TARGET.recomputePostgresMs
            : JOURNEY_SCALE_TARGET.recomputePgliteMs;
        recompute = await measureRecompute(app, database, world, target);
        log(`recompute ${JSON.stringify(recompute)}${recompute.pass ? '' : '  MISSED'}`);
      }
      if (options.screen) screen = await measureScreen(app, times, world, { ...options, log });
    } finally {
      await app.close();
    }
    const pass =
      (recompute === null || recompute.pass) &&
      (screen === null || Object.values(screen).every((f) => f.pass !== false));
    return {
      fillMs,
      contacts: world.contacts,
      events: world.events,
      views: world.views,
      loadAverage: { atStart, atEnd: os.loadavg() },
      recompute,
      screen,
      pass,
    };
  } finally {
    await database.close().catch(() => undefined);
  }
}

/** The parts on PGlite, in a temporary folder unless BENCH_PGLITE_DIR (kept, measured again once filled). */
export async function scaleOnPglite(options: ScaleOptions): Promise<ScaleFigures> {
  if (options.pgliteDir) fs.mkdirSync(options.pgliteDir, { recursive: true });
  const dataDir = options.pgliteDir || fs.mkdtempSync(path.join(os.tmpdir(), 'bench-journey-'));
  const kept = options.pgliteDir !== '' && fs.existsSync(path.join(dataDir, PGLITE_FILLED));
  try {
    const figures = await runOn('pglite', { dataDir }, kept, options);
    if (options.pgliteDir && !kept) fs.writeFileSync(path.join(dataDir, PGLITE_FILLED), '');
    return figures;
  } finally {
    if (options.pgliteDir) options.log(`pglite: kept the data folder ${dataDir}`);
    else fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The parts on a PostgreSQL database beside adminUrl's (throw-away unless kept). */
export async function scaleOnPostgres(adminUrl: string, options: ScaleOptions): Promise<ScaleFigures> {
  const scratch = options.keptPostgres
    ? {
        url: Object.assign(new URL(adminUrl), { pathname: `/${options.keptPostgres}` }).toString(),
        name: options.keptPostgres,
        drop: async () => {},
      }
    : await throwAwayDatabase('wb_bench_journey', adminUrl);
  if (!scratch) throw new Error('no PostgreSQL');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-journey-pg-'));
  try {
    return await runOn(
      'postgres',
      { dataDir, databaseUrl: scratch.url },
      options.keptPostgres !== '',
      options,
    );
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (options.keptPostgres || options.keepPostgres)
      options.log(`postgres: kept the database ${scratch.name}`);
    else await scratch.drop();
  }
}
