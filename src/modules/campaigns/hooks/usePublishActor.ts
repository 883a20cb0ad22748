import { useState } from 'react';
import { fromPromise } from 'xstate';
import { type EditionSendInfo, type SendOutcome, sendRefusalOf } from '../../../../domain/editionSend.ts';
import {
  type PublishActor,
  type PublishCheckRequest,
  type PublishCheckResult,
  type PublishControlRequest,
  type PublishResendRequest,
  type PublishSubmitRequest,
  publishMachine,
} from '../../../../machines/publishMachine.ts';
import {
  flushPublishSettings,
  type PublishSettingsActor,
} from '../../../../machines/publishSettingsMachine.ts';
import { useRecordedActor } from '../../../ui/useRecordedActor.ts';
import { useServices } from '../../shared/hooks/ServicesContext.ts';

/** A refusal answered by the server resolves (the screen shows it); other failures reject. */
function refusedOrThrow(error: unknown): SendOutcome {
  const refusal = sendRefusalOf(error);
  if (refusal) return refusal;
  throw error;
}

const startedSend = (sendId: number, kind: EditionSendInfo['kind']): EditionSendInfo => ({
  send_id: sendId,
  kind,
  status: 'sending',
  scheduled_for: null,
  time_zone: null,
  queued_count: 0,
  started_at: null,
  finished_at: null,
  delivered_count: 0,
  failed_count: 0,
  pending_count: 0,
  error: null,
});

/**
 * The publish step's machine for one edition, with the publishing service's calls (recorded); a check
 * waits for the step's autosave (`settings`) so that it looks at what the screen shows.
 */
export function usePublishActor(
  versionId: number,
  send: EditionSendInfo | null,
  settings: PublishSettingsActor,
): PublishActor {
  const api = useServices().sendApi;
  const [machine] = useState(() =>
    publishMachine.provide({
      actors: {
        check: fromPromise<PublishCheckResult, PublishCheckRequest>(async ({ input, signal }) => {
          // What is checked is what the screen shows: the autosave has saved it first.
          await flushPublishSettings(settings, signal);
          const [preflight, recipients] = await Promise.all([
            api.preflight(input.versionId, signal),
            api.recipientsCount({ versionId: input.versionId }, signal),
          ]);
          return { preflight, recipients };
        }),
        submit: fromPromise<SendOutcome, PublishSubmitRequest>(async ({ input, signal }) => {
          try {
            if (input.intent === 'schedule' && input.at) {
              const answer = await api.schedule(
                { versionId: input.versionId, ...input.at, confirmWarnings: input.confirmWarnings },
                signal,
              );
              return {
                outcome: 'done',
                send: {
                  ...startedSend(answer.send_id, 'send'),
                  status: 'scheduled',
                  scheduled_for: answer.scheduled_for,
                  time_zone: answer.time_zone,
                },
              };
            }
            const answer = await api.sendNow(
              { versionId: input.versionId, confirmWarnings: input.confirmWarnings },
              signal,
            );
            return { outcome: 'done', send: startedSend(answer.send_id, 'send') };
          } catch (error) {
            return refusedOrThrow(error);
          }
        }),
        cancelSchedule: fromPromise<void, { versionId: number }>(({ input, signal }) =>
          api.cancelSchedule(input.versionId, signal),
        ),
        refresh: fromPromise<EditionSendInfo | null, { versionId: number }>(
          async ({ input, signal }) => (await api.publishData(input.versionId, signal)).send,
        ),
        control: fromPromise<void, PublishControlRequest>(({ input, signal }) =>
          input.action === 'pause' ? api.pause(input.sendId, signal) : api.resume(input.sendId, signal),
        ),
        resend: fromPromise<SendOutcome, PublishResendRequest>(async ({ input, signal }) => {
          try {
            const answer = await api.resend(input, signal);
            return {
              outcome: 'done',
              send: startedSend(answer.send_id, input.to === 'not_opened' ? 'resend' : 'send'),
            };
          } catch (error) {
            return refusedOrThrow(error);
          }
        }),
      },
    }),
  );
  return useRecordedActor(machine, { name: 'publish', input: { versionId, send } });
}
