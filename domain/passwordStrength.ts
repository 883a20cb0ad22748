import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as en from '@zxcvbn-ts/language-en';

/** zxcvbn's scores: 0 too guessable … 4 very unguessable. Passwords below this are refused. */
export const MIN_PASSWORD_SCORE = 3;

export type PasswordVerdict = {
  score: 0 | 1 | 2 | 3 | 4;
  acceptable: boolean;
  /** Why it is refused and what would help, in words a person understands; null when acceptable. */
  message: string | null;
};

/** Words of the product itself: a password made of them is guessable by anyone who knows where it is used. */
const PRODUCT_WORDS = ['workbench', 'northwind', 'harbor', 'demo', 'admin', 'password'];

/**
 * zxcvbn is built once, on first use (its dictionaries take about a second to prepare). The checked length
 * and the number of l33t substitutions tried are bounded so that no password, however crafted, keeps the
 * server busy for long: the check of a 200-character password costs what the check of its first 72 does.
 */
let factory: ZxcvbnFactory | undefined;
function estimator(): ZxcvbnFactory {
  factory ??= new ZxcvbnFactory({
    translations: en.translations,
    graphs: common.adjacencyGraphs,
    dictionary: { ...common.dictionary, ...en.dictionary },
    maxLength: 72,
    l33tMaxSubstitutions: 10,
  });
  return factory;
}

/** The parts of an address, a name or an organisation a guesser would try first. */
function personalWords(inputs: readonly (string | undefined)[]): string[] {
  const words = new Set<string>(PRODUCT_WORDS);
  for (const input of inputs) {
    for (const word of (input ?? '').toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
      if (word.length >= 3) words.add(word);
    }
  }
  return [...words];
}

/**
 * The strength of a password as zxcvbn estimates it, given what is known about its owner (email, names,
 * organisation). Used by the server on every password set (sign-up, reset, the internal admin's); the forms
 * show its reason. It stays out of the client bundle: its dictionaries weigh about a megabyte.
 */
export function checkPasswordStrength(
  password: string,
  ownerInputs: readonly (string | undefined)[] = [],
): PasswordVerdict {
  const result = estimator().check(password, personalWords(ownerInputs));
  const score = result.score;
  if (score >= MIN_PASSWORD_SCORE) return { score, acceptable: true, message: null };
  const warning = result.feedback.warning?.trim();
  const suggestion =
    result.feedback.suggestions[0]?.trim() || 'Use a few unrelated words, or a longer mix of characters.';
  const reason = warning ? ` ${warning}` : '';
  return {
    score,
    acceptable: false,
    message: `This password is too easy to guess.${reason} ${suggestion}`,
  };
}
