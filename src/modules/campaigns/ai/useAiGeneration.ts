import { useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import type { AiCreation, AiProgress } from '../../../../domain/aiEmails.ts';
import { type AiGenerationRequest, aiGenerationMachine } from '../../../../machines/aiGenerationMachine.ts';
import type { NewAiEmail } from '../../../api/aiEmailApi.ts';
import { useRecordedActor } from '../../../ui/useRecordedActor.ts';
import { useServices } from '../../shared/hooks/ServicesContext.ts';

/** The form's fields, without the request's id (made for each start). */
export type AiEmailFields = Omit<NewAiEmail, 'aiId'>;

/** A new id for one generation request (progress and cancel name it). */
export function newAiId(): string {
  return globalThis.crypto.randomUUID();
}

/**
 * The generation machine of the "New AI email" screen, with the AI email calls of the services: create
 * with the form's fields, the progress and cancel of that request.
 */
export function useAiGeneration() {
  const { aiEmailApi } = useServices();
  const api = useRef(aiEmailApi);
  api.current = aiEmailApi;
  const [machine] = useState(() =>
    aiGenerationMachine.provide({
      actors: {
        create: fromPromise<AiCreation, AiGenerationRequest>(({ input, signal }) =>
          api.current.create({ ...(input.fields as AiEmailFields), aiId: input.aiId }, signal),
        ),
        progress: fromPromise<AiProgress, { aiId: string }>(({ input, signal }) =>
          api.current.progress(input.aiId, signal),
        ),
        cancel: fromPromise<void, { aiId: string }>(({ input, signal }) =>
          api.current.cancel(input.aiId, signal),
        ),
      },
    }),
  );
  return useRecordedActor(machine, { name: 'aiGeneration', reset: { type: 'generation.reset' } });
}
