import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import type { PublishDraft } from '../../domain/editionSend.ts';
import { createRecordedActor } from '../../machines/createRecordedActor.ts';
import { createEventLog } from '../../machines/eventLog.ts';
import {
  flushPublishSettings,
  PUBLISH_AUTOSAVE_MS,
  type PublishSettingsSaveRequest,
  publishSettingsMachine,
} from '../../machines/publishSettingsMachine.ts';
import { replayEventLog } from '../../machines/replay.ts';

type Pending = { input: PublishSettingsSaveRequest; resolve: () => void; reject: (error: unknown) => void };

/** Lets a settled promise's done/error event reach the actor. */
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const DRAFT: PublishDraft = {
  senderAddressId: 1,
  senderName: 'Acme news',
  subject: 'Weekly',
  listIds: [],
  contactIds: [],
};

function controlled() {
  const saves: Pending[] = [];
  const machine = publishSettingsMachine.provide({
    actors: {
      save: fromPromise<void, PublishSettingsSaveRequest>(
        ({ input }) => new Promise<void>((resolve, reject) => saves.push({ input, resolve, reject })),
      ),
    },
  });
  return { machine, saves };
}

function start() {
  const clock = new SimulatedClock();
  const { machine, saves } = controlled();
  const actor = createActor(machine, { clock, input: { versionId: 5, draft: DRAFT } }).start();
  return { clock, actor, saves };
}

const last = (saves: Pending[]) => {
  const save = saves.at(-1);
  if (!save) throw new Error('nothing was saved');
  return save;
};

describe('publishSettingsMachine', () => {
  it('saves what is on screen once typing pauses, every field as it is, empty ones too', async () => {
    const run = start();
    expect(run.actor.getSnapshot().value).toBe('saved');
    run.actor.send({ type: 'settings.change', patch: { subject: 'W' } });
    run.clock.increment(PUBLISH_AUTOSAVE_MS - 1);
    run.actor.send({ type: 'settings.change', patch: { subject: '' } });
    run.clock.increment(PUBLISH_AUTOSAVE_MS - 1);
    expect(run.saves).toHaveLength(0);
    expect(run.actor.getSnapshot().value).toBe('editing');
    run.clock.increment(1);
    expect(run.actor.getSnapshot().value).toBe('saving');
    expect(last(run.saves).input).toEqual({ versionId: 5, draft: { ...DRAFT, subject: '' } });
    last(run.saves).resolve();
    await settle();
    expect(run.actor.getSnapshot().value).toBe('saved');
  });

  it('saves a change made during a save right after it, with nothing lost', async () => {
    const run = start();
    run.actor.send({ type: 'settings.change', patch: { subject: 'Hello 👋' } });
    run.clock.increment(PUBLISH_AUTOSAVE_MS);
    run.actor.send({ type: 'settings.change', patch: { listIds: [4] } });
    last(run.saves).resolve();
    await settle();
    expect(run.saves).toHaveLength(2);
    expect(last(run.saves).input.draft).toEqual({ ...DRAFT, subject: 'Hello 👋', listIds: [4] });
    last(run.saves).resolve();
    await settle();
    expect(run.actor.getSnapshot().value).toBe('saved');
  });

  it('says why a save failed, retries on Retry, and keeps what was typed', async () => {
    const run = start();
    run.actor.send({ type: 'settings.change', patch: { senderName: 'שלום <b>' } });
    run.clock.increment(PUBLISH_AUTOSAVE_MS);
    last(run.saves).reject(new Error('Network down'));
    await settle();
    expect(run.actor.getSnapshot().value).toBe('failed');
    expect(run.actor.getSnapshot().context.message).toBe('check your connection.');
    expect(run.actor.getSnapshot().context.draft.senderName).toBe('שלום <b>');
    run.actor.send({ type: 'settings.retry' });
    expect(last(run.saves).input.draft.senderName).toBe('שלום <b>');
    last(run.saves).resolve();
    await settle();
    expect(run.actor.getSnapshot().context.message).toBeNull();
  });

  it('flushes at once for who waits, and tells them when the save failed', async () => {
    const run = start();
    await flushPublishSettings(run.actor);
    expect(run.saves).toHaveLength(0);
    run.actor.send({ type: 'settings.change', patch: { subject: 'Now' } });
    const flushed = flushPublishSettings(run.actor);
    expect(run.actor.getSnapshot().value).toBe('saving');
    last(run.saves).resolve();
    await flushed;
    run.actor.send({ type: 'settings.change', patch: { subject: 'Again' } });
    const refused = flushPublishSettings(run.actor);
    last(run.saves).reject(new Error('offline'));
    await expect(refused).rejects.toThrow(/could not be saved/);
  });

  it('is recorded and replays to the same states', async () => {
    const clock = new SimulatedClock();
    const log = createEventLog({ now: () => clock.now() });
    const { machine, saves } = controlled();
    const actor = createRecordedActor(machine, {
      name: 'publishSettings',
      log,
      clock,
      input: { versionId: 5, draft: DRAFT },
    }).start();
    actor.send({ type: 'settings.change', patch: { subject: 'Recorded' } });
    clock.increment(PUBLISH_AUTOSAVE_MS);
    last(saves).resolve();
    await settle();
    expect(actor.getSnapshot().value).toBe('saved');
    actor.stop();
    const result = await replayEventLog(JSON.parse(JSON.stringify(log.toJSON())));
    expect(result.divergence).toBeNull();
    expect(result.steps.map((step) => step.actual)).toContain('saved');
  });
});
