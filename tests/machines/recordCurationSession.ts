import { fromPromise, SimulatedClock } from 'xstate';
import { createRecordedActor } from '../../machines/createRecordedActor.ts';
import {
  type CurationAddRequest,
  type CurationAddResult,
  type CurationUndoRequest,
  type CurationUndoResult,
  curationMachine,
} from '../../machines/curationMachine.ts';
import { createEventLog, type EventLog } from '../../machines/eventLog.ts';

const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * A curation session with the real machine on a simulated clock and fake calls: three articles added,
 * undone after 8 s; two added again and left until the undo window passes ('30 sec ago'); one already there.
 * tests/replays/curation.json is this session (written by `npx tsx tests/machines/writeCurationReplay.ts`).
 */
export async function recordCurationSession(): Promise<EventLog> {
  const clock = new SimulatedClock();
  const log = createEventLog({ now: () => clock.now(), startedAt: new Date('2026-11-27T02:00:00Z') });
  let count = 2;
  const held = new Set<number>();
  const actor = createRecordedActor(
    curationMachine.provide({
      actors: {
        add: fromPromise<CurationAddResult, CurationAddRequest>(async ({ input }) => {
          const already = input.articleIds.filter((id) => held.has(id));
          for (const id of input.articleIds) {
            if (held.has(id)) continue;
            held.add(id);
            count += 1;
          }
          return {
            articlesCount: count,
            lastUpdate: 'just now',
            image: '/img/a.png',
            alreadyCurated: already,
          };
        }),
        undo: fromPromise<CurationUndoResult, CurationUndoRequest>(async ({ input }) => {
          for (const id of input.articleIds) if (held.delete(id)) count -= 1;
          return { articlesCount: count };
        }),
      },
    }),
    { name: 'curation', log, clock },
  ).start();
  const target = { versionId: 41, emailId: 7, campaignId: 3 };
  clock.increment(300);
  actor.send({ type: 'curation.add', target, articleIds: [101, 102, 103] });
  await settle();
  clock.increment(5000);
  clock.increment(3000);
  actor.send({ type: 'curation.undo' });
  await settle();
  clock.increment(3000);
  actor.send({ type: 'curation.add', target, articleIds: [104, 105] });
  await settle();
  clock.increment(5000);
  clock.increment(25_000);
  actor.send({ type: 'curation.add', target, articleIds: [104] });
  await settle();
  actor.send({ type: 'curation.dismissNotice' });
  actor.stop();
  return log;
}
