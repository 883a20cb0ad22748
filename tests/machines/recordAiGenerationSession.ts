import { fromPromise, SimulatedClock } from 'xstate';
import type { AiCreation, AiProgress } from '../../domain/aiEmails.ts';
import { type AiGenerationRequest, aiGenerationMachine } from '../../machines/aiGenerationMachine.ts';
import { createRecordedActor } from '../../machines/createRecordedActor.ts';
import { createEventLog, type EventLog } from '../../machines/eventLog.ts';

const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** A variant as create_ai_email/ answers it. */
export function variantFor(emailId: number, type: 'Dominant' | 'Steady' | 'Conscientious') {
  const codes = { Dominant: 'ADVA', Steady: 'ASVA', Conscientious: 'ACVA' } as const;
  return {
    email_id: emailId,
    version_id: emailId * 10,
    email_name: `Launch (${type})`,
    subject: `${type} subject`,
    preheader: '',
    ai_type: type,
    ai_code: codes[type],
    ai_color: '#000000',
    segment_size: 3,
    is_reviewed: false,
    last_visited: null,
    thumbnail: null,
  };
}

/**
 * A generation session with the real machine on a simulated clock and fake calls: a first generation
 * cancelled after two progress looks, then a second that writes three variants, progress seen at 1 and 2
 * of 3 before create_ai_email/ answers. tests/replays/ai-generation.json is this session (written by
 * `npx tsx tests/machines/writeAiGenerationReplay.ts`).
 */
export async function recordAiGenerationSession(): Promise<EventLog> {
  const clock = new SimulatedClock();
  const log = createEventLog({ now: () => clock.now(), startedAt: new Date('2026-11-28T15:00:00Z') });
  let finish: ((value: AiCreation) => void) | null = null;
  let looks = 0;
  const actor = createRecordedActor(
    aiGenerationMachine.provide({
      actors: {
        create: fromPromise<AiCreation, AiGenerationRequest>(
          () =>
            new Promise<AiCreation>((resolve) => {
              finish = resolve;
            }),
        ),
        progress: fromPromise<AiProgress, { aiId: string }>(async () => {
          looks += 1;
          return {
            state: 'running',
            done: Math.min(looks, 3) - 1,
            total: 3,
            generation_id: 9,
            message: null,
          };
        }),
        cancel: fromPromise<void, { aiId: string }>(async () => undefined),
      },
    }),
    { name: 'aiGeneration', log, clock },
  ).start();
  const fields = { name: 'Launch', prompt: 'Announce the spring launch', personalities: ['D', 'S', 'C'] };
  actor.send({ type: 'generation.start', request: { aiId: 'first', fields } });
  clock.increment(1000);
  await settle();
  clock.increment(1000);
  await settle();
  actor.send({ type: 'generation.cancel' });
  await settle();
  looks = 1;
  actor.send({ type: 'generation.start', request: { aiId: 'second', fields } });
  clock.increment(1000);
  await settle();
  clock.increment(1000);
  await settle();
  clock.increment(1000);
  await settle();
  (finish as ((value: AiCreation) => void) | null)?.({
    generation_id: 5,
    campaign_id: 3,
    emails: [variantFor(51, 'Dominant'), variantFor(52, 'Steady'), variantFor(53, 'Conscientious')],
  });
  await settle();
  actor.stop();
  return log;
}
