import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import {
  type EditionSendInfo,
  SCHEDULED_POLL_MS,
  SEND_PROGRESS_POLL_MS,
  type SendOutcome,
} from '../../domain/editionSend.ts';
import { createRecordedActor } from '../../machines/createRecordedActor.ts';
import { createEventLog } from '../../machines/eventLog.ts';
import {
  type PublishActor,
  type PublishCheckRequest,
  type PublishCheckResult,
  type PublishControlRequest,
  type PublishResendRequest,
  type PublishSubmitRequest,
  publishMachine,
} from '../../machines/publishMachine.ts';
import { replayEventLog } from '../../machines/replay.ts';

type Pending<I, O> = { input: I; resolve: (value: O) => void; reject: (error: unknown) => void };

/** Lets a settled promise's done/error event reach the actor. */
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const AT = { date: '2030-01-02', time: '09:30' };

const sendInfo = (patch: Partial<EditionSendInfo> = {}): EditionSendInfo => ({
  send_id: 7,
  kind: 'send',
  status: 'sending',
  scheduled_for: null,
  time_zone: null,
  queued_count: 0,
  started_at: '2030-01-01T00:00:00.000Z',
  finished_at: null,
  delivered_count: 0,
  failed_count: 0,
  pending_count: 0,
  error: null,
  ...patch,
});
const clean = (count = 12): PublishCheckResult => ({
  preflight: { errors: [], warnings: [] },
  recipients: { count, excluded: { unsubscribed: 1, bounced: 0, no_consent: 0 } },
});
const done = (send: EditionSendInfo): SendOutcome => ({ outcome: 'done', send });

function controlled() {
  const calls = {
    check: [] as Pending<PublishCheckRequest, PublishCheckResult>[],
    submit: [] as Pending<PublishSubmitRequest, SendOutcome>[],
    cancel: [] as Pending<{ versionId: number }, void>[],
    refresh: [] as Pending<{ versionId: number }, EditionSendInfo | null>[],
    control: [] as Pending<PublishControlRequest, void>[],
    resend: [] as Pending<PublishResendRequest, SendOutcome>[],
  };
  const pending =
    <I, O>(list: Pending<I, O>[]) =>
    ({ input }: { input: I }) =>
      new Promise<O>((resolve, reject) => {
        list.push({ input, resolve, reject });
      });
  const machine = publishMachine.provide({
    actors: {
      check: fromPromise(pending(calls.check)),
      submit: fromPromise(pending(calls.submit)),
      cancelSchedule: fromPromise(pending(calls.cancel)),
      refresh: fromPromise(pending(calls.refresh)),
      control: fromPromise(pending(calls.control)),
      resend: fromPromise(pending(calls.resend)),
    },
  });
  return { machine, calls };
}

function start(send: EditionSendInfo | null = null) {
  const clock = new SimulatedClock();
  const { machine, calls } = controlled();
  const actor = createActor(machine, { clock, input: { versionId: 5, send } });
  actor.start();
  return { clock, actor, calls };
}

const state = (actor: PublishActor) => actor.getSnapshot().value;
const context = (actor: PublishActor) => actor.getSnapshot().context;

function last<I, O>(list: Pending<I, O>[]): Pending<I, O> {
  const call = list.at(-1);
  if (!call) throw new Error('no call was made');
  return call;
}

async function toConfirming(run: ReturnType<typeof start>, result = clean()) {
  run.actor.send({ type: 'publish.send' });
  last(run.calls.check).resolve(result);
  await settle();
}

describe('publishMachine', () => {
  it('starts idle for a draft, scheduled for a scheduled send, sent once a send has started', () => {
    expect(state(start().actor)).toBe('idle');
    expect(state(start(sendInfo({ status: 'scheduled' })).actor)).toEqual({ scheduled: 'waiting' });
    expect(state(start(sendInfo({ status: 'sending' })).actor)).toEqual({ sent: 'watching' });
    expect(state(start(sendInfo({ status: 'sent' })).actor)).toEqual({ sent: 'settled' });
    expect(state(start(sendInfo({ status: 'paused' })).actor)).toEqual({ sent: 'settled' });
    expect(state(start(sendInfo({ status: 'failed', error: 'Edition 5 has no design yet.' })).actor)).toEqual(
      {
        sent: 'settled',
      },
    );
    expect(state(start(sendInfo({ status: 'cancelled' })).actor)).toBe('idle');
  });

  it('only looks on publish.check: back to idle with the findings; a send asked for meanwhile checks again', async () => {
    const run = start();
    run.actor.send({ type: 'publish.check' });
    expect(state(run.actor)).toBe('checking');
    expect(last(run.calls.check).input).toEqual({ versionId: 5 });
    last(run.calls.check).resolve(clean(3));
    await settle();
    expect(state(run.actor)).toBe('idle');
    expect(context(run.actor).recipients?.count).toBe(3);
    // A send during a look (the look after an autosave) is not lost: it is checked for again.
    run.actor.send({ type: 'publish.check' });
    run.actor.send({ type: 'publish.send' });
    expect(run.calls.check).toHaveLength(3);
    expect(context(run.actor).intent).toBe('send');
    last(run.calls.check).resolve(clean(3));
    await settle();
    expect(state(run.actor)).toBe('confirming');
  });

  it('checks with the configuration, then asks for confirmation, then sends and follows the send', async () => {
    const run = start();
    await toConfirming(run);
    expect(run.calls.check[0]?.input).toEqual({ versionId: 5 });
    expect(state(run.actor)).toBe('confirming');
    run.actor.send({ type: 'publish.confirm' });
    expect(state(run.actor)).toBe('sending');
    expect(last(run.calls.submit).input).toEqual({
      versionId: 5,
      intent: 'send',
      at: null,
      confirmWarnings: false,
    });
    last(run.calls.submit).resolve(done(sendInfo()));
    await settle();
    expect(state(run.actor)).toEqual({ sent: 'watching' });

    // Progress is asked for every 2 s while it goes out, and not after it is done.
    run.clock.increment(SEND_PROGRESS_POLL_MS - 1);
    expect(run.calls.refresh).toHaveLength(0);
    run.clock.increment(1);
    expect(state(run.actor)).toEqual({ sent: 'refreshing' });
    last(run.calls.refresh).resolve(sendInfo({ queued_count: 6 }));
    await settle();
    expect(context(run.actor).send?.queued_count).toBe(6);
    expect(state(run.actor)).toEqual({ sent: 'watching' });
    // Queued, but emails still on their way: it keeps asking until each is delivered or has failed.
    run.clock.increment(SEND_PROGRESS_POLL_MS);
    last(run.calls.refresh).resolve(sendInfo({ status: 'sent', queued_count: 12, pending_count: 3 }));
    await settle();
    expect(state(run.actor)).toEqual({ sent: 'watching' });
    run.clock.increment(SEND_PROGRESS_POLL_MS);
    last(run.calls.refresh).resolve(
      sendInfo({ status: 'sent', queued_count: 12, delivered_count: 11, failed_count: 1 }),
    );
    await settle();
    expect(state(run.actor)).toEqual({ sent: 'settled' });
    run.clock.increment(SEND_PROGRESS_POLL_MS * 5);
    expect(run.calls.refresh).toHaveLength(3);
  });

  it('offers to resume a send whose walk failed', async () => {
    const run = start(sendInfo({ status: 'failed', error: 'Edition 5 has no design yet.' }));
    run.actor.send({ type: 'publish.resume' });
    expect(last(run.calls.control).input).toEqual({ sendId: 7, action: 'resume' });
    last(run.calls.control).resolve();
    await settle();
    last(run.calls.refresh).resolve(sendInfo({ status: 'sending' }));
    await settle();
    expect(state(run.actor)).toEqual({ sent: 'watching' });
  });

  it('sends confirm_warnings when the preflight had warnings; cancel goes back to idle', async () => {
    const run = start();
    const warned = clean();
    warned.preflight.warnings.push({ code: 'alt', message: 'An image has no alt text.' });
    await toConfirming(run, warned);
    run.actor.send({ type: 'publish.cancel' });
    expect(state(run.actor)).toBe('idle');
    await toConfirming(run, warned);
    run.actor.send({ type: 'publish.confirm' });
    expect(last(run.calls.submit).input.confirmWarnings).toBe(true);
  });

  it('stays idle when the preflight found errors (they block: nobody to receive it is one)', async () => {
    const run = start();
    const blocked = clean();
    blocked.preflight.errors.push({ code: 'preference_link', message: 'No preference link.' });
    await toConfirming(run, blocked);
    expect(state(run.actor)).toBe('idle');
    expect(context(run.actor).message).toMatch(/Fix what the preflight found/);
    expect(context(run.actor).preflight?.errors).toHaveLength(1);
    const nobody = clean(0);
    nobody.preflight.errors.push({
      code: 'no_recipients',
      message: 'Nobody in this audience can receive it.',
    });
    await toConfirming(run, nobody);
    expect(state(run.actor)).toBe('idle');
    expect(context(run.actor).preflight?.errors[0]?.code).toBe('no_recipients');
    expect(run.calls.submit).toHaveLength(0);
  });

  it('opens the not-premium popup when the preflight says the plan does not include sending', async () => {
    const run = start();
    const refused = clean();
    refused.preflight.errors.push({ code: 'not_premium', message: 'Sending is part of the premium plan.' });
    await toConfirming(run, refused);
    expect(state(run.actor)).toBe('notPremium');
    expect(context(run.actor).message).toBe('Sending is part of the premium plan.');
    run.actor.send({ type: 'publish.dismiss' });
    expect(state(run.actor)).toBe('idle');
    expect(run.calls.submit).toHaveLength(0);
  });

  it('leaves checking and sending for failed on a failure, and back on dismiss', async () => {
    const run = start();
    run.actor.send({ type: 'publish.send' });
    last(run.calls.check).reject(new Error('Network down'));
    await settle();
    expect(state(run.actor)).toBe('failed');
    expect(context(run.actor).message).toBe('Network down');
    run.actor.send({ type: 'publish.dismiss' });
    expect(state(run.actor)).toBe('idle');
    await toConfirming(run);
    run.actor.send({ type: 'publish.confirm' });
    last(run.calls.submit).reject(new Error('Server error'));
    await settle();
    expect(state(run.actor)).toBe('failed');
    // From failed, trying again checks again.
    run.actor.send({ type: 'publish.send' });
    expect(state(run.actor)).toBe('checking');
  });

  it('opens the not-premium popup on that refusal; other refusals go back to idle with their message', async () => {
    const run = start();
    await toConfirming(run);
    run.actor.send({ type: 'publish.confirm' });
    last(run.calls.submit).resolve({
      outcome: 'refused',
      kind: 'not_premium',
      message: 'Sending campaigns is part of the premium plan.',
      preflight: null,
    });
    await settle();
    expect(state(run.actor)).toBe('notPremium');
    run.actor.send({ type: 'publish.dismiss' });
    expect(state(run.actor)).toBe('idle');

    await toConfirming(run);
    run.actor.send({ type: 'publish.confirm' });
    last(run.calls.submit).resolve({
      outcome: 'refused',
      kind: 'preflight',
      message: 'Fix what the preflight found before sending.',
      preflight: { errors: [{ code: 'x', message: 'A link has no target.' }], warnings: [] },
    });
    await settle();
    expect(state(run.actor)).toBe('idle');
    expect(context(run.actor).preflight?.errors[0]?.message).toBe('A link has no target.');
  });

  it('schedules, reschedules and cancels; a failed cancel stays scheduled with its message', async () => {
    const run = start();
    run.actor.send({ type: 'publish.schedule', at: AT });
    last(run.calls.check).resolve(clean());
    await settle();
    run.actor.send({ type: 'publish.confirm' });
    expect(last(run.calls.submit).input).toMatchObject({ intent: 'schedule', at: AT });
    last(run.calls.submit).resolve(
      done(sendInfo({ status: 'scheduled', scheduled_for: '2030-01-02T08:30:00Z' })),
    );
    await settle();
    expect(state(run.actor)).toEqual({ scheduled: 'waiting' });

    const later = { date: '2030-01-03', time: '10:00' };
    run.actor.send({ type: 'publish.reschedule', at: later });
    expect(state(run.actor)).toEqual({ scheduled: 'rescheduling' });
    expect(last(run.calls.submit).input).toEqual({
      versionId: 5,
      intent: 'schedule',
      at: later,
      confirmWarnings: true,
    });
    last(run.calls.submit).reject(new Error('Choose a time at least a minute from now.'));
    await settle();
    expect(state(run.actor)).toEqual({ scheduled: 'waiting' });
    expect(context(run.actor).message).toMatch(/a minute from now/);
    run.actor.send({ type: 'publish.reschedule', at: later });
    last(run.calls.submit).resolve(
      done(sendInfo({ status: 'scheduled', scheduled_for: '2030-01-03T09:00:00Z' })),
    );
    await settle();
    expect(context(run.actor).send?.scheduled_for).toBe('2030-01-03T09:00:00Z');

    run.actor.send({ type: 'publish.cancelSchedule' });
    expect(state(run.actor)).toEqual({ scheduled: 'cancelling' });
    last(run.calls.cancel).reject(new Error('It has started.'));
    await settle();
    expect(state(run.actor)).toEqual({ scheduled: 'waiting' });
    run.actor.send({ type: 'publish.cancelSchedule' });
    last(run.calls.cancel).resolve();
    await settle();
    expect(state(run.actor)).toBe('idle');
    expect(context(run.actor).send).toBeNull();
  });

  it('looks at a scheduled edition every 15 s and follows it once it has started', async () => {
    const run = start(sendInfo({ status: 'scheduled' }));
    run.clock.increment(SCHEDULED_POLL_MS);
    expect(state(run.actor)).toEqual({ scheduled: 'looking' });
    last(run.calls.refresh).reject(new Error('offline'));
    await settle();
    expect(state(run.actor)).toEqual({ scheduled: 'waiting' });
    run.clock.increment(SCHEDULED_POLL_MS);
    last(run.calls.refresh).resolve(sendInfo({ status: 'scheduled' }));
    await settle();
    expect(state(run.actor)).toEqual({ scheduled: 'waiting' });
    run.clock.increment(SCHEDULED_POLL_MS);
    last(run.calls.refresh).resolve(sendInfo({ status: 'sending', queued_count: 500 }));
    await settle();
    expect(state(run.actor)).toEqual({ sent: 'watching' });
  });

  it('a scheduled edition cancelled elsewhere goes back to idle', async () => {
    const run = start(sendInfo({ status: 'scheduled' }));
    run.clock.increment(SCHEDULED_POLL_MS);
    last(run.calls.refresh).resolve(sendInfo({ status: 'cancelled' }));
    await settle();
    expect(state(run.actor)).toBe('idle');
  });

  it('pauses and resumes a send, refreshing after each; a failed refresh keeps watching', async () => {
    const run = start(sendInfo());
    run.actor.send({ type: 'publish.pause' });
    expect(state(run.actor)).toEqual({ sent: 'pausing' });
    expect(last(run.calls.control).input).toEqual({ sendId: 7, action: 'pause' });
    last(run.calls.control).resolve();
    await settle();
    expect(state(run.actor)).toEqual({ sent: 'refreshing' });
    last(run.calls.refresh).resolve(sendInfo({ status: 'paused' }));
    await settle();
    expect(state(run.actor)).toEqual({ sent: 'settled' });

    run.actor.send({ type: 'publish.resume' });
    expect(last(run.calls.control).input).toEqual({ sendId: 7, action: 'resume' });
    last(run.calls.control).reject(new Error('This send is sent: it cannot be resumed.'));
    await settle();
    expect(context(run.actor).message).toMatch(/cannot be resumed/);
    last(run.calls.refresh).reject(new Error('offline'));
    await settle();
    expect(state(run.actor)).toEqual({ sent: 'watching' });
  });

  it('resends to who did not open; a refusal stays settled, not premium opens the popup', async () => {
    const run = start(sendInfo({ status: 'sent', queued_count: 12 }));
    run.actor.send({ type: 'publish.resend', to: 'not_opened' });
    expect(state(run.actor)).toEqual({ sent: 'resending' });
    expect(last(run.calls.resend).input).toEqual({ versionId: 5, to: 'not_opened' });
    last(run.calls.resend).resolve({
      outcome: 'refused',
      kind: 'other',
      message: 'Everyone who got this edition has opened it.',
      preflight: null,
    });
    await settle();
    expect(state(run.actor)).toEqual({ sent: 'settled' });
    expect(context(run.actor).message).toMatch(/has opened it/);

    run.actor.send({ type: 'publish.resend', to: 'new_contacts' });
    last(run.calls.resend).reject(new Error('offline'));
    await settle();
    expect(state(run.actor)).toEqual({ sent: 'settled' });

    run.actor.send({ type: 'publish.resend', to: 'new_contacts' });
    last(run.calls.resend).resolve(done(sendInfo({ send_id: 8, kind: 'send', status: 'sending' })));
    await settle();
    expect(state(run.actor)).toEqual({ sent: 'watching' });
    expect(context(run.actor).send?.send_id).toBe(8);

    const other = start(sendInfo({ status: 'sent' }));
    other.actor.send({ type: 'publish.resend', to: 'new_contacts' });
    last(other.calls.resend).resolve({
      outcome: 'refused',
      kind: 'not_premium',
      message: 'premium',
      preflight: null,
    });
    await settle();
    expect(state(other.actor)).toBe('notPremium');
    other.actor.send({ type: 'publish.dismiss' });
    expect(state(other.actor)).toEqual({ sent: 'settled' });
  });

  it('ignores a second send while one is checking or sending', async () => {
    const run = start();
    run.actor.send({ type: 'publish.send' });
    run.actor.send({ type: 'publish.send' });
    expect(run.calls.check).toHaveLength(1);
    last(run.calls.check).resolve(clean());
    await settle();
    run.actor.send({ type: 'publish.confirm' });
    run.actor.send({ type: 'publish.confirm' });
    expect(run.calls.submit).toHaveLength(1);
  });

  it('is recorded and replays to the same states', async () => {
    const clock = new SimulatedClock();
    const log = createEventLog({ now: () => clock.now() });
    const { machine, calls } = controlled();
    const actor = createRecordedActor(machine, {
      name: 'publish',
      log,
      clock,
      input: { versionId: 5, send: null },
    }).start();
    actor.send({ type: 'publish.send' });
    last(calls.check).resolve(clean());
    await settle();
    actor.send({ type: 'publish.confirm' });
    last(calls.submit).resolve(done(sendInfo()));
    await settle();
    clock.increment(SEND_PROGRESS_POLL_MS);
    last(calls.refresh).resolve(sendInfo({ status: 'sent', queued_count: 12 }));
    await settle();
    expect(actor.getSnapshot().value).toEqual({ sent: 'settled' });
    actor.stop();
    const file = JSON.parse(JSON.stringify(log.toJSON()));
    const result = await replayEventLog(file);
    expect(result.divergence).toBeNull();
    expect(result.steps.map((step) => step.actual)).toContain('sent.settled');
  });
});
