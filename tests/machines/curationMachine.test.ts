import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import {
  type CurationAddRequest,
  type CurationAddResult,
  type CurationUndoRequest,
  type CurationUndoResult,
  curationAddFailed,
  curationCardFlags,
  curationMachine,
} from '../../machines/curationMachine.ts';
import { replayEventLog } from '../../machines/replay.ts';
import { recordCurationSession } from './recordCurationSession.ts';

type Pending<I, O> = { input: I; resolve: (value: O) => void; reject: (error: unknown) => void };

const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
const TARGET = { versionId: 41, emailId: 7, campaignId: 3 };

function start() {
  const clock = new SimulatedClock();
  const adds: Pending<CurationAddRequest, CurationAddResult>[] = [];
  const undos: Pending<CurationUndoRequest, CurationUndoResult>[] = [];
  const machine = curationMachine.provide({
    actors: {
      add: fromPromise<CurationAddResult, CurationAddRequest>(
        ({ input }) => new Promise((resolve, reject) => adds.push({ input, resolve, reject })),
      ),
      undo: fromPromise<CurationUndoResult, CurationUndoRequest>(
        ({ input }) => new Promise((resolve, reject) => undos.push({ input, resolve, reject })),
      ),
    },
  });
  const actor = createActor(machine, { clock }).start();
  const flags = (versionId = TARGET.versionId) => curationCardFlags(actor.getSnapshot(), versionId);
  return { clock, actor, adds, undos, flags };
}

async function addThree(run: ReturnType<typeof start>, already: number[] = []) {
  run.actor.send({ type: 'curation.add', target: TARGET, articleIds: [101, 102, 103] });
  const call = run.adds.at(-1);
  if (!call) throw new Error('no add call');
  call.resolve({
    articlesCount: 5 - already.length,
    lastUpdate: 'now',
    image: '/a.png',
    alreadyCurated: already,
  });
  await settle();
}

describe('curationMachine (simulated clock)', () => {
  it('sends the articles in order, shows the card as new and recent for 5 s, offers Undo for 30 s, then reads 30 sec ago', async () => {
    const run = start();
    await addThree(run);
    expect(run.adds[0]?.input).toEqual({ target: TARGET, articleIds: [101, 102, 103] });
    expect(run.flags()).toMatchObject({ newlyCreated: true, recent: true, showUndo: true, agoText: null });
    expect(run.actor.getSnapshot().context.counts['41']).toEqual({
      versionId: 41,
      articlesCount: 5,
      image: '/a.png',
    });
    expect(run.flags(99)).toMatchObject({ newlyCreated: false, recent: false, showUndo: false });
    run.clock.increment(4999);
    expect(run.flags().recent).toBe(true);
    run.clock.increment(1);
    expect(run.flags()).toMatchObject({ recent: false, showUndo: true, agoText: null });
    run.clock.increment(24_999);
    expect(run.flags()).toMatchObject({ showUndo: true, agoText: null });
    run.clock.increment(1);
    expect(run.flags()).toMatchObject({ showUndo: false, agoText: '30 sec ago', newlyCreated: true });
    run.actor.send({ type: 'curation.undo' });
    expect(run.undos).toHaveLength(0);
    run.actor.stop();
  });

  it('undo removes exactly what the add brought, lowers the count, clears the image and confirms for 3 s', async () => {
    const run = start();
    await addThree(run, [102]);
    run.clock.increment(12_000);
    run.actor.send({ type: 'curation.undo' });
    expect(run.flags().undoing).toBe(true);
    expect(run.undos[0]?.input).toEqual({ versionId: 41, articleIds: [101, 103] });
    run.undos[0]?.resolve({ articlesCount: 2 });
    await settle();
    expect(run.flags()).toMatchObject({ undone: true, showUndo: false, recentlyAddedArticles: [] });
    expect(run.actor.getSnapshot().context.counts['41']).toEqual({
      versionId: 41,
      articlesCount: 2,
      image: null,
    });
    run.clock.increment(2999);
    expect(run.flags().undone).toBe(true);
    run.clock.increment(1);
    expect(run.flags()).toMatchObject({ undone: false, newlyCreated: false });
    expect(run.actor.getSnapshot().context.lastAdd).toBeNull();
    run.actor.stop();
  });

  it('a failed undo marks the card as failed to remove and offers Undo again', async () => {
    const run = start();
    await addThree(run);
    run.actor.send({ type: 'curation.undo' });
    run.undos[0]?.reject(new Error('500'));
    await settle();
    expect(run.flags()).toMatchObject({ removeFailed: true, showUndo: true, undone: false });
    run.actor.send({ type: 'curation.undo' });
    expect(run.flags().removeFailed).toBe(false);
    run.undos[1]?.resolve({ articlesCount: 2 });
    await settle();
    expect(run.flags().undone).toBe(true);
    run.actor.stop();
  });

  it('opens the already-added notice when every article was there, changing nothing', async () => {
    const run = start();
    await addThree(run, [101, 102, 103]);
    const { context } = run.actor.getSnapshot();
    expect(context.alreadyAdded).toEqual({ versionId: 41, articleIds: [101, 102, 103] });
    expect(context.lastAdd).toBeNull();
    expect(context.counts).toEqual({});
    expect(run.flags().newlyCreated).toBe(false);
    run.actor.send({ type: 'curation.dismissNotice' });
    expect(run.actor.getSnapshot().context.alreadyAdded).toBeNull();
    run.actor.stop();
  });

  it('sets the add-fail flag on a failed add and resets it after 3 s; adds in flight and empty adds are ignored', async () => {
    const run = start();
    run.actor.send({ type: 'curation.add', target: TARGET, articleIds: [] });
    expect(run.adds).toHaveLength(0);
    run.actor.send({ type: 'curation.add', target: TARGET, articleIds: [5] });
    run.actor.send({ type: 'curation.add', target: TARGET, articleIds: [6] });
    expect(run.adds).toHaveLength(1);
    run.adds[0]?.reject(new Error('offline'));
    await settle();
    expect(curationAddFailed(run.actor.getSnapshot())).toBe(true);
    run.clock.increment(2999);
    expect(curationAddFailed(run.actor.getSnapshot())).toBe(true);
    run.clock.increment(1);
    expect(curationAddFailed(run.actor.getSnapshot())).toBe(false);
    run.actor.stop();
  });

  it('a newer add replaces the last one: its timers start over and only it can be undone', async () => {
    const run = start();
    await addThree(run);
    run.clock.increment(20_000);
    run.actor.send({ type: 'curation.add', target: { ...TARGET, versionId: 52 }, articleIds: [201] });
    run.adds[1]?.resolve({ articlesCount: 1, lastUpdate: 'now', image: null, alreadyCurated: [] });
    await settle();
    expect(run.flags(41).newlyCreated).toBe(false);
    expect(run.flags(52)).toMatchObject({ recent: true, showUndo: true });
    run.clock.increment(5000);
    expect(run.flags(52)).toMatchObject({ recent: false, showUndo: true });
    run.clock.increment(24_999);
    expect(run.flags(52).showUndo).toBe(true);
    run.clock.increment(1);
    expect(run.flags(52).agoText).toBe('30 sec ago');
    run.actor.stop();
  });

  it('a recorded curation session replays with no divergence', async () => {
    const log = await recordCurationSession();
    const result = await replayEventLog(JSON.parse(JSON.stringify(log.toJSON())));
    expect(result.divergence, JSON.stringify(result.divergence)).toBeNull();
    const states = result.steps.map((step) => step.actual);
    expect(states.some((state) => state.includes('lastAdd.recent'))).toBe(true);
    expect(states.some((state) => state.includes('lastAdd.expired'))).toBe(true);
    expect(states.some((state) => state.includes('lastAdd.undone'))).toBe(true);
  });
});
