import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import type { PreferencePayload, PreferenceRecord } from '../../domain/preferenceForm.ts';
import { createRecordedActor } from '../../machines/createRecordedActor.ts';
import { createEventLog } from '../../machines/eventLog.ts';
import {
  isPreferenceSubmitEnabled,
  type PreferenceFormActor,
  type PreferenceSaveResult,
  preferenceFormMachine,
} from '../../machines/preferenceFormMachine.ts';
import { replayEventLog } from '../../machines/replay.ts';

const UNSUB_ID = '6f1c2a9e-3b7d-4c8a-9e21-0d5f4b3a2c10';

const RECORD: PreferenceRecord = {
  id: UNSUB_ID,
  email: 'dana@example.test',
  unsub_all: '0',
  marketing: '0',
  webinars: '0',
  alerts: [
    { name: 'Account alerts', status: '0' },
    { name: 'CxO alerts', status: '0' },
  ],
  news_letters: [{ id: 4, name: 'Weekly digest', status: '1' }],
  logo_image_url: null,
};

type Deferred<T, I> = { input: I; resolve: (value: T) => void; reject: (error: unknown) => void };

/** Lets a settled promise's done/error event reach the actor. */
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function start(options: { record?: PreferenceRecord } = {}) {
  const loads: Array<Deferred<PreferenceRecord, { unsubId: string }>> = [];
  const saves: Array<Deferred<PreferenceSaveResult, PreferencePayload>> = [];
  const machine = preferenceFormMachine.provide({
    actors: {
      load: fromPromise<PreferenceRecord, { unsubId: string }>(
        ({ input }) => new Promise((resolve, reject) => loads.push({ input, resolve, reject })),
      ),
      save: fromPromise<PreferenceSaveResult, PreferencePayload>(
        ({ input }) => new Promise((resolve, reject) => saves.push({ input, resolve, reject })),
      ),
    },
  });
  const clock = new SimulatedClock();
  const actor = createActor(machine, { clock, input: { unsubId: UNSUB_ID, record: options.record } });
  const navigations: string[] = [];
  actor.on('page.navigate', (event) => navigations.push(event.to));
  actor.start();
  return { actor, clock, loads, saves, navigations };
}

async function loaded(record: PreferenceRecord = RECORD) {
  const run = start();
  run.loads[0]?.resolve(record);
  await settle();
  return run;
}

const formState = (actor: PreferenceFormActor) => {
  const { value } = actor.getSnapshot();
  return typeof value === 'object' ? value.form : value;
};
const submitEnabled = (actor: PreferenceFormActor) => isPreferenceSubmitEnabled(actor.getSnapshot());

describe('preferenceFormMachine', () => {
  it('loads with the unsub id ("Loading..."), Submit disabled meanwhile', () => {
    const { actor, loads } = start();
    expect(formState(actor)).toBe('loading');
    expect(loads.map((load) => load.input)).toEqual([{ unsubId: UNSUB_ID }]);
    expect(actor.getSnapshot().context.form).toBeNull();
    expect(submitEnabled(actor)).toBe(false);
    // Toggles and submits while loading change nothing.
    actor.send({ type: 'preference.toggle', section: 'marketing' });
    actor.send({ type: 'preference.submit' });
    expect(formState(actor)).toBe('loading');
    expect(actor.getSnapshot().context.form).toBeNull();
  });

  it('holds the loaded record as the form and enables Submit (a newsletter is on)', async () => {
    const { actor } = await loaded();
    expect(formState(actor)).toBe('editing');
    expect(actor.getSnapshot().context.form).toMatchObject({
      unsubId: UNSUB_ID,
      email: 'dana@example.test',
      marketing: false,
      newsletters: [{ key: '4', on: true }],
    });
    expect(submitEnabled(actor)).toBe(true);
  });

  it('starts in editing, with no load, when the page already holds the record', () => {
    const { actor, loads } = start({ record: RECORD });
    expect(formState(actor)).toBe('editing');
    expect(loads).toHaveLength(0);
    expect(actor.getSnapshot().context.form?.email).toBe('dana@example.test');
  });

  it('a failed load lands in failed with the failure; retry loads again', async () => {
    const { actor, loads } = start();
    loads[0]?.reject(new TypeError('Failed to fetch'));
    await settle();
    expect(formState(actor)).toBe('failed');
    expect(actor.getSnapshot().context.loadError).toMatchObject({ kind: 'network', status: 0 });
    actor.send({ type: 'preference.retry' });
    expect(formState(actor)).toBe('loading');
    loads[1]?.resolve(RECORD);
    await settle();
    expect(formState(actor)).toBe('editing');
    expect(actor.getSnapshot().context.loadError).toBeNull();
  });

  it('toggles sections and sub-options through the form rules', async () => {
    const { actor } = await loaded();
    actor.send({ type: 'preference.toggle', section: 'alerts' });
    expect(actor.getSnapshot().context.form?.alerts.map((a) => a.on)).toEqual([true, true]);
    actor.send({ type: 'preference.toggleSub', section: 'alerts', key: 'CxO alerts' });
    expect(actor.getSnapshot().context.form?.alerts.map((a) => a.on)).toEqual([true, false]);
    actor.send({ type: 'preference.toggle', section: 'marketing' });
    expect(actor.getSnapshot().context.form?.marketing).toBe(true);
  });

  it('Submit is disabled, and a submit ignored, when no option is on', async () => {
    const { actor, saves } = await loaded();
    actor.send({ type: 'preference.toggleSub', section: 'newsletters', key: '4' });
    expect(submitEnabled(actor)).toBe(false);
    actor.send({ type: 'preference.submit' });
    expect(formState(actor)).toBe('editing');
    expect(saves).toHaveLength(0);
    actor.send({ type: 'preference.toggle', section: 'unsubAll' });
    expect(submitEnabled(actor)).toBe(true);
  });

  it('Unsubscribe All disables the other sections; unchecking it keeps their values', async () => {
    const { actor } = await loaded();
    actor.send({ type: 'preference.toggle', section: 'unsubAll' });
    actor.send({ type: 'preference.toggle', section: 'marketing' });
    actor.send({ type: 'preference.toggleSub', section: 'newsletters', key: '4' });
    expect(actor.getSnapshot().context.form).toMatchObject({
      unsubAll: true,
      marketing: false,
      newsletters: [{ on: true }],
    });
    actor.send({ type: 'preference.toggle', section: 'unsubAll' });
    expect(actor.getSnapshot().context.form).toMatchObject({ unsubAll: false, newsletters: [{ on: true }] });
  });

  it('saves the update_preference/ fields and goes to /unsub-success on status "True"', async () => {
    const { actor, saves, navigations } = await loaded();
    actor.send({ type: 'preference.toggle', section: 'webinars' });
    actor.send({ type: 'preference.submit' });
    expect(formState(actor)).toBe('saving');
    expect(submitEnabled(actor)).toBe(false);
    expect(saves.map((save) => save.input)).toEqual([
      {
        unsub_uuid: UNSUB_ID,
        unsub_all: '0',
        marketing: '0',
        alerts: '[{"name":"Account alerts","status":"0"},{"name":"CxO alerts","status":"0"}]',
        news_letters_subscribed: '4',
        webinars: '1',
      },
    ]);
    // Toggles and submits while saving are ignored.
    actor.send({ type: 'preference.toggle', section: 'marketing' });
    actor.send({ type: 'preference.submit' });
    expect(saves).toHaveLength(1);
    expect(actor.getSnapshot().context.form?.marketing).toBe(false);
    expect(navigations).toEqual([]);
    saves[0]?.resolve({
      status: 'True',
      msg: 'Your subscription preferences have been successfully updated.',
    });
    await settle();
    expect(formState(actor)).toBe('saved');
    expect(navigations).toEqual([`/unsub-success?u=${UNSUB_ID}`]);
    expect(actor.getSnapshot().context.toast).toBeNull();
  });

  it.each([
    ['rejected', { reject: new TypeError('Failed to fetch') }],
    ['answered with a status other than "True"', { resolve: { status: 'False', msg: 'No.' } }],
  ])('a save %s: back to editing with the failure toast for exactly 5 s', async (_, outcome) => {
    const { actor, clock, saves, navigations } = await loaded();
    actor.send({ type: 'preference.submit' });
    if ('reject' in outcome) saves[0]?.reject(outcome.reject);
    else saves[0]?.resolve(outcome.resolve);
    await settle();
    expect(formState(actor)).toBe('editing');
    expect(navigations).toEqual([]);
    expect(actor.getSnapshot().context.toast).toEqual({
      tone: 'error',
      text: 'Failed in updating the preferences !',
      durationMs: 5000,
      visible: true,
    });
    expect(submitEnabled(actor)).toBe(true);
    clock.increment(4999);
    expect(actor.getSnapshot().context.toast?.visible).toBe(true);
    clock.increment(1);
    expect(actor.getSnapshot().context.toast?.visible).toBe(false);
  });

  it('a second failure restarts the toast timer; a later success still saves', async () => {
    const { actor, clock, saves, navigations } = await loaded();
    actor.send({ type: 'preference.submit' });
    saves[0]?.reject(new Error('offline'));
    await settle();
    clock.increment(3000);
    actor.send({ type: 'preference.submit' });
    saves[1]?.reject(new Error('offline'));
    await settle();
    clock.increment(4999);
    expect(actor.getSnapshot().context.toast?.visible).toBe(true);
    clock.increment(1);
    expect(actor.getSnapshot().context.toast?.visible).toBe(false);
    actor.send({ type: 'preference.submit' });
    saves[2]?.resolve({ status: 'True' });
    await settle();
    expect(navigations).toEqual([`/unsub-success?u=${UNSUB_ID}`]);
  });

  it('toast.dismiss hides the failure toast at once', async () => {
    const { actor, saves } = await loaded();
    actor.send({ type: 'preference.submit' });
    saves[0]?.reject(new Error('offline'));
    await settle();
    actor.send({ type: 'toast.dismiss' });
    expect(actor.getSnapshot().context.toast?.visible).toBe(false);
  });

  it('a recorded session replays to the same states', async () => {
    const clock = new SimulatedClock();
    const log = createEventLog({ now: () => clock.now() });
    let saves = 0;
    const actor = createRecordedActor(
      preferenceFormMachine.provide({
        actors: {
          load: fromPromise<PreferenceRecord, { unsubId: string }>(async () => RECORD),
          save: fromPromise<PreferenceSaveResult, PreferencePayload>(async () => {
            saves += 1;
            if (saves === 1) throw new Error('offline');
            return { status: 'True', msg: 'Saved.' };
          }),
        },
      }),
      { name: 'preferenceForm', log, clock, input: { unsubId: UNSUB_ID } },
    ).start();
    await settle();
    clock.increment(300);
    actor.send({ type: 'preference.toggle', section: 'alerts' });
    actor.send({ type: 'preference.submit' });
    await settle();
    clock.increment(5000);
    actor.send({ type: 'preference.submit' });
    await settle();
    actor.stop();
    const result = await replayEventLog(JSON.parse(JSON.stringify(log.toJSON())));
    expect(result.divergence).toBeNull();
    const paths = result.steps.map((step) => step.actual);
    expect(paths).toContain('form.editing, toast.visible');
    expect(paths.at(-1)).toBe('form.saved, toast.hidden');
  });
});
