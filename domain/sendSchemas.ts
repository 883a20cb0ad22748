import { z } from 'zod';
import { MAX_SUBJECT } from './campaignSchemas.ts';
import type { ResendTarget } from './editionSend.ts';
import { nameText } from './nameText.ts';
import { positiveIdField } from './wholeNumberField.ts';
import { booleanFieldSchema, idListFieldSchema } from './workflowFormFields.ts';

/**
 * Form payloads of the publish step's calls (base /api/publish/: publish_email/, publish_configurations/,
 * recipients_count/, preflight/, schedule_email/, pause_send/, resume_send/, resend_email/). Shared by the
 * server (validation, OpenAPI) and the client. See docs/publish.md.
 */

export const NOT_PREMIUM = 'not_premium';
export const NOT_PREMIUM_MESSAGE =
  'Sending campaigns is part of the premium plan. Ask your admin to upgrade.';
export const MAX_SENDER_NAME = 120;

const versionId = () => positiveIdField('version_id');

export const publishQuerySchema = z.object({ version_id: versionId() });

export const publishConfigurationBodySchema = z.object({
  version_id: versionId(),
  sender_address_id: positiveIdField('sender_address_id').optional(),
  sender_name: nameText('sender_name')
    .pipe(z.string().max(MAX_SENDER_NAME, `A sender name is at most ${MAX_SENDER_NAME} characters.`))
    .optional(),
  subject: z.string().trim().max(MAX_SUBJECT).optional(),
  list_ids: idListFieldSchema('list_ids').optional(),
  contact_ids: idListFieldSchema('contact_ids').optional(),
});

export const recipientsCountBodySchema = z.object({
  version_id: versionId(),
  /** Counts this audience instead of the edition's saved one (while the person is choosing). */
  list_ids: idListFieldSchema('list_ids').optional(),
  contact_ids: idListFieldSchema('contact_ids').optional(),
});

export const publishEmailBodySchema = z.object({
  version_id: versionId(),
  /** 1: the person has seen the preflight's warnings and sends all the same. */
  confirm_warnings: booleanFieldSchema('confirm_warnings').optional(),
});

const dateField = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Give the date as YYYY-MM-DD.')
  .describe('The local date, YYYY-MM-DD');
const timeField = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Give the time as HH:MM (24 hours).')
  .describe('The local time, HH:MM');

export const scheduleEmailBodySchema = z.object({
  version_id: versionId(),
  /** 1: cancel the scheduled send (until it starts). */
  cancel: booleanFieldSchema('cancel').optional(),
  date: dateField.optional(),
  time: timeField.optional(),
  confirm_warnings: booleanFieldSchema('confirm_warnings').optional(),
});

export const sendIdBodySchema = z.object({ send_id: positiveIdField('send_id') });

const RESEND_TARGETS = ['not_opened', 'new_contacts'] as const satisfies readonly ResendTarget[];
const resendTarget = z.enum(RESEND_TARGETS, { error: 'Send it again to not_opened or new_contacts.' });

/**
 * resend_options: whom to send to again, as the word (`not_opened`, `new_contacts`) or a JSON object
 * {to, confirm_warnings}.
 */
const resendOptionsSchema = z
  .string({
    error: 'resend_options must be not_opened, new_contacts or a JSON object {to, confirm_warnings}.',
  })
  .transform((value, ctx): { to: ResendTarget; confirm_warnings?: boolean } => {
    const text = value.trim();
    const word = resendTarget.safeParse(text);
    if (word.success) return { to: word.data };
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    const object = z
      .object({ to: resendTarget, confirm_warnings: z.boolean().optional() })
      .strict()
      .safeParse(parsed);
    if (object.success) return object.data;
    ctx.addIssue({
      code: 'custom',
      message: 'resend_options must be not_opened, new_contacts or a JSON object {to, confirm_warnings}.',
    });
    return z.NEVER;
  });

/**
 * resend_email/: the email (email_id: its latest sent edition) or an edition (version_id), and whom to
 * send to again: resend_options, or `to` with confirm_warnings (the form the publish step sends).
 */
export const resendEmailBodySchema = z
  .object({
    email_id: positiveIdField('email_id').optional(),
    version_id: versionId().optional(),
    /** An AI email: each of its sent variants again. */
    generation_id: positiveIdField('generation_id').optional(),
    resend_options: resendOptionsSchema.optional(),
    /** not_opened: those who got it and did not open it (once more); new_contacts: people added since. */
    to: resendTarget.optional(),
    confirm_warnings: booleanFieldSchema('confirm_warnings').optional(),
  })
  .superRefine((body, ctx) => {
    const given = [body.email_id, body.version_id, body.generation_id].filter((id) => id !== undefined);
    if (given.length !== 1)
      ctx.addIssue({
        code: 'custom',
        message:
          'Give the email (email_id), the edition (version_id) or the AI email (generation_id) to send again.',
      });
    if (body.resend_options === undefined && body.to === undefined)
      ctx.addIssue({ code: 'custom', message: 'Say whom to send it to again (resend_options).' });
  });
export type ResendEmailInput = z.infer<typeof resendEmailBodySchema>;

/** The most addresses one test email goes to. */
export const MAX_TEST_ADDRESSES = 5;

export const testEmailBodySchema = z.object({
  version_id: versionId(),
  /** A comma-separated list of the organisation's own addresses (its users, its verified senders). */
  emails: z
    .string()
    .trim()
    .min(1, 'Enter an address to send the test to.')
    .max(MAX_TEST_ADDRESSES * 254)
    .transform((value) =>
      value
        .split(/[,;\s]+/)
        .map((address) => address.trim())
        .filter(Boolean),
    )
    .pipe(
      z
        .array(z.email('Enter real email addresses, separated by commas.'))
        .min(1, 'Enter an address to send the test to.')
        .max(MAX_TEST_ADDRESSES, `A test goes to at most ${MAX_TEST_ADDRESSES} addresses.`),
    )
    .describe(`Up to ${MAX_TEST_ADDRESSES} addresses, comma separated`),
});
