import { decodeNumericReferences } from './decodeNumericReferences.ts';

/**
 * A subject as people read it: emojis stored as numeric character references ("Hello &#128075;", the form
 * they are sent in) shown as the characters they are, and "(no subject)" for none.
 */
export function subjectForDisplay(subject: string | null | undefined): string {
  return subject ? decodeNumericReferences(subject) : '(no subject)';
}
