import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseEventLog } from '../../machines/parseEventLog.ts';
import { replayEventLog } from '../../machines/replay.ts';

const dir = path.join(import.meta.dirname, '..', 'replays');
const files = readdirSync(dir).filter((name) => name.endsWith('.json'));

/** Every log checked into tests/replays/ is a regression test: it must replay to its recorded states. */
describe('recorded replays (tests/replays)', () => {
  it('holds at least the sign-in, import-progress, superseded-load and curation logs', () => {
    expect(files).toEqual(
      expect.arrayContaining([
        'sign-in.json',
        'import-progress.json',
        'superseded-load.json',
        'curation.json',
      ]),
    );
  });

  it.each(files)('%s replays with no divergence', async (name) => {
    const log = parseEventLog(readFileSync(path.join(dir, name), 'utf8'));
    expect(log.dropped).toBe(0);
    const result = await replayEventLog(log);
    expect(result.divergence).toBeNull();
    expect(result.steps).toHaveLength(log.entries.length);
  });
});
