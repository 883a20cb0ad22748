import { CANCELED_MESSAGE } from '../domain/requestFailure.ts';

/** True for the request layer's "superseded by a newer request" rejection, which is never a failure. */
export function isCanceledFailure(error: unknown): boolean {
  if (error === CANCELED_MESSAGE) return true;
  if (!error || typeof error !== 'object') return false;
  const candidate = error as { kind?: unknown; message?: unknown };
  return candidate.kind === 'canceled' || candidate.message === CANCELED_MESSAGE;
}
