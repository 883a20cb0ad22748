import { readFileSync } from 'node:fs';
import { parseEventLog } from '../machines/parseEventLog.ts';
import { replayEventLog } from '../machines/replay.ts';

/**
 * `npm run replay -- <file>`: replays a downloaded session log in Node (simulated clock, recorded promise
 * outcomes, no network), prints each actor's state path after every entry, and exits with 1 at the first
 * divergence ("divergence at event #N: expected X, got Y").
 */
async function main(): Promise<number> {
  const file = process.argv[2];
  if (!file) {
    console.error('usage: npm run replay -- <session-log.json>');
    return 2;
  }
  const log = parseEventLog(readFileSync(file, 'utf8'));
  const { header } = log;
  console.log(
    `session of ${header.startedAt} (${header.timeZone}), app ${header.appVersion}, ${log.entries.length} entries`,
  );
  if (log.dropped > 0) {
    console.warn(`warning: the log dropped its ${log.dropped} oldest entries; the replay starts mid-session`);
  }
  const { steps, divergence } = await replayEventLog(log);
  for (const step of steps) {
    const mark = step.matches ? ' ' : '!';
    console.log(
      `${mark} #${step.index} +${step.at}ms ${step.actor} ${step.what} -> ${step.actual}${step.matches ? '' : ` (recorded ${step.expected})`}`,
    );
  }
  if (divergence) {
    console.error(
      `divergence at event #${divergence.index}: expected ${divergence.expected}, got ${divergence.actual}`,
    );
    return 1;
  }
  console.log(`replayed ${steps.length} entries: every state matches`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(2);
  },
);
