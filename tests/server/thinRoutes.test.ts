import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Thin routes in the campaign, publish and analytics services: a routes file holds schemas and handlers that each
 * call a use case; the database is reached from use-case and query files only, and no work is started
 * with its errors dropped. Checked on the source text, so a second way fails `npm test` with its place.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const SERVICES = ['server/services/campaign', 'server/services/publish', 'server/services/analytics'];
/** "At most about 200 lines": the longest routes file may run a little over on its schema descriptions. */
const MAX_ROUTES_LINES = 220;

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .map((name) => path.posix.join(dir, name.split(path.sep).join('/')));
}

const DATABASE = /\.(insertInto|updateTable|deleteFrom|selectFrom|replaceInto|mergeInto)\(|\bsql`/;
const DROPPED = /\.catch\(\s*\(\s*\w*\s*\)\s*=>\s*(\{\s*\}|undefined|null)\s*\)/;

/** What is wrong with a routes file: database work in it, or too many lines. */
function routesFileProblems(text: string): string[] {
  const problems: string[] = [];
  for (const [i, line] of text.split('\n').entries()) {
    const found = DATABASE.exec(line);
    if (found) problems.push(`line ${i + 1}: ${found[0]} (the database belongs in a use case or query file)`);
  }
  const lines = text.split('\n').length;
  if (lines > MAX_ROUTES_LINES) problems.push(`${lines} lines (at most about 200)`);
  return problems;
}

/** Lines that start work and drop its errors (a promise's catch that does nothing). */
function droppedErrors(text: string): string[] {
  return text.split('\n').flatMap((line, i) => (DROPPED.test(line) ? [`line ${i + 1}: ${line.trim()}`] : []));
}

const files = SERVICES.flatMap(filesUnder);
const routesFiles = files.filter((file) => /Routes\.ts$/.test(file));

describe('thin routes in the campaign, publish and analytics services', () => {
  it('finds the routes files', () => {
    expect(routesFiles).toEqual(
      expect.arrayContaining([
        'server/services/publish/sendRoutes.ts',
        'server/services/campaign/emailRoutes.ts',
      ]),
    );
  });

  it('keeps database work out of every routes file, and each under about 200 lines', () => {
    const problems = routesFiles.flatMap((file) =>
      routesFileProblems(fs.readFileSync(path.join(ROOT, file), 'utf8')).map((p) => `${file}: ${p}`),
    );
    expect(problems).toEqual([]);
  });

  it('starts no work with its errors dropped', () => {
    const problems = files.flatMap((file) =>
      droppedErrors(fs.readFileSync(path.join(ROOT, file), 'utf8')).map((p) => `${file}: ${p}`),
    );
    expect(problems).toEqual([]);
  });

  it('catches a write in a routes file, an overlong one and a send whose errors are dropped', () => {
    const bad = [
      "app.post('x/', async () => {",
      "  await db.updateTable('email_versions').set({ status: 'sent' }).execute();",
      '  void runSend(db, sendId).catch(() => {});',
      '});',
      ...Array.from({ length: MAX_ROUTES_LINES }, () => '// a schema description'),
    ].join('\n');
    expect(routesFileProblems(bad)).toEqual([
      'line 2: .updateTable( (the database belongs in a use case or query file)',
      `${MAX_ROUTES_LINES + 4} lines (at most about 200)`,
    ]);
    expect(droppedErrors(bad)).toEqual(['line 3: void runSend(db, sendId).catch(() => {});']);
  });
});
