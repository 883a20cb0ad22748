import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fromPromise, waitFor } from 'xstate';
import { CANCELED_MESSAGE } from '../domain/requestFailure.ts';
import { createRecordedActor } from '../machines/createRecordedActor.ts';
import { createEventLog } from '../machines/eventLog.ts';
import { loadMachine } from '../machines/loadMachine.ts';
import { ApiError } from '../src/api/ApiError.ts';

/**
 * `npx tsx scripts/recordReplays.ts [dir]`: records the superseded-load log of tests/replays/ by driving the
 * real loadMachine through the recording helper, on the real clock, with a fake call that answers after
 * 30 ms and, like the request layer, rejects a superseded call with CANCELED_MESSAGE.
 * (The sign-in and import-progress logs come from a real browser: see e2e/eventLog.spec.ts.)
 */
async function recordSupersededLoad(file: string): Promise<void> {
  const log = createEventLog();
  const contacts = loadMachine.provide({
    actors: {
      load: fromPromise<unknown, unknown>(
        ({ input, signal }) =>
          new Promise((resolve, reject) => {
            const timer = setTimeout(() => resolve({ page: input, contacts: ['Ada', 'Grace'] }), 30);
            signal.addEventListener('abort', () => {
              clearTimeout(timer);
              reject(new ApiError({ kind: 'canceled', status: 0, message: CANCELED_MESSAGE }));
            });
          }),
      ),
    },
  });
  const actor = createRecordedActor(contacts, { name: 'load:contacts', log, reset: { type: 'load.reset' } });
  actor.start();
  actor.send({ type: 'load.start', input: 1 });
  // A second load of the same kind while the first is in flight: the first is canceled, never a failure.
  actor.send({ type: 'load.start', input: 2 });
  await waitFor(actor, (s) => s.matches('success'));
  actor.send({ type: 'load.start', input: 3 });
  await waitFor(actor, (s) => s.matches('success'));
  actor.send({ type: 'load.reset' });
  actor.stop();
  writeFileSync(file, `${JSON.stringify(log.toJSON(), null, 2)}\n`);
  console.log(`wrote ${file}`);
}

const dir = process.argv[2] ?? 'tests/replays';
await recordSupersededLoad(path.join(dir, 'superseded-load.json'));
