import { checkPasswordStrength } from '../../../domain/passwordStrength.ts';
import { badRequest } from '../../lib/AppError.ts';

/** Refuses (400) a password zxcvbn finds guessable, with its reason; every password set goes through it. */
export function requireStrongPassword(password: string, ownerInputs: readonly (string | undefined)[]): void {
  const verdict = checkPasswordStrength(password, ownerInputs);
  if (!verdict.acceptable) throw badRequest(verdict.message ?? 'This password is too easy to guess.');
}
