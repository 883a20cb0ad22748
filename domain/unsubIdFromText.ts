import { normaliseUnsubUuid } from './preferenceMessages.ts';

const UUID_IN_TEXT = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/**
 * The unsubscribe id in what a person pasted: the id itself, or any link that carries it (a preference,
 * unsubscribe, resubscribe or one-click link). Null when there is none.
 */
export function unsubIdFromText(text: string): string | null {
  const match = text.match(UUID_IN_TEXT);
  return match ? normaliseUnsubUuid(match[0]) : null;
}
