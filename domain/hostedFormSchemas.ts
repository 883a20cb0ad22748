import { z } from 'zod';
import {
  CAPTURABLE_FIELD_KEYS,
  CAPTURABLE_FIELDS,
  CHOICE_TYPES,
  FORM_FIELD_LABEL_MAX,
  FORM_FIELD_TYPES,
  FORM_MAX_OPTIONS,
  FORM_OPTION_MAX,
} from './hostedForms.ts';

/*
 * A form's fields as the server and the form builder check them. Kept apart from hostedForms.ts so the
 * public pages' build (the hosted form) carries no zod, which probes for eval under the page's CSP.
 */

export const formFieldSchema = z
  .object({
    key: z.enum(CAPTURABLE_FIELD_KEYS, { error: 'Each field must be one of the capturable fields.' }),
    label: z
      .string({ error: 'Each field needs a label.' })
      .trim()
      .min(1, 'Each field needs a label.')
      .max(FORM_FIELD_LABEL_MAX, `A field label is at most ${FORM_FIELD_LABEL_MAX} characters.`),
    type: z.enum(FORM_FIELD_TYPES, { error: `A field's type is one of ${FORM_FIELD_TYPES.join(', ')}.` }),
    required: z.boolean().default(false),
    options: z
      .array(z.string().trim().min(1).max(FORM_OPTION_MAX), { error: 'Options must be a list of texts.' })
      .max(FORM_MAX_OPTIONS, `A field offers at most ${FORM_MAX_OPTIONS} options.`)
      .default([]),
  })
  .superRefine((field, ctx) => {
    if (CHOICE_TYPES.includes(field.type) && field.options.length < 2)
      ctx.addIssue({ code: 'custom', message: `“${field.label}” needs at least two options.` });
    if (field.key === 'consent' && field.type !== 'Checkbox')
      ctx.addIssue({ code: 'custom', message: 'Consent and opt-in is a checkbox.' });
    if (field.key === 'email' && (field.type !== 'Text' || !field.required))
      ctx.addIssue({ code: 'custom', message: 'Email is a required text field.' });
  });

/** A form's fields: each capturable field at most once, and the email always. */
export const formFieldsSchema = z
  .array(formFieldSchema, { error: 'fields must be a list.' })
  .min(1, 'A form needs at least the email field.')
  .max(CAPTURABLE_FIELDS.length)
  .superRefine((fields, ctx) => {
    const keys = fields.map((field) => field.key);
    if (!keys.includes('email'))
      ctx.addIssue({ code: 'custom', message: 'A form always asks for the email.' });
    if (new Set(keys).size !== keys.length)
      ctx.addIssue({ code: 'custom', message: 'Each field can be on the form only once.' });
  });
