import { type PreferenceAnswer, unknownRecipientAnswer } from '../../../domain/preferenceSchemas.ts';
import type { ChangeOutcome } from './changePreference.ts';

/** The answer to a change: the success message (also when nothing needed changing), or the unknown-id answer (both HTTP 200). */
export function changeAnswer(outcome: ChangeOutcome, msg: string): PreferenceAnswer {
  return outcome === 'unknown' ? unknownRecipientAnswer() : { success: true, status: 'True', msg };
}
