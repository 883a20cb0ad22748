import { accountsListing } from './accountAnalyticsQueries.ts';
import { weeklyAccountInsights } from './accountInsightQueries.ts';
import type { AnalyticsUser, Db } from './analyticsScope.ts';
import { campaignsAnalytics } from './campaignAnalyticsQueries.ts';
import { contactsListing } from './contactAnalyticsQueries.ts';
import { contentListing } from './contentAnalyticsQueries.ts';
import { emailEngagement } from './engagementQueries.ts';
import { listsAnalytics } from './listAnalyticsQueries.ts';
import { dashboardGraph } from './statsQueries.ts';

type Row = Record<string, unknown>;
type Page = { total_count: number; rows: Row[] };
// The request bodies were validated by the report's own schema before they were stored.
// biome-ignore lint/suspicious/noExplicitAny: a stored, already validated request body
type Body = any;

/** A report that can be exported: its file's title, columns (field, heading) and how a page is read. */
export type ExportReport = {
  title: string;
  columns: readonly (readonly [string, string])[];
  page: (db: Db, user: AnalyticsUser, body: Body, limit: number, offset: number) => Promise<Page>;
};

const COUNTS = [
  ['sent', 'Sent'],
  ['delivered', 'Delivered'],
  ['opens', 'Opens'],
  ['unique_opens', 'Unique opens'],
  ['clicks', 'Clicks'],
  ['unique_clicks', 'Unique clicks'],
  ['bounced', 'Bounced'],
  ['unsubscribed', 'Unsubscribed'],
] as const;

const EMAIL_ENGAGEMENT_COLUMNS = [
  ['email_name', 'Email'],
  ['subject', 'Subject'],
  ['campaign_name', 'Campaign'],
  ['status', 'Status'],
  ['contacts', 'Contacts'],
  ['sent_at', 'Sent at'],
  ...COUNTS,
] as const;

/** The reports whose export_analytics writes a file (the call's name is the report's). */
export const EXPORT_REPORTS = {
  analytics_dashboard: {
    title: 'Email analytics',
    columns: [
      ['email_name', 'Email'],
      ['campaign_id', 'Campaign id'],
      ...COUNTS,
      ['open_rate', 'Open rate %'],
      ['click_rate', 'Click rate %'],
    ],
    page: async (db, user, body, limit, offset) => {
      const page = await dashboardGraph(db, user, { ...body, limit, offset }, 'email');
      return { total_count: page.total_count, rows: page.data };
    },
  },
  campaigns_analytics: {
    title: 'Campaign analytics',
    columns: [
      ['campaign_name', 'Campaign'],
      ['emails_count', 'Emails'],
      ['total_contacts', 'Contacts'],
      ['total_sent', 'Sent'],
      ['total_delivered', 'Delivered'],
      ['total_open', 'Opens'],
      ['total_clicks', 'Clicks'],
      ['open_rate', 'Open rate %'],
      ['click_rate', 'Click rate %'],
    ],
    page: async (db, user, body, limit, offset) => {
      const page = await campaignsAnalytics(db, user, { ...body, limit, offset });
      return { total_count: page.total_count, rows: page.data };
    },
  },
  contacts_listing: {
    title: 'Contacts',
    columns: [
      ['contact_name', 'Name'],
      ['contact_email', 'Email'],
      ['company_name', 'Company'],
      ['designation', 'Job title'],
      ['status', 'Status'],
      ['emails', 'Emails'],
      ['sent', 'Sent'],
      ['delivered', 'Delivered'],
      ['opens', 'Opens'],
      ['clicks', 'Clicks'],
      ['bounced', 'Bounced'],
      ['unsubscribed', 'Unsubscribed'],
      ['last_activity', 'Last activity'],
    ],
    page: async (db, user, body, limit, offset) => {
      const page = await contactsListing(db, user, { ...body, limit, offset });
      return { total_count: page.total_count, rows: page.data };
    },
  },
  accounts_listing: {
    title: 'Accounts',
    columns: [
      ['account_name', 'Account'],
      ['website', 'Website'],
      ['industry', 'Industry'],
      ['contacts', 'Contacts'],
      ...COUNTS,
    ],
    page: async (db, user, body, limit, offset) => {
      const page = await accountsListing(db, user, { ...body, limit, offset });
      return { total_count: page.total_records, rows: page.result };
    },
  },
  content_listing: {
    title: 'Content by article',
    columns: [
      ['article_title', 'Article'],
      ['article_url', 'Link'],
      ['clicks', 'Clicks'],
      ['clicked_by', 'Clicked by'],
    ],
    page: async (db, user, body, limit, offset) => {
      const page = await contentListing(db, user, { ...body, limit, offset });
      return { total_count: page.total_count, rows: page.data };
    },
  },
  contact_email_engagement: {
    title: 'Contact email engagement',
    columns: EMAIL_ENGAGEMENT_COLUMNS,
    page: async (db, user, body, limit, offset) => {
      const page = await emailEngagement(
        db,
        user,
        { contactId: body.contact_id },
        { ...body, limit, offset },
      );
      return { total_count: page.total_count, rows: page.data };
    },
  },
  account_email_engagement: {
    title: 'Account email engagement',
    columns: EMAIL_ENGAGEMENT_COLUMNS,
    page: async (db, user, body, limit, offset) => {
      const page = await emailEngagement(
        db,
        user,
        { accountId: body.account_id },
        { ...body, limit, offset },
      );
      return { total_count: page.total_count, rows: page.data };
    },
  },
  lists_analytics: {
    title: 'Lists',
    columns: [
      ['list_name', 'List'],
      ['contacts', 'Contacts'],
      ...COUNTS,
      ['open_rate', 'Open rate %'],
      ['click_rate', 'Click rate %'],
    ],
    page: async (db, user, body, limit, offset) => {
      const page = await listsAnalytics(db, user, { ...body, limit, offset });
      return { total_count: page.total_count, rows: page.data };
    },
  },
  weekly_account_insights: {
    title: 'Weekly account insight',
    columns: [
      ['account_name', 'Account'],
      ['this_week', 'This week'],
      ['last_week', 'Week before'],
      ['change', 'Change'],
      ['top_contacts', 'Top contacts'],
    ],
    page: async (db, user, body, limit, offset) => {
      const page = await weeklyAccountInsights(db, user, { ...body, limit, offset });
      const rows = page.data.map((row) => ({
        ...row,
        top_contacts: row.top_contacts.map((c) => c.contact_name).join(', '),
      }));
      return { total_count: page.total_count, rows };
    },
  },
} satisfies Record<string, ExportReport>;

export type ExportReportName = keyof typeof EXPORT_REPORTS;
