import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import {
  AI_FAILURE_TEXTS,
  AI_PROGRESS_POLL_MS,
  type AiCreation,
  type AiProgress,
} from '../../domain/aiEmails.ts';
import { type AiGenerationRequest, aiGenerationMachine } from '../../machines/aiGenerationMachine.ts';
import { parseEventLog } from '../../machines/parseEventLog.ts';
import { replayEventLog } from '../../machines/replay.ts';
import { recordAiGenerationSession, variantFor } from './recordAiGenerationSession.ts';

const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
const request: AiGenerationRequest = { aiId: 'ai-1', fields: { name: 'Launch' } };
const creation: AiCreation = {
  generation_id: 9,
  campaign_id: 2,
  emails: [variantFor(1, 'Dominant'), variantFor(2, 'Steady')],
};

function start(options: {
  create?: (signal: AbortSignal) => Promise<AiCreation>;
  progress?: () => Promise<AiProgress>;
  cancel?: (aiId: string) => Promise<void>;
}) {
  const clock = new SimulatedClock();
  let finish: (value: AiCreation) => void = () => undefined;
  let fail: (error: unknown) => void = () => undefined;
  let createSignal: AbortSignal | null = null;
  const actor = createActor(
    aiGenerationMachine.provide({
      actors: {
        create: fromPromise<AiCreation, AiGenerationRequest>(({ signal }) => {
          createSignal = signal;
          if (options.create) return options.create(signal);
          return new Promise<AiCreation>((resolve, reject) => {
            finish = resolve;
            fail = reject;
          });
        }),
        progress: fromPromise<AiProgress, { aiId: string }>(
          () =>
            options.progress?.() ??
            Promise.resolve({ state: 'running', done: 0, total: 2, generation_id: 9, message: null }),
        ),
        cancel: fromPromise<void, { aiId: string }>(
          ({ input }) => options.cancel?.(input.aiId) ?? Promise.resolve(),
        ),
      },
    }),
    { clock },
  ).start();
  return {
    clock,
    actor,
    finish: (value: AiCreation) => finish(value),
    fail: (error: unknown) => fail(error),
    signal: () => createSignal,
  };
}

describe('aiGenerationMachine', () => {
  it('asks the progress every second while create_ai_email/ runs, and ends with its answer', async () => {
    let look = 0;
    const progress = vi.fn(
      async (): Promise<AiProgress> => ({
        state: 'running',
        done: Math.min(look++, 1),
        total: 2,
        generation_id: 9,
        message: null,
      }),
    );
    const run = start({ progress });
    run.actor.send({ type: 'generation.start', request });
    expect(run.actor.getSnapshot().matches('generating')).toBe(true);
    run.clock.increment(AI_PROGRESS_POLL_MS - 1);
    await settle();
    expect(progress).not.toHaveBeenCalled();
    run.clock.increment(1);
    await settle();
    expect(run.actor.getSnapshot().context).toMatchObject({ done: 0, total: 2 });
    run.clock.increment(AI_PROGRESS_POLL_MS);
    await settle();
    expect(progress).toHaveBeenCalledTimes(2);
    expect(run.actor.getSnapshot().context).toMatchObject({ done: 1, total: 2 });
    run.finish(creation);
    await settle();
    const done = run.actor.getSnapshot();
    expect(done.value).toBe('done');
    expect(done.context).toMatchObject({ result: creation, done: 2, total: 2, error: null });
    run.clock.increment(AI_PROGRESS_POLL_MS * 3);
    await settle();
    expect(progress).toHaveBeenCalledTimes(2);
  });

  it('a failed progress look is ignored and the next one is asked', async () => {
    let look = 0;
    const progress = vi.fn(async (): Promise<AiProgress> => {
      look += 1;
      if (look === 1) throw new Error('offline');
      return { state: 'running', done: 1, total: 3, generation_id: 9, message: null };
    });
    const run = start({ progress });
    run.actor.send({ type: 'generation.start', request });
    run.clock.increment(AI_PROGRESS_POLL_MS);
    await settle();
    expect(run.actor.getSnapshot().matches('generating')).toBe(true);
    run.clock.increment(AI_PROGRESS_POLL_MS);
    await settle();
    expect(run.actor.getSnapshot().context).toMatchObject({ done: 1, total: 3, error: null });
  });

  it('Cancel aborts the create call, asks cancel_ai_email/ for this request and ends cancelled', async () => {
    const cancel = vi.fn(async () => undefined);
    const run = start({ cancel });
    run.actor.send({ type: 'generation.start', request });
    await settle();
    run.actor.send({ type: 'generation.cancel' });
    await settle();
    expect(run.signal()?.aborted).toBe(true);
    expect(cancel).toHaveBeenCalledWith('ai-1');
    expect(run.actor.getSnapshot().value).toBe('cancelled');
    expect(run.actor.getSnapshot().context.result).toBeNull();
  });

  it("a refused create lands in failed with the server's text", async () => {
    const run = start({});
    run.actor.send({ type: 'generation.start', request });
    await settle();
    run.fail({ kind: 'http', status: 502, message: AI_FAILURE_TEXTS.apiFailed });
    await settle();
    expect(run.actor.getSnapshot().value).toBe('failed');
    expect(run.actor.getSnapshot().context.error).toEqual({
      kind: 'http',
      status: 502,
      message: 'AI_GENERATIVE_EMAIL_API Failed!!',
    });
  });

  it('starts again from failed with the count and error cleared', async () => {
    const run = start({});
    run.actor.send({ type: 'generation.start', request });
    await settle();
    run.fail({ kind: 'http', status: 400, message: AI_FAILURE_TEXTS.emptyAudience });
    await settle();
    run.actor.send({ type: 'generation.start', request: { aiId: 'ai-2', fields: {} } });
    expect(run.actor.getSnapshot().matches('generating')).toBe(true);
    expect(run.actor.getSnapshot().context).toMatchObject({
      request: { aiId: 'ai-2' },
      error: null,
      done: 0,
      total: 0,
    });
  });

  it('a recorded generation session (cancel, then a generation to the end) replays with no divergence', async () => {
    const log = await recordAiGenerationSession();
    const result = await replayEventLog(JSON.parse(JSON.stringify(log.toJSON())));
    expect(result.divergence).toBeNull();
    const checkedIn = parseEventLog(
      readFileSync(path.join(import.meta.dirname, '..', 'replays', 'ai-generation.json'), 'utf8'),
    );
    expect((await replayEventLog(checkedIn)).divergence).toBeNull();
    expect(result.steps.map((step) => step.actual)).toEqual(
      expect.arrayContaining([expect.stringContaining('cancelled'), expect.stringContaining('done')]),
    );
  });
});
