import type { AiDraft, AiDraftRequest } from '../../../domain/aiDraft.ts';
import type { AiComposer } from './AiComposer.ts';

/**
 * Writes every variant at once (in parallel): `onEach` after each one written. The first failure stops the
 * others (their calls are aborted) and is what this throws; so does `signal` (a cancel, the time limit).
 */
export async function composeVariants(
  composer: AiComposer,
  requests: readonly AiDraftRequest[],
  signal: AbortSignal,
  onEach: () => Promise<void> = async () => {},
): Promise<AiDraft[]> {
  const group = new AbortController();
  const stop = () => group.abort(signal.reason);
  signal.addEventListener('abort', stop, { once: true });
  try {
    if (signal.aborted) throw signal.reason;
    return await new Promise<AiDraft[]>((resolve, reject) => {
      group.signal.addEventListener('abort', () => reject(group.signal.reason), { once: true });
      Promise.all(
        requests.map(async (request) => {
          try {
            const draft = await composer.compose(request, group.signal);
            await onEach();
            return draft;
          } catch (error) {
            group.abort(error);
            throw error;
          }
        }),
      ).then(resolve, reject);
    });
  } finally {
    signal.removeEventListener('abort', stop);
    group.abort(new Error('finished'));
  }
}
