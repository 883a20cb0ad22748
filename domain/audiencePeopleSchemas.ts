import { z } from 'zod';
import {
  ACCOUNT_SORT_COLUMNS,
  BUYER_STAGES,
  PEOPLE_FILTER_CATEGORIES,
  PEOPLE_SORT_COLUMNS,
  PEOPLE_TABS,
  PERSONALITY_TYPES,
  PERSONALITY_VALUES,
  type PeopleFilters,
  SORT_TYPES,
} from './audiencePeople.ts';
import { nameText } from './nameText.ts';
import { limitField, offsetField } from './wholeNumberField.ts';
import {
  booleanFieldSchema,
  idFieldSchema,
  idListFieldSchema,
  optionalIdFieldSchema,
  searchFieldSchema,
} from './workflowFormFields.ts';

/** Form and query schemas of the audience service's people and accounts calls (server and client). */

const MAX_FILTER_VALUES = 200;
const MAX_TEXT = 200;

const tabSchema = z.enum(PEOPLE_TABS, { error: 'tab must be all, profiled or unprofiled.' }).default('all');
const sortTypeSchema = z
  .enum(SORT_TYPES, { error: 'sort_type must be ASC, DESC or NOSORT.' })
  .default('NOSORT');

/**
 * filters: a JSON object text {"status": ["Subscribed"], "industry": ["Retail"]} whose keys are the
 * spec's filter categories and values lists of texts. Blank: no filter.
 */
export const peopleFiltersFieldSchema = z
  .union([z.string(), z.record(z.string(), z.unknown())], {
    error: 'filters must be a JSON object of filter categories.',
  })
  .optional()
  .transform((value, ctx): PeopleFilters => {
    if (value === undefined) return {};
    let parsed: unknown = value;
    if (typeof value === 'string') {
      if (value.trim() === '') return {};
      if (value.length > 20_000) {
        ctx.addIssue({ code: 'custom', message: 'filters is too long.' });
        return z.NEVER;
      }
      try {
        parsed = JSON.parse(value);
      } catch {
        ctx.addIssue({ code: 'custom', message: 'filters is not valid JSON.' });
        return z.NEVER;
      }
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      ctx.addIssue({ code: 'custom', message: 'filters must be a JSON object of filter categories.' });
      return z.NEVER;
    }
    const filters: PeopleFilters = {};
    for (const [key, values] of Object.entries(parsed)) {
      const category = PEOPLE_FILTER_CATEGORIES.find((c) => c === key);
      if (!category) {
        ctx.addIssue({
          code: 'custom',
          message: `filters: ${key.slice(0, 40)} is not a filter category (${PEOPLE_FILTER_CATEGORIES.join(', ')}).`,
        });
        return z.NEVER;
      }
      if (
        !Array.isArray(values) ||
        values.length > MAX_FILTER_VALUES ||
        values.some((v) => typeof v !== 'string' || v.length > MAX_TEXT)
      ) {
        ctx.addIssue({ code: 'custom', message: `filters: ${category} must be a list of texts.` });
        return z.NEVER;
      }
      if (values.length > 0) filters[category] = [...new Set(values as string[])];
    }
    return filters;
  });

/** The scope shared by the listing, the counts, the export and select-all actions. */
const scopeFields = {
  tab: tabSchema,
  search_word: searchFieldSchema('search_word'),
  filters: peopleFiltersFieldSchema,
  account_id: optionalIdFieldSchema('account_id'),
};

export const peopleListingQuerySchema = z.object({
  ...scopeFields,
  offset: offsetField(),
  limit: limitField(100, 10),
  sort_by: z
    .enum(PEOPLE_SORT_COLUMNS, { error: `sort_by must be one of ${PEOPLE_SORT_COLUMNS.join(', ')}.` })
    .optional(),
  sort_type: sortTypeSchema,
});
export const peopleScopeQuerySchema = z.object(scopeFields);
/** people_scores/: the score and stage of loaded rows (up to 200 ids). */
export const peopleScoresQuerySchema = z.object({
  contact_ids: idListFieldSchema('contact_ids').refine(
    (ids) => ids.length <= 200,
    'At most 200 contact_ids.',
  ),
});
export const exportPeopleQuerySchema = z.object({
  ...scopeFields,
  contact_ids: idListFieldSchema('contact_ids'),
});

/** A selection: contact_ids, or select_all with excluded_ids over the scope. */
const selectionFields = {
  ...scopeFields,
  select_all: booleanFieldSchema('select_all').optional().default(false),
  contact_ids: idListFieldSchema('contact_ids'),
  excluded_ids: idListFieldSchema('excluded_ids'),
};
export const peopleSelectionBodySchema = z.object(selectionFields);
export const buyerStageBodySchema = z.object({
  ...selectionFields,
  buyer_stage: z.enum(BUYER_STAGES, {
    error: (issue) =>
      issue.input === undefined
        ? 'buyer_stage is required.'
        : `buyer_stage must be one of ${BUYER_STAGES.join(', ')}.`,
  }),
});
export const listSelectionBodySchema = z.object({
  ...selectionFields,
  list_id: idFieldSchema('list_id'),
});

const optionalText = (field: string, max = MAX_TEXT) =>
  z
    .string({ error: `${field} must be text.` })
    .max(max, `${field} is at most ${max} characters.`)
    .optional()
    .transform((value) => {
      const trimmed = (value ?? '').trim();
      return trimmed === '' ? null : trimmed;
    });
const requiredName = (label: string) =>
  nameText(label).pipe(
    z.string().min(1, `${label} is required.`).max(100, `${label} is at most 100 characters.`),
  );
/** A company (the contact's account): cleaned like every name; blank is none. */
const optionalName = (field: string) =>
  nameText(field)
    .pipe(z.string().max(MAX_TEXT, `${field} is at most ${MAX_TEXT} characters.`))
    .optional()
    .transform((value) => value || null);
/** A real address: one @, a dotted domain, no spaces. */
const EMAIL =
  /^[^\s@]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;
export const contactEmailSchema = z
  .string({ error: 'Email is required.' })
  .transform((value) => value.trim())
  .pipe(
    z
      .string()
      .min(1, 'Email is required.')
      .max(254, 'Email is at most 254 characters.')
      .regex(EMAIL, 'Enter a real email address, such as name@company.com.'),
  );
const urlText = (field: string) =>
  optionalText(field, 500).refine(
    (value) => value === null || /^https?:\/\/\S+$/i.test(value),
    `${field} must be a web address starting with https://.`,
  );

export const contactFieldsSchema = z.object({
  first_name: requiredName('First name'),
  last_name: requiredName('Last name'),
  email: contactEmailSchema,
  // Messages name each field as the form labels it (Company, not organization).
  designation: optionalText('Job title'),
  organization: optionalName('Company'),
  phone_number: optionalText('Phone number', 40),
  industry: optionalText('Industry'),
  personality_type: z
    .union([z.enum(PERSONALITY_TYPES), z.literal('')], {
      error: `personality_type must be one of ${PERSONALITY_TYPES.join(', ')} (or empty for unprofiled).`,
    })
    .optional()
    .transform((value) => (value ? value : null)),
  personality: z
    .union([z.enum(PERSONALITY_VALUES as [string, ...string[]]), z.literal('')], {
      error: 'personality must be one of the personality values.',
    })
    .optional()
    .transform((value) => (value ? value : null)),
  buyer_stage: z
    .union([z.enum(BUYER_STAGES), z.literal('')], {
      error: `buyer_stage must be one of ${BUYER_STAGES.join(', ')}.`,
    })
    .optional()
    .transform((value) => (value ? value : null)),
  linkedin_url: urlText('LinkedIn address'),
  twitter_url: urlText('Twitter address'),
  /** The tab the contact is created in: profiled gives Steady when no personality is chosen. */
  tab: tabSchema,
});
export const updateContactBodySchema = contactFieldsSchema.extend({
  contact_id: idFieldSchema('contact_id'),
});

export const accountsListingQuerySchema = z.object({
  offset: offsetField(),
  limit: limitField(100, 10),
  search_word: searchFieldSchema('search_word'),
  sort_by: z
    .enum(ACCOUNT_SORT_COLUMNS, { error: `sort_by must be one of ${ACCOUNT_SORT_COLUMNS.join(', ')}.` })
    .optional(),
  sort_type: sortTypeSchema,
});
