import { z } from 'zod';

/**
 * Bidirectional controls (embeddings, overrides, isolates and the invisible direction marks): in a name they
 * make the name, and the text shown after it, display reversed ("live Name Normal").
 */
const BIDI_CONTROLS = /\p{Bidi_Control}/gu;
/** C0 and C1 controls, tabs and line breaks among them: a name is one line. */
const OTHER_CONTROLS = /\p{Cc}/gu;

/**
 * A name as it is stored and shown: bidirectional controls taken out, other control characters made
 * spaces, runs of white space made one space, trimmed.
 */
export function cleanName(value: string): string {
  return value.replace(BIDI_CONTROLS, '').replace(OTHER_CONTROLS, ' ').replace(/\s+/g, ' ').trim();
}

/**
 * The first stage of every name field the server accepts (contacts, accounts, lists, campaigns, emails,
 * editions, workflows, users, organisations, forms, groups, senders): text, cleaned by cleanName. Each field
 * pipes it into its own rules (required, length), which so see the name as it will be stored.
 */
export function nameText(field: string) {
  return z
    .string({
      error: (issue) => (issue.input === undefined ? `${field} is required.` : `${field} must be text.`),
    })
    .transform(cleanName);
}
