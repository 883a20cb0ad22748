import { z } from 'zod';
import {
  ANALYTICS_MAX_LIMIT,
  ANALYTICS_PAGE_SIZE,
  analyticsSelectionShape,
  exportFields,
  flag,
  optionalId,
} from './analyticsSchemas.ts';
import { listNameSchema } from './audienceListSchemas.ts';
import { limitField, offsetField } from './wholeNumberField.ts';
import { idFieldSchema, searchFieldSchema } from './workflowFormFields.ts';

/** The contact tabs of analytics, each with its own sort, page and total. */
export const CONTACT_TABS = ['delivered', 'bounced', 'unsubscribed', 'all_contacts'] as const;
export type ContactTab = (typeof CONTACT_TABS)[number];

export const CONTACT_SORTS = [
  'contact_name',
  'contact_email',
  'company_name',
  'sent',
  'opens',
  'clicks',
  'last_activity',
] as const;
export type ContactSort = (typeof CONTACT_SORTS)[number];

/** contacts_by_filter: every contact of the tab, or those that opened, clicked, or did not. */
export const CONTACT_ENGAGEMENT = ['all', 'opened', 'clicked', 'not_opened', 'not_clicked'] as const;
/** A contact tab narrowed by bounces: every contact, those a send of the period bounced for, or the others. */
export const CONTACT_BOUNCES = ['all', 'bounced', 'not_bounced'] as const;

/** sort_type: ASC, DESC or NOSORT ('none' too: the client's "no sort"). */
export const sortTypeField = (field: string) =>
  z
    .enum(['ASC', 'DESC', 'NOSORT', 'asc', 'desc', 'none'], {
      error: `${field} must be ASC, DESC or NOSORT.`,
    })
    .optional()
    .transform((v): 'ASC' | 'DESC' | 'NOSORT' =>
      v === 'ASC' || v === 'asc' ? 'ASC' : v === 'DESC' || v === 'desc' ? 'DESC' : 'NOSORT',
    );

const paging = {
  limit: limitField(ANALYTICS_MAX_LIMIT, ANALYTICS_PAGE_SIZE),
  offset: offsetField(),
};

/** What narrows the contact tabs, shared by contacts_listing/ and contact_listing_tab_counts/. */
const contactFilterShape = {
  ...analyticsSelectionShape,
  search_word: searchFieldSchema('search_word'),
  account_id: optionalId('account_id'),
  article_id: optionalId('article_id'),
  article_url: z.string().max(2000, 'article_url is too long.').optional(),
  contacts_by_filter: z
    .enum(CONTACT_ENGAGEMENT, {
      error: 'contacts_by_filter must be all, opened, clicked, not_opened or not_clicked.',
    })
    .optional()
    .default('all'),
};

export const contactsListingBodySchema = z.object({
  ...contactFilterShape,
  ...paging,
  tab: z
    .enum(CONTACT_TABS, { error: 'tab must be delivered, bounced, unsubscribed or all_contacts.' })
    .optional()
    .default('all_contacts'),
  sort_by: z.enum(CONTACT_SORTS, { error: `sort_by must be one of ${CONTACT_SORTS.join(', ')}.` }).optional(),
  sort_type: sortTypeField('sort_type'),
  bounce_filter: z
    .enum(CONTACT_BOUNCES, { error: 'bounce_filter must be all, bounced or not_bounced.' })
    .optional()
    .default('all'),
  ...exportFields,
  /** Makes a list of every contact of the tab (not only the page), named list_name. */
  list_create: flag('list_create'),
  list_name: listNameSchema('list_name').optional(),
});
export type ContactsListingBody = z.output<typeof contactsListingBodySchema>;

export const contactTabCountsBodySchema = z.object({ ...contactFilterShape, ...paging });
export type ContactTabCountsBody = z.output<typeof contactTabCountsBodySchema>;

export const contactIdBodySchema = z.object({ contact_id: idFieldSchema('contact_id'), ...paging });

export const EMAIL_ENGAGEMENT_SORTS = ['email_name', 'campaign_name', 'sent_at', 'opens', 'clicks'] as const;
export const EMAIL_ENGAGEMENT_STATUSES = [
  'all',
  'delivered',
  'bounced',
  'unsubscribed',
  'opened',
  'clicked',
] as const;

const emailEngagementShape = {
  ...analyticsSelectionShape,
  ...paging,
  search_term: searchFieldSchema('search_term'),
  status: z
    .enum(EMAIL_ENGAGEMENT_STATUSES, {
      error: `status must be one of ${EMAIL_ENGAGEMENT_STATUSES.join(', ')}.`,
    })
    .optional()
    .default('all'),
  sort_by: z
    .enum(EMAIL_ENGAGEMENT_SORTS, { error: `sort_by must be one of ${EMAIL_ENGAGEMENT_SORTS.join(', ')}.` })
    .optional(),
  sort_type: sortTypeField('sort_type'),
  email_by_unique_opens: flag('email_by_unique_opens'),
  email_by_unique_clicks: flag('email_by_unique_clicks'),
  ...exportFields,
};

export const contactEmailEngagementBodySchema = z.object({
  contact_id: idFieldSchema('contact_id'),
  ...emailEngagementShape,
});
export const accountEmailEngagementBodySchema = z.object({
  account_id: idFieldSchema('account_id'),
  ...emailEngagementShape,
});
export type EmailEngagementBody =
  | z.output<typeof contactEmailEngagementBodySchema>
  | z.output<typeof accountEmailEngagementBodySchema>;

export const CONTENT_SORTS = ['article_title', 'clicks', 'clicked_by', 'last_click'] as const;
const contentSortShape = {
  sort_by: z.enum(CONTENT_SORTS, { error: `sort_by must be one of ${CONTENT_SORTS.join(', ')}.` }).optional(),
  order_by: sortTypeField('order_by'),
};

export const contactContentEngagementBodySchema = z.object({
  contact_id: idFieldSchema('contact_id'),
  ...paging,
  ...contentSortShape,
});
export const accountContentEngagementBodySchema = z.object({
  account_id: idFieldSchema('account_id'),
  ...paging,
  ...contentSortShape,
  search_term: searchFieldSchema('search_term'),
});
export const contentListingBodySchema = z.object({
  ...analyticsSelectionShape,
  ...paging,
  ...contentSortShape,
  search_content: searchFieldSchema('search_content'),
  ...exportFields,
});

export const ACCOUNT_SORTS = [
  'account_name',
  'contacts',
  'sent',
  'opens',
  'clicks',
  'engagement_score',
] as const;
export const accountsListingBodySchema = z.object({
  ...analyticsSelectionShape,
  ...paging,
  search_account: searchFieldSchema('search_account'),
  ...exportFields,
  accounts_by_filter: z
    .enum(['all', 'opened', 'clicked'], { error: 'accounts_by_filter must be all, opened or clicked.' })
    .optional()
    .default('all'),
  sort_by: z.enum(ACCOUNT_SORTS, { error: `sort_by must be one of ${ACCOUNT_SORTS.join(', ')}.` }).optional(),
  order_by: sortTypeField('order_by'),
});

export const accountDetailsBodySchema = z.object({
  account_id: idFieldSchema('account_id'),
  ...analyticsSelectionShape,
  ...paging,
});

/** contact_audit_trail/: a contact's activities, a page at a time; no dates is all time. */
export const contactAuditTrailBodySchema = z.object({
  contact_id: idFieldSchema('contact_id'),
  start_date: analyticsSelectionShape.start_date,
  end_date: analyticsSelectionShape.end_date,
  ...paging,
});
