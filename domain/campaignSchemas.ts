import { z } from 'zod';
import { sourceListFieldSchema } from './contentSchemas.ts';
import { listFieldParts } from './listFieldParts.ts';
import { nameText } from './nameText.ts';
import { limitField, offsetField, positiveIdField } from './wholeNumberField.ts';
import {
  booleanFieldSchema,
  idListFieldSchema,
  optionalIdFieldSchema,
  searchFieldSchema,
} from './workflowFormFields.ts';

/**
 * Form payloads of the campaign and edition service ("Campaign and edition service").
 * Shared by the server (validation, OpenAPI) and the client. See docs/campaigns.md.
 */

export const MAX_CAMPAIGN_NAME = 120;
export const MAX_EMAIL_NAME = 150;
export const MAX_SUBJECT = 300;
export const MAX_KEYWORDS = 50;
/** Campaign list pages end when fewer than 8 come back (assets 8). */
export const CAMPAIGN_PAGE_SIZE = 8;
export const EMAIL_PAGE_SIZE = 8;
export const DRAFT_EDITION_NAME = 'Draft Edition';
export const CAMPAIGN_NAME_EXISTS = 'Campaign with that name already exists';
export const CAMPAIGN_NOT_FOUND = 'Campaign not found.';
export const EMAIL_NAME_EXISTS = 'Email with that name already exists in this campaign';
export const LAST_EDITION = 'An email keeps at least one edition: delete the email instead.';

/** The email type filter: all, adhoc=1, digest=0, aiEmail=2. */
export const EMAIL_TYPE_FILTERS = [
  { value: 'all', label: 'All Types' },
  { value: '1', label: 'Ad hoc Emails' },
  { value: '0', label: 'Digest Emails' },
  { value: '2', label: 'AI Emails' },
] as const;
export type EmailTypeFilter = (typeof EMAIL_TYPE_FILTERS)[number]['value'];
const TYPE_NAMES: Record<string, number | null> = {
  all: null,
  '': null,
  '0': 0,
  '1': 1,
  '2': 2,
  digest: 0,
  adhoc: 1,
  aiEmail: 2,
};

/** email_type as a filter: all (or nothing), 0/digest, 1/adhoc, 2/aiEmail. null means all types. */
export const emailTypeFilterSchema = z
  .union([z.string(), z.number()], { error: 'email_type must be all, 0, 1 or 2.' })
  .optional()
  .transform((value, ctx): number | null => {
    if (value === undefined) return null;
    const key = String(value).trim();
    if (!(key in TYPE_NAMES)) {
      ctx.addIssue({ code: 'custom', message: 'email_type must be all, 0 (digest), 1 (ad hoc) or 2 (AI).' });
      return z.NEVER;
    }
    return TYPE_NAMES[key] ?? null;
  });

/** A new email's type: 0 digest (hybrid), 1 ad hoc (custom). AI emails come from the AI calls. */
export const newEmailTypeSchema = z
  .union([z.string(), z.number()], { error: 'email_type must be 0 (digest) or 1 (ad hoc).' })
  .optional()
  .transform((value, ctx): 0 | 1 => {
    if (value === undefined || String(value).trim() === '') return 0;
    const key = String(value).trim();
    if (key === '0' || key === 'digest') return 0;
    if (key === '1' || key === 'adhoc') return 1;
    ctx.addIssue({ code: 'custom', message: 'email_type must be 0 (digest) or 1 (ad hoc).' });
    return z.NEVER;
  });

const nameSchema = (field: string, what: string, max: number) =>
  nameText(field).pipe(
    z.string().min(1, `Give the ${what} a name.`).max(max, `A ${what} name is at most ${max} characters.`),
  );

export const campaignNameSchema = (field = 'campaign_name') =>
  nameSchema(field, 'campaign', MAX_CAMPAIGN_NAME);
export const emailNameSchema = (field = 'email_name') => nameSchema(field, 'email', MAX_EMAIL_NAME);

/** Keywords: a JSON list text, a comma-separated text, repeated fields or (JSON bodies) a list. */
export const keywordsSchema = (field: string) =>
  z
    .union([z.string(), z.array(z.string())], { error: `${field} must be a list of words.` })
    .optional()
    .transform((value, ctx): string[] => {
      if (value === undefined) return [];
      const parts = listFieldParts(value, (raw) => (raw === '' ? [] : raw.split(',')));
      if (parts === null) {
        ctx.addIssue({ code: 'custom', message: `${field} is not a valid JSON list.` });
        return z.NEVER;
      }
      const words: string[] = [];
      for (const part of parts) {
        if (typeof part !== 'string') {
          ctx.addIssue({ code: 'custom', message: `${field} must be a list of words.` });
          return z.NEVER;
        }
        const word = part.trim().replace(/\s+/g, ' ');
        if (word.length > 80) {
          ctx.addIssue({ code: 'custom', message: `A keyword in ${field} is at most 80 characters.` });
          return z.NEVER;
        }
        if (word && !words.some((w) => w.toLowerCase() === word.toLowerCase())) words.push(word);
      }
      if (words.length > MAX_KEYWORDS) {
        ctx.addIssue({ code: 'custom', message: `${field} holds at most ${MAX_KEYWORDS} words.` });
        return z.NEVER;
      }
      return words;
    });

/** A content source of a campaign: `global` (the whole global pool) or a source id, as the explorer names them. */
const campaignSourceSchema = z.union([z.literal('global'), z.number().int().positive().max(2_147_483_647)]);
export type CampaignSource = z.infer<typeof campaignSourceSchema>;

/**
 * advanced_search: a JSON object text {include_sources, exclude_sources, include_keywords, exclude_keywords}.
 * Sources are ids or `global`, as in the content explorer's advanced search (articles/'s include_sources).
 */
const advancedSearchObject = z
  .object({
    include_sources: z.array(campaignSourceSchema).max(200).optional(),
    exclude_sources: z.array(campaignSourceSchema).max(200).optional(),
    include_keywords: z.array(z.string().max(80)).max(MAX_KEYWORDS).optional(),
    exclude_keywords: z.array(z.string().max(80)).max(MAX_KEYWORDS).optional(),
  })
  .strict();
export type AdvancedSearch = z.infer<typeof advancedSearchObject>;

/** Reads advanced_search (JSON text or an object) into the stored shape, or adds the issue saying why not. */
function readAdvancedSearch(value: string | Record<string, unknown>, ctx: z.RefinementCtx): AdvancedSearch {
  if (typeof value === 'string' && value.trim() === '') return {};
  let parsed: unknown = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'advanced_search is not valid JSON.' });
      return z.NEVER;
    }
  }
  const result = advancedSearchObject.safeParse(parsed);
  if (!result.success) {
    ctx.addIssue({
      code: 'custom',
      message:
        'advanced_search must be an object of include_sources, exclude_sources (source ids or global), include_keywords and exclude_keywords (words).',
    });
    return z.NEVER;
  }
  return result.data;
}

const advancedSearchInput = z.union([z.string(), z.record(z.string(), z.unknown())], {
  error: 'advanced_search must be a JSON object.',
});

export const advancedSearchSchema = advancedSearchInput
  .optional()
  .transform((value, ctx): AdvancedSearch => (value === undefined ? {} : readAdvancedSearch(value, ctx)));

/** update_campaign/'s advanced_search: absent leaves the stored one; given (even `{}`) replaces it. */
const replacingAdvancedSearchSchema = advancedSearchInput
  .optional()
  .transform((value, ctx): AdvancedSearch | undefined =>
    value === undefined ? undefined : readAdvancedSearch(value, ctx),
  );

export const getCampaignsQuerySchema = z.object({
  offset: offsetField(),
  limit: limitField(100, CAMPAIGN_PAGE_SIZE),
  user_id: optionalIdFieldSchema('user_id'),
  email_type: emailTypeFilterSchema,
  search_campaign: searchFieldSchema('search_campaign'),
  list_only: booleanFieldSchema('list_only').optional(),
});

export const createCampaignBodySchema = z.object({
  campaign_name: campaignNameSchema(),
  keywords: keywordsSchema('keywords'),
  contact_ids: idListFieldSchema('contact_ids'),
  list_ids: idListFieldSchema('list_ids'),
  advanced_search: advancedSearchSchema,
  include_sources: sourceListFieldSchema('include_sources'),
  exclude_sources: sourceListFieldSchema('exclude_sources'),
  include_keywords: keywordsSchema('include_keywords'),
  exclude_keywords: keywordsSchema('exclude_keywords'),
});
export type CreateCampaignInput = z.infer<typeof createCampaignBodySchema>;

export const updateCampaignBodySchema = z
  .object({
    campaign_id: positiveIdField('campaign_id'),
    name: campaignNameSchema('name').optional(),
    /** The campaign's content sources and keywords (its source step); replaces the stored ones. */
    advanced_search: replacingAdvancedSearchSchema,
  })
  .refine((body) => body.name !== undefined || body.advanced_search !== undefined, {
    message: 'Give the campaign a new name or its content sources (advanced_search).',
  });
export type UpdateCampaignInput = z.infer<typeof updateCampaignBodySchema>;
export const deleteCampaignBodySchema = z.object({
  campaign_id: positiveIdField('campaign_id'),
  /** 1: change nothing, answer what the deletion would take with it. */
  dry_run: booleanFieldSchema('dry_run').optional(),
});
export const campaignIdParamsSchema = z.object({ id: positiveIdField('id') });
export const pageQuerySchema = z.object({
  offset: offsetField(),
  limit: limitField(100, EMAIL_PAGE_SIZE),
  search: searchFieldSchema('search'),
});

export const createEmailBodySchema = z.object({
  email_name: emailNameSchema().optional(),
  email_id: optionalIdFieldSchema('email_id'),
  clone_only: booleanFieldSchema('clone_only').optional(),
  campaign_id: optionalIdFieldSchema('campaign_id'),
  template_id: optionalIdFieldSchema('template_id'),
  email_type: newEmailTypeSchema,
  create_campaign_flag: booleanFieldSchema('create_campaign_flag').optional(),
  campaign_name: campaignNameSchema().optional(),
  keywords: keywordsSchema('keywords'),
  contact_ids: idListFieldSchema('contact_ids'),
  list_ids: idListFieldSchema('list_ids'),
  advanced_search: advancedSearchSchema,
});
export type CreateEmailInput = z.infer<typeof createEmailBodySchema>;

export const updateEmailBodySchema = z.object({
  /** The email; or generation_id: an AI email (its variants together). */
  email_id: optionalIdFieldSchema('email_id'),
  generation_id: optionalIdFieldSchema('generation_id'),
  /** What the screen did (kept by nobody; accepted). */
  event_type: z.string().max(60).optional(),
  email_name: emailNameSchema().optional(),
  /** Moves the email to this campaign of the organisation. */
  campaign_id: optionalIdFieldSchema('campaign_id'),
  /** Moves the email to a new campaign made on the way (campaign_name, keywords, contact_ids, list_ids). */
  create_campaign_flag: booleanFieldSchema('create_campaign_flag').optional(),
  campaign_name: campaignNameSchema().optional(),
  keywords: keywordsSchema('keywords'),
  contact_ids: idListFieldSchema('contact_ids'),
  list_ids: idListFieldSchema('list_ids'),
  subject: z
    .string({ error: 'subject must be text.' })
    .transform((value) => value.trim())
    .pipe(
      z
        .string()
        .min(1, 'Give the email a subject.')
        .max(MAX_SUBJECT, `A subject is at most ${MAX_SUBJECT} characters.`),
    )
    .optional(),
});
export type UpdateEmailInput = z.infer<typeof updateEmailBodySchema>;
export const deleteEmailBodySchema = z.object({
  /** The email; or generation_id: an AI email with all its variants. */
  email_id: optionalIdFieldSchema('email_id'),
  generation_id: optionalIdFieldSchema('generation_id'),
  campaign_id: optionalIdFieldSchema('campaign_id'),
  event_type: z.string().max(60).optional(),
});
export const versionsQuerySchema = z.object({ email_id: positiveIdField('email_id') });
export const assetIdBodySchema = z.object({ asset_id: positiveIdField('asset_id') });
export const editionIdBodySchema = z.object({ edition_id: positiveIdField('edition_id') });
export const emailBrowserQuerySchema = z.object({
  offset: offsetField(),
  limit: limitField(100, EMAIL_PAGE_SIZE),
  search: searchFieldSchema('search'),
  email_type: emailTypeFilterSchema,
  campaign_id: optionalIdFieldSchema('campaign_id'),
});
