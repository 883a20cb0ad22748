import { z } from 'zod';
import { DYNAMIC_CATEGORIES, type PicksPayload } from './peoplePicks.ts';
import { limitField, offsetField } from './wholeNumberField.ts';
import { idFieldSchema, optionalIdFieldSchema } from './workflowFormFields.ts';

/** Schemas of recommended_people/ and add_picks_to_list/ (server and client). */

const MAX_IDS = 10_000;
const MAX_GROUPS = 50;
const ids = z.array(z.number().int().positive()).max(MAX_IDS);

const groupSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('recommended'), excluded_ids: ids.default([]) }),
    z.object({
      kind: z.literal('search'),
      term: z.string().trim().min(1, 'A searched group needs its term.').max(200),
      excluded_ids: ids.default([]),
    }),
    z.object({
      kind: z.literal('dynamic'),
      category: z.enum(DYNAMIC_CATEGORIES, { error: 'A dynamic group is by industry or designations.' }),
      value: z.string().trim().min(1, 'A dynamic group needs its value.').max(200),
      excluded_ids: ids.default([]),
    }),
  ],
  { error: 'Each group is recommended, search (with term) or dynamic (with category and value).' },
);

const picksObject = z.object({
  contact_ids: ids.default([]),
  groups: z.array(groupSchema).max(MAX_GROUPS).default([]),
});

/** picks: JSON {contact_ids, groups: [{kind, term?, category?, value?, excluded_ids}]}; nothing chosen: 400. */
export const picksFieldSchema = z
  .union([z.string(), z.record(z.string(), z.unknown())], { error: 'picks must be a JSON object.' })
  .transform((value, ctx): PicksPayload => {
    let parsed: unknown = value;
    if (typeof value === 'string') {
      if (value.length > 200_000) {
        ctx.addIssue({ code: 'custom', message: 'picks is too long.' });
        return z.NEVER;
      }
      try {
        parsed = JSON.parse(value);
      } catch {
        ctx.addIssue({ code: 'custom', message: 'picks is not valid JSON.' });
        return z.NEVER;
      }
    }
    const result = picksObject.safeParse(parsed);
    if (!result.success) {
      ctx.addIssue({ code: 'custom', message: `picks: ${result.error.issues[0]?.message ?? 'not valid.'}` });
      return z.NEVER;
    }
    if (result.data.contact_ids.length === 0 && result.data.groups.length === 0) {
      ctx.addIssue({ code: 'custom', message: 'Choose at least one person or group.' });
      return z.NEVER;
    }
    return result.data;
  });

export const addPicksBodySchema = z.object({ list_id: idFieldSchema('list_id'), picks: picksFieldSchema });

export const recommendedPeopleQuerySchema = z.object({
  list_id: optionalIdFieldSchema('list_id'),
  offset: offsetField(),
  limit: limitField(100, 10),
});
