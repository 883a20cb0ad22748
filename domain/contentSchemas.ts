import { z } from 'zod';
import { CONTENT_TABS, CURATION_TARGETS_MAX_LIMIT, CURATION_TARGETS_PAGE_SIZE } from './contentArticles.ts';
import { nameText } from './nameText.ts';
import { limitField, offsetField, positiveIdField } from './wholeNumberField.ts';
import {
  booleanFieldSchema,
  idListFieldSchema,
  optionalIdFieldSchema,
  searchFieldSchema,
} from './workflowFormFields.ts';

/** Query and form schemas of the content explorer and curation calls (server and client). */

const MAX_KEYWORDS = 50;
const MAX_KEYWORD = 100;
const MAX_SOURCES = 500;

/**
 * A list of sources: comma-separated text or repeated parameters, each a source id or `global` (the whole
 * global pool). Duplicates are removed.
 */
export const sourceListFieldSchema = (field: string) =>
  z
    .union([z.string(), z.number(), z.array(z.union([z.string(), z.number()]))], {
      error: `${field} must be a comma-separated list of source ids (or global).`,
    })
    .optional()
    .transform((value, ctx): { global: boolean; ids: number[] } => {
      const parts = (Array.isArray(value) ? value : value === undefined ? [] : [value])
        .flatMap((part) => String(part).split(','))
        .map((part) => part.trim())
        .filter((part) => part !== '');
      if (parts.length > MAX_SOURCES) {
        ctx.addIssue({ code: 'custom', message: `${field} lists at most ${MAX_SOURCES} sources.` });
        return z.NEVER;
      }
      let global = false;
      const ids: number[] = [];
      for (const part of parts) {
        if (part.toLowerCase() === 'global') global = true;
        else if (/^\d{1,10}$/.test(part) && Number(part) >= 1 && Number(part) <= 2_147_483_647)
          ids.push(Number(part));
        else {
          ctx.addIssue({
            code: 'custom',
            message: `${field} must be a comma-separated list of source ids (or global), such as global,4.`,
          });
          return z.NEVER;
        }
      }
      return { global, ids: [...new Set(ids)] };
    });

/** Keywords: comma-separated text or repeated parameters; each trimmed, blanks dropped, case kept. */
export const keywordListFieldSchema = (field: string) =>
  z
    .union([z.string(), z.array(z.string())], { error: `${field} must be a comma-separated list of words.` })
    .optional()
    .transform((value, ctx): string[] => {
      const words = (Array.isArray(value) ? value : value === undefined ? [] : [value])
        .flatMap((part) => part.split(','))
        .map((part) => part.trim().replace(/\s+/g, ' '))
        .filter((part) => part !== '');
      if (words.length > MAX_KEYWORDS || words.some((word) => word.length > MAX_KEYWORD)) {
        ctx.addIssue({
          code: 'custom',
          message: `${field} lists at most ${MAX_KEYWORDS} keywords of at most ${MAX_KEYWORD} characters.`,
        });
        return z.NEVER;
      }
      return [...new Set(words.map((word) => word.toLowerCase()))];
    });

/** A day (YYYY-MM-DD), in the person's time zone; blank: none. */
export const dayFieldSchema = (field: string) =>
  z
    .string({ error: `${field} must be a date such as 2026-11-01.` })
    .optional()
    .transform((value, ctx): string | undefined => {
      const text = (value ?? '').trim();
      if (text === '') return undefined;
      const parsed = Date.parse(`${text}T00:00:00Z`);
      if (
        !/^\d{4}-\d{2}-\d{2}$/.test(text) ||
        Number.isNaN(parsed) ||
        new Date(parsed).toISOString().slice(0, 10) !== text ||
        text < '1900-01-01'
      ) {
        ctx.addIssue({ code: 'custom', message: `${field} must be a date such as 2026-11-01.` });
        return z.NEVER;
      }
      return text;
    });

/** The advanced search and the search word, shared by every article listing. */
export const articleFilterFields = {
  search: searchFieldSchema('search'),
  include_sources: sourceListFieldSchema('include_sources'),
  exclude_sources: sourceListFieldSchema('exclude_sources'),
  include_keywords: keywordListFieldSchema('include_keywords'),
  exclude_keywords: keywordListFieldSchema('exclude_keywords'),
  start_date: dayFieldSchema('start_date'),
  end_date: dayFieldSchema('end_date'),
};

/** campaign_id narrows the previously sent tab to one campaign's sent editions; no other tab takes it. */
export const articlesQuerySchema = z
  .object({
    tab: z
      .enum(CONTENT_TABS, { error: `tab must be one of ${CONTENT_TABS.join(', ')}.` })
      .default('explorer'),
    campaign_id: optionalIdFieldSchema('campaign_id'),
    ...articleFilterFields,
    offset: offsetField(),
    limit: limitField(100, 20),
  })
  .refine((query) => query.campaign_id === null || query.tab === 'previously_sent', {
    message: 'campaign_id is only taken with tab previously_sent.',
    path: ['campaign_id'],
  });

export const previouslySentQuerySchema = z.object({
  ...articleFilterFields,
  offset: offsetField(),
  limit: limitField(100, 20),
});

export const favouriteBodySchema = z.object({
  article_id: positiveIdField('article_id'),
  is_favourite: booleanFieldSchema('is_favourite'),
});

/** A feed address: http or https, no user name or password, at most 2,000 characters. */
export const feedUrlSchema = z
  .string({ error: 'feed_url is required.' })
  .transform((value) => value.trim())
  .pipe(
    z
      .string()
      .min(1, 'feed_url is required.')
      .max(2000, 'feed_url is at most 2,000 characters.')
      .refine((value) => {
        try {
          const url = new URL(value);
          return (
            (url.protocol === 'http:' || url.protocol === 'https:') &&
            url.hostname !== '' &&
            url.username === '' &&
            url.password === ''
          );
        } catch {
          return false;
        }
      }, 'feed_url must be a web address starting with http:// or https://.'),
  );

export const addFeedBodySchema = z.object({
  feed_url: feedUrlSchema,
  name: nameText('name')
    .pipe(z.string().max(120, 'name is at most 120 characters.'))
    .optional()
    .transform((value) => value ?? ''),
});

export const curatedArticlesBodySchema = z
  .object({
    new_article_ids: idListFieldSchema('new_article_ids'),
    email_id: optionalIdFieldSchema('email_id'),
    version_id: optionalIdFieldSchema('version_id'),
    campaign_id: optionalIdFieldSchema('campaign_id'),
  })
  .superRefine((body, ctx) => {
    if (body.new_article_ids.length === 0)
      ctx.addIssue({ code: 'custom', message: 'new_article_ids must name at least one article.' });
    else if (body.new_article_ids.length > 100)
      ctx.addIssue({ code: 'custom', message: 'new_article_ids names at most 100 articles at once.' });
    if (body.email_id === null && body.version_id === null)
      ctx.addIssue({ code: 'custom', message: 'email_id or version_id is required.' });
  });

export const deleteCuratedBodySchema = z.object({
  version_id: positiveIdField('version_id'),
  article_id: positiveIdField('article_id'),
});

export const articlePreviewQuerySchema = z.object({
  article_id: positiveIdField('article_id'),
  version_id: optionalIdFieldSchema('version_id'),
});

export const curationTargetsQuerySchema = z.object({
  search: searchFieldSchema('search'),
  offset: offsetField(),
  limit: limitField(CURATION_TARGETS_MAX_LIMIT, CURATION_TARGETS_PAGE_SIZE),
});

export type ArticleFilters = {
  search: string;
  include_sources: { global: boolean; ids: number[] };
  exclude_sources: { global: boolean; ids: number[] };
  include_keywords: string[];
  exclude_keywords: string[];
  start_date?: string;
  end_date?: string;
};
