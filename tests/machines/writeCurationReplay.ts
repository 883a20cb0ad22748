import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { recordCurationSession } from './recordCurationSession.ts';

/** Writes tests/replays/curation.json from the recorded curation session (run with `npx tsx`). */
const log = await recordCurationSession();
const file = path.join(import.meta.dirname, '..', 'replays', 'curation.json');
writeFileSync(file, `${JSON.stringify(log.toJSON(), null, 2)}\n`);
console.log(`wrote ${file}`);
