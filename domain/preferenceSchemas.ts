import { z } from 'zod';
import {
  PREFERENCE_FLAGS,
  type PreferenceFlag,
  UNKNOWN_RECIPIENT_MESSAGE,
  UNSUB_UUID_PATTERN,
} from './preferenceMessages.ts';

export {
  ONE_CLICK_UNSUBSCRIBED_MESSAGE,
  PAGE_EVENT_RECORDED_MESSAGE,
  PREFERENCE_FLAGS,
  PREFERENCE_UPDATED_MESSAGE,
  type PreferenceFlag,
  RESUBSCRIBED_MESSAGE,
  UNKNOWN_RECIPIENT_MESSAGE,
  UNSUBSCRIBED_MESSAGE,
} from './preferenceMessages.ts';

/**
 * The preference service's calls: their form fields and their answers. Shared by the
 * server, which validates with them, and the workbench. The flags and texts live in preferenceMessages.ts
 * (no schema library: the public pages use them).
 */
const MAX_ALERTS = 50;
const MAX_NEWSLETTER_IDS = 100;
const MAX_LIST_TEXT = 4000;

const required = (field: string) => (issue: { input: unknown }) =>
  issue.input === undefined ? `${field} is required.` : undefined;

export const unsubUuidSchema = z
  .string({ error: (issue) => required('unsub_uuid')(issue) ?? 'unsub_uuid must be text.' })
  .trim()
  .toLowerCase()
  .regex(UNSUB_UUID_PATTERN, 'unsub_uuid is not a valid unsubscribe id.');

/** A "0"/"1" form field. */
export const flagSchema = (field: string) =>
  z.enum(PREFERENCE_FLAGS, { error: (issue) => required(field)(issue) ?? `${field} must be "0" or "1".` });

const alertStatusSchema = z
  .union([z.enum(PREFERENCE_FLAGS), z.literal(0), z.literal(1)], {
    error: 'Each alert status must be "0" or "1".',
  })
  .transform((value): PreferenceFlag => (String(value) === '1' ? '1' : '0'));

export const alertChoiceSchema = z.object(
  {
    name: z
      .string({ error: 'Each alert needs a name.' })
      .trim()
      .min(1, 'Each alert needs a name.')
      .max(100, 'An alert name is at most 100 characters.'),
    status: alertStatusSchema,
  },
  { error: 'Each alert must be an object with a name and a status.' },
);
export type AlertChoice = z.output<typeof alertChoiceSchema>;

/** Parses a JSON text field; an empty text is an empty list. */
function jsonText(field: string, example: string) {
  return z
    .string({ error: `${field} must be a JSON list such as ${example}.` })
    .max(MAX_LIST_TEXT, `${field} is too long.`)
    .transform((text, ctx): unknown => {
      if (text.trim() === '') return [];
      try {
        return JSON.parse(text);
      } catch {
        ctx.addIssue({ code: 'custom', message: `${field} must be a JSON list such as ${example}.` });
        return z.NEVER;
      }
    });
}

/** alerts of update_preference/: a JSON list of {name, status}. */
export const alertsFieldSchema = jsonText('alerts', '[{"name":"Account alerts","status":"1"}]').pipe(
  z
    .array(alertChoiceSchema, {
      error: 'alerts must be a JSON list such as [{"name":"Account alerts","status":"1"}].',
    })
    .max(MAX_ALERTS, `alerts may name at most ${MAX_ALERTS} alerts.`)
    .superRefine((alerts, ctx) => {
      const seen = new Set<string>();
      for (const alert of alerts) {
        if (seen.has(alert.name))
          ctx.addIssue({ code: 'custom', message: `alerts names "${alert.name}" twice.` });
        seen.add(alert.name);
      }
    }),
);

/** news_letters_subscribed: comma-separated newsletter ids ("" for none), returned as distinct numbers. */
export const newsletterIdsFieldSchema = z
  .string({ error: 'news_letters_subscribed must be a comma-separated list of newsletter ids, such as 4,5.' })
  .max(MAX_LIST_TEXT, 'news_letters_subscribed is too long.')
  .transform((text, ctx): number[] => {
    const parts = text
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part !== '');
    if (parts.some((part) => !/^\d{1,9}$/.test(part) || Number(part) === 0)) {
      ctx.addIssue({
        code: 'custom',
        message: 'news_letters_subscribed must be a comma-separated list of newsletter ids, such as 4,5.',
      });
      return z.NEVER;
    }
    const ids = [...new Set(parts.map(Number))];
    if (ids.length > MAX_NEWSLETTER_IDS) {
      ctx.addIssue({
        code: 'custom',
        message: `news_letters_subscribed may hold at most ${MAX_NEWSLETTER_IDS} ids.`,
      });
      return z.NEVER;
    }
    return ids;
  });

export const recipientRequestSchema = z.object({ unsub_uuid: unsubUuidSchema });

const PREFERENCE_FIELDS = [
  'unsub_all',
  'marketing',
  'webinars',
  'alerts',
  'news_letters_subscribed',
] as const;

/** What update_preference/ asks for, once validated. */
export type PreferenceUpdate =
  | { kind: 'flag'; uuid: string; unsubscribe: boolean }
  | {
      kind: 'preferences';
      uuid: string;
      unsubAll: boolean;
      marketing: boolean;
      webinars: boolean;
      alerts: AlertChoice[];
      newsletterIds: number[];
    };

/**
 * update_preference/: either every preference field (unsub_uuid, unsub_all, marketing, alerts,
 * news_letters_subscribed, webinars), or the short variant unsub_uuid + unsub_flag ("1" unsubscribes from
 * everything, "0" resubscribes). Mixing the two is refused.
 */
export const updatePreferenceSchema = z
  .object({
    unsub_uuid: unsubUuidSchema,
    unsub_flag: flagSchema('unsub_flag').optional(),
    unsub_all: flagSchema('unsub_all').optional(),
    marketing: flagSchema('marketing').optional(),
    webinars: flagSchema('webinars').optional(),
    alerts: alertsFieldSchema.optional(),
    news_letters_subscribed: newsletterIdsFieldSchema.optional(),
  })
  .transform((input, ctx): PreferenceUpdate => {
    const given = PREFERENCE_FIELDS.filter((field) => input[field] !== undefined);
    if (input.unsub_flag !== undefined) {
      if (given.length > 0) {
        ctx.addIssue({
          code: 'custom',
          message: `Send either unsub_flag or the preference fields, not both (got unsub_flag and ${given.join(', ')}).`,
        });
        return z.NEVER;
      }
      return { kind: 'flag', uuid: input.unsub_uuid, unsubscribe: input.unsub_flag === '1' };
    }
    const { unsub_all, marketing, webinars, alerts, news_letters_subscribed } = input;
    if (
      unsub_all === undefined ||
      marketing === undefined ||
      webinars === undefined ||
      alerts === undefined ||
      news_letters_subscribed === undefined
    ) {
      for (const field of PREFERENCE_FIELDS) {
        if (input[field] === undefined)
          ctx.addIssue({ code: 'custom', path: [field], message: `${field} is required.` });
      }
      return z.NEVER;
    }
    return {
      kind: 'preferences',
      uuid: input.unsub_uuid,
      unsubAll: unsub_all === '1',
      marketing: marketing === '1',
      webinars: webinars === '1',
      alerts,
      newsletterIds: news_letters_subscribed,
    };
  });

export const unsubscribeSchema = z.object({
  unsub_uuid: unsubUuidSchema,
  unsub_flag: z.literal('1', {
    error: (issue) => required('unsub_flag')(issue) ?? 'unsub_flag must be "1" to unsubscribe.',
  }),
});

export const resubscribeSchema = z.object({ unsub_uuid: unsubUuidSchema });

const EARLIEST_EVENT = Date.UTC(2000, 0, 1);
const LATEST_EVENT = Date.UTC(2100, 0, 1);
const TIMESTAMP_MESSAGE =
  'timestamp must be a date and time, such as 2026-01-31T12:00:00Z, or milliseconds since 1970.';

/** A client timestamp: epoch seconds or milliseconds, or an ISO-like date text. Returned as ISO text. */
export const eventTimestampSchema = z
  .union([z.string().trim().max(40), z.number()], {
    error: (issue) => required('timestamp')(issue) ?? TIMESTAMP_MESSAGE,
  })
  .transform((value, ctx): string => {
    const text = String(value);
    let ms = Number.NaN;
    if (/^\d{10}$/.test(text)) ms = Number(text) * 1000;
    else if (/^\d{12,13}$/.test(text)) ms = Number(text);
    else if (/^\d{4}-\d{2}-\d{2}/.test(text)) ms = Date.parse(text);
    if (!Number.isFinite(ms) || ms < EARLIEST_EVENT || ms > LATEST_EVENT) {
      ctx.addIssue({ code: 'custom', message: TIMESTAMP_MESSAGE });
      return z.NEVER;
    }
    return new Date(ms).toISOString();
  });

/** alerts_subscribed of a page event: a JSON list (of names, or of {name, status}) or comma-separated names. */
export const alertsSubscribedFieldSchema = z
  .string({ error: 'alerts_subscribed must be a JSON list or comma-separated alert names.' })
  .max(MAX_LIST_TEXT, 'alerts_subscribed is too long.')
  .transform((text, ctx): string[] => {
    const trimmed = text.trim();
    if (trimmed === '') return [];
    let names: unknown[];
    if (trimmed.startsWith('[')) {
      try {
        const parsed: unknown = JSON.parse(trimmed);
        names = Array.isArray(parsed) ? parsed : [];
      } catch {
        names = [undefined];
      }
      names = names.map((entry) =>
        entry && typeof entry === 'object' && 'name' in entry ? (entry as { name: unknown }).name : entry,
      );
    } else {
      names = trimmed.split(',').map((part) => part.trim());
    }
    const valid = names.every((name) => typeof name === 'string' && name.trim() !== '' && name.length <= 100);
    if (!valid || names.length > MAX_ALERTS) {
      ctx.addIssue({
        code: 'custom',
        message: 'alerts_subscribed must be a JSON list or comma-separated alert names.',
      });
      return z.NEVER;
    }
    return names.map((name) => String(name).trim());
  });

/** unsubscribe_page_events/: one thing a recipient did on a public page. */
export const pageEventSchema = z.object({
  unsub_uuid: unsubUuidSchema,
  status: z
    .enum(['0', '1', 'true', 'false'], {
      error: (issue) => required('status')(issue) ?? 'status must be "0" or "1".',
    })
    .transform((value): PreferenceFlag => (value === '1' || value === 'true' ? '1' : '0')),
  timestamp: eventTimestampSchema,
  key: z
    .string({ error: (issue) => required('key')(issue) ?? 'key must be text.' })
    .trim()
    .regex(
      /^[A-Za-z0-9_-]{1,40}$/,
      'key must be a short name such as digests or all (letters, digits, _ or -).',
    ),
  news_letters_subscribed: newsletterIdsFieldSchema.optional(),
  alerts_subscribed: alertsSubscribedFieldSchema.optional(),
});
export type PageEvent = z.output<typeof pageEventSchema>;

const flagValue = z.enum(PREFERENCE_FLAGS);

/** The answer of get_recipient_details/ (the spec's preference record, flattened next to status "True"). */
export const recipientDetailsSchema = z.object({
  success: z.literal(true),
  status: z.literal('True'),
  /** The unsubscribe uuid. */
  id: z.string(),
  email: z.string(),
  unsub_all: flagValue,
  marketing: flagValue,
  webinars: flagValue,
  alerts: z.array(z.object({ name: z.string(), status: flagValue })),
  news_letters: z.array(z.object({ id: z.number(), name: z.string(), status: flagValue })),
  /** The sending organisation, whose name the pages carry when it has no logo. */
  organisation_name: z.string(),
  logo_image_url: z.string().nullable(),
  privacy_url: z.string().nullable(),
  contact_url: z.string().nullable(),
});
export type RecipientDetails = z.infer<typeof recipientDetailsSchema>;

/** The answer of update_preference/, unsubscribe/, resubscribe/, one_click/ and unsubscribe_page_events/. */
export const preferenceResultSchema = z.object({
  success: z.literal(true),
  status: z.literal('True'),
  msg: z.string(),
});
export type PreferenceResult = z.infer<typeof preferenceResultSchema>;

/**
 * An unknown (well-formed) unsubscribe id: HTTP 200 (as for a real id) with status "False" and
 * UNKNOWN_RECIPIENT_MESSAGE; msg repeats message for the spec's toasts.
 */
export const preferenceFailureSchema = z.object({
  success: z.literal(false),
  status: z.literal('False'),
  message: z.string(),
  msg: z.string(),
});
export type PreferenceFailure = z.infer<typeof preferenceFailureSchema>;

/** Every answer of a preference call that changes or records something: a result or an unknown id. */
export const preferenceAnswerSchema = z.union([preferenceResultSchema, preferenceFailureSchema]);
export type PreferenceAnswer = z.infer<typeof preferenceAnswerSchema>;

/** get_recipient_details/ for an unknown id: the record's fields, empty, next to the failure. */
export const unknownRecipientDetailsSchema = preferenceFailureSchema.extend({
  id: z.string(),
  email: z.literal(''),
  unsub_all: z.literal('0'),
  marketing: z.literal('0'),
  webinars: z.literal('0'),
  alerts: recipientDetailsSchema.shape.alerts,
  news_letters: recipientDetailsSchema.shape.news_letters,
  organisation_name: z.null(),
  logo_image_url: z.null(),
  privacy_url: z.null(),
  contact_url: z.null(),
});
export type UnknownRecipientDetails = z.infer<typeof unknownRecipientDetailsSchema>;

/** Every answer of get_recipient_details/ with HTTP 200: the record, or an unknown id in the same shape. */
export const recipientDetailsAnswerSchema = z.union([recipientDetailsSchema, unknownRecipientDetailsSchema]);
export type RecipientDetailsAnswer = z.infer<typeof recipientDetailsAnswerSchema>;

/** The failure answer to an unknown id (HTTP 200). */
export function unknownRecipientAnswer(): PreferenceFailure {
  return {
    success: false,
    status: 'False',
    message: UNKNOWN_RECIPIENT_MESSAGE,
    msg: UNKNOWN_RECIPIENT_MESSAGE,
  };
}

/** get_recipient_details/ for an unknown id: the same keys as a record, empty. */
export function unknownRecipientDetails(uuid: string): UnknownRecipientDetails {
  return {
    ...unknownRecipientAnswer(),
    id: uuid,
    email: '',
    unsub_all: '0',
    marketing: '0',
    webinars: '0',
    alerts: [],
    news_letters: [],
    organisation_name: null,
    logo_image_url: null,
    privacy_url: null,
    contact_url: null,
  };
}

/** RFC 8058 one-click unsubscribe: the only body a mail provider sends. */
export const ONE_CLICK_FIELD = 'List-Unsubscribe';
export const ONE_CLICK_VALUE = 'One-Click';
export const ONE_CLICK_BODY_MESSAGE = 'The body must be List-Unsubscribe=One-Click (RFC 8058).';

export const oneClickBodySchema = z.object(
  { 'List-Unsubscribe': z.literal(ONE_CLICK_VALUE, { error: ONE_CLICK_BODY_MESSAGE }) },
  { error: ONE_CLICK_BODY_MESSAGE },
);

/** The unsubscribe id in the one-click URL (/one_click/{unsub_uuid}/). */
export const oneClickParamsSchema = z.object({ unsub_uuid: unsubUuidSchema });

/** The one-click URL read by a GET: any short text, so that a malformed id still gets a page, not an error. */
export const oneClickLinkParamsSchema = z.object({ unsub_uuid: z.string().max(200) });

/** Who or what changed a recipient's preferences, as the consent ledger records it. */
export const CONSENT_SOURCES = ['page', 'unsubscribe', 'resubscribe', 'one_click', 'api', 'form'] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];

/** A recipient's choices at one moment, as the consent ledger stores them before and after a change. */
export const consentSnapshotSchema = z.object({
  unsub_all: flagValue,
  marketing: flagValue,
  webinars: flagValue,
  alerts: z.array(z.object({ name: z.string(), status: flagValue })),
  newsletters: z.array(z.object({ id: z.number(), name: z.string(), status: flagValue })),
});
export type ConsentSnapshot = z.infer<typeof consentSnapshotSchema>;

/** One consent ledger entry as the export gives it. */
export const consentLedgerEntrySchema = z.object({
  id: z.number(),
  created_at: z.string(),
  source: z.enum(CONSENT_SOURCES),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  before: consentSnapshotSchema,
  after: consentSnapshotSchema,
});
export type ConsentLedgerEntry = z.infer<typeof consentLedgerEntrySchema>;

/** GET consent_ledger/?unsub_uuid=: the recipient's entries, oldest first. */
export const consentLedgerQuerySchema = z.object({ unsub_uuid: unsubUuidSchema });
export const consentLedgerExportSchema = z.object({
  success: z.literal(true),
  data: z.array(consentLedgerEntrySchema),
});
export type ConsentLedgerExport = z.infer<typeof consentLedgerExportSchema>;
