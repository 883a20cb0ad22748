import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { recordAiGenerationSession } from './recordAiGenerationSession.ts';

/** Writes tests/replays/ai-generation.json from the recorded generation session (run with `npx tsx`). */
const log = await recordAiGenerationSession();
const file = path.join(import.meta.dirname, '..', 'replays', 'ai-generation.json');
writeFileSync(file, `${JSON.stringify(log.toJSON(), null, 2)}\n`);
console.log(`wrote ${file}`);
