import type { MergeValues } from '../../../domain/mergeFields.ts';
import { escapeHtml } from '../../lib/escapeHtml.ts';
import {
  PREFERENCE_URL_PLACEHOLDER,
  plainTextOf,
  resolveSendHtml,
  SEND_TOKEN_PLACEHOLDER,
  type SendSlots,
} from './renderMarketingEmail.ts';

type Slot =
  | { kind: 'token' }
  | { kind: 'preference' }
  | { kind: 'merge'; name: keyof MergeValues; fallback: string };

/** Literal text and the places a send fills, in order (literal, slot, literal, ..., literal). */
type Template = { literals: string[]; slots: Slot[] };

const SLOT_PATTERN = new RegExp(
  `${SEND_TOKEN_PLACEHOLDER}|${PREFERENCE_URL_PLACEHOLDER}|\\{\\{\\s*(first_name|last_name|email|company)\\s*(?:\\|([^{}]*?))?\\s*\\}\\}`,
  'g',
);

function templateOf(text: string): Template {
  const literals: string[] = [];
  const slots: Slot[] = [];
  let from = 0;
  for (const match of text.matchAll(SLOT_PATTERN)) {
    literals.push(text.slice(from, match.index));
    from = (match.index ?? 0) + match[0].length;
    if (match[0] === SEND_TOKEN_PLACEHOLDER) slots.push({ kind: 'token' });
    else if (match[0] === PREFERENCE_URL_PLACEHOLDER) slots.push({ kind: 'preference' });
    else {
      slots.push({
        kind: 'merge',
        name: match[1] as keyof MergeValues,
        fallback: (match[2] ?? '').trim(),
      });
    }
  }
  literals.push(text.slice(from));
  return { literals, slots };
}

function fill(
  template: Template,
  slots: SendSlots,
  preferenceUrl: string,
  encode: (value: string) => string,
): string {
  let out = template.literals[0] as string;
  for (let i = 0; i < template.slots.length; i++) {
    const slot = template.slots[i] as Slot;
    if (slot.kind === 'token') out += slots.token;
    else if (slot.kind === 'preference') out += preferenceUrl;
    else {
      const value = slots.merge[slot.name]?.trim();
      out += value ? encode(value) : slot.fallback;
    }
    out += template.literals[i + 1] as string;
  }
  return out;
}

export type CompiledSendBody = {
  /** The HTML part of one send. */
  html: (slots: SendSlots) => string;
  /** The plain-text part of one send (merge values as they are, links as URLs). */
  text: (slots: SendSlots) => string;
};

/**
 * A prepared body (prepareEmailBody) compiled once per process for its origins: each send then costs a
 * join of the literal parts with its token, preference link and merge fields, for the HTML and the text
 * part alike (the text is derived from the HTML once, not per recipient).
 */
export function compileSendBody(
  preparedHtml: string,
  origins: { trackingBaseUrl: string; publicOrigin: string },
): CompiledSendBody {
  const resolved = resolveSendHtml(preparedHtml, origins.trackingBaseUrl, origins.publicOrigin);
  const html = templateOf(resolved);
  const text = templateOf(plainTextOf(resolved));
  const preferenceUrl = (slots: SendSlots) => `${origins.publicOrigin}/unsub/${slots.preferenceUuid}`;
  return {
    html: (slots) => fill(html, slots, preferenceUrl(slots), escapeHtml),
    text: (slots) => fill(text, slots, preferenceUrl(slots), (value) => value),
  };
}
