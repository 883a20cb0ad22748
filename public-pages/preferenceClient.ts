import { browserTimeZone } from '../domain/browserTimeZone.ts';
import type { PreferencePayload } from '../domain/preferenceForm.ts';
import type { PreferencePageEventFields } from '../domain/preferencePageEvent.ts';
import type { RecipientDetails } from '../domain/preferenceSchemas.ts';

/** What a change call (update_preference/, unsubscribe/, resubscribe/) answers: status and msg. */
export type PreferenceCallResult = { status: string; msg: string };

/** The preference service as the public pages call it: form data, user_tz added. */
export type PreferenceClient = {
  /** The recipient, or null when the id is unknown. */
  getRecipientDetails: (unsubId: string) => Promise<RecipientDetails | null>;
  updatePreference: (payload: PreferencePayload) => Promise<PreferenceCallResult>;
  unsubscribe: (unsubId: string) => Promise<PreferenceCallResult>;
  resubscribe: (unsubId: string) => Promise<PreferenceCallResult>;
  /** unsubscribe_page_events/: what the recipient did on the page (sent without waiting for it). */
  recordPageEvent: (fields: PreferencePageEventFields) => Promise<PreferenceCallResult>;
};

const env: Record<string, unknown> = import.meta.env ?? {};
const configuredBase = typeof env.VITE_PREFERENCE_BASE === 'string' ? env.VITE_PREFERENCE_BASE : '';
/** The preference service's base address: VITE_PREFERENCE_BASE, or the same origin's /api/preference/. */
export const PREFERENCE_BASE = configuredBase || '/api/preference/';

function readResult(body: unknown): PreferenceCallResult {
  if (body && typeof body === 'object') {
    const { status, msg, message } = body as Record<string, unknown>;
    if (typeof status === 'string') {
      const text = typeof msg === 'string' ? msg : typeof message === 'string' ? message : '';
      return { status, msg: text };
    }
  }
  throw new Error('The preference service gave an answer that could not be read.');
}

/**
 * Reads get_recipient_details/'s answer: the recipient, or null for an unknown id. The server validates
 * its answers against the service's schema (domain/preferenceSchemas.ts); the light public build does
 * not carry the schema library, so this checks what the page relies on.
 */
export function readRecipientDetails(body: unknown): RecipientDetails | null {
  const answer = body as Partial<RecipientDetails> | null;
  const lists = Array.isArray(answer?.alerts) && Array.isArray(answer?.news_letters);
  return answer?.status === 'True' && typeof answer.id === 'string' && lists
    ? (answer as RecipientDetails)
    : null;
}

/** A small fetch wrapper: POSTs URLSearchParams (with user_tz) to `base` + path; no cookies are needed. */
export function createPreferenceClient(
  base: string = PREFERENCE_BASE,
  fetchImpl: typeof fetch = (...args) => fetch(...args),
): PreferenceClient {
  const root = base.endsWith('/') ? base : `${base}/`;
  async function post(path: string, fields: Record<string, string>): Promise<unknown> {
    const body = new URLSearchParams({ ...fields, user_tz: browserTimeZone() });
    const response = await fetchImpl(`${root}${path}`, {
      method: 'POST',
      body,
      headers: { Accept: 'application/json' },
    });
    const answer: unknown = await response.json().catch(() => null);
    if (answer === null) throw new Error(`The preference service answered HTTP ${response.status}.`);
    return answer;
  }
  return {
    async getRecipientDetails(unsubId) {
      return readRecipientDetails(await post('get_recipient_details/', { unsub_uuid: unsubId }));
    },
    async updatePreference(payload) {
      return readResult(await post('update_preference/', payload));
    },
    async unsubscribe(unsubId) {
      return readResult(await post('unsubscribe/', { unsub_uuid: unsubId, unsub_flag: '1' }));
    },
    async resubscribe(unsubId) {
      return readResult(await post('resubscribe/', { unsub_uuid: unsubId }));
    },
    async recordPageEvent(fields) {
      return readResult(await post('unsubscribe_page_events/', fields));
    },
  };
}
