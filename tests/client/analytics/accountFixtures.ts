import type {
  AccountAnalyticsRow,
  AccountContactRow,
  ContentListingRow,
  EmailEngagementRow,
} from '../../../domain/analyticsAccountTypes.ts';
import type { ServiceAnswer } from '../../../domain/serviceAnswer.ts';
import { statsOf } from './analyticsFixtures.ts';

const PERIOD = { start_date: '2026-09-01', end_date: '2026-11-28', time_zone: 'UTC' };

export function accountRow(id: number, over: Partial<AccountAnalyticsRow> = {}): AccountAnalyticsRow {
  return {
    account_id: id,
    account_name: `Account ${id}`,
    website: null,
    industry: 'Logistics',
    contacts: 4,
    engagement_score: 61,
    sent: 12_400,
    delivered: 12_000,
    opens: 3_100,
    clicks: 240,
    bounced: 2,
    unsubscribed: 1,
    unique_opens: 2_900,
    unique_clicks: 200,
    ...over,
  };
}

export const accountsAnswer = (
  total: number,
  rows: AccountAnalyticsRow[],
): ServiceAnswer<'accounts_listing'> => ({
  success: true,
  total_records: total,
  result: rows,
  period: PERIOD,
});

export function contactRow(id: number): AccountContactRow {
  return {
    contact_id: id,
    contact_name: `Person ${id}`,
    contact_email: `person${id}@acme.test`,
    designation: 'Buyer',
    status: 'Subscribed',
    engagement_score: 40 + (id % 50),
    sent: 6,
    opens: 3,
    clicks: 1,
    last_activity: '2026-11-20T10:00:00.000Z',
  };
}

/** The account dashboard of Acme Logistics (45 contacts), with the page of contacts asked for. */
export function detailsAnswer(page: { limit: number; offset: number }): ServiceAnswer<'account_details'> {
  // An account's stats count no accounts reached (the service sends none).
  const { total_accounts: _, ...accountStats } = statsOf({
    sent: 300,
    delivered: 290,
    unique_opens: 120,
    total_contacts: 45,
  });
  const contacts = Array.from({ length: 45 }, (_, i) => contactRow(i + 1));
  return {
    success: true,
    data: {
      company_id: 9,
      company_name: 'Acme Logistics',
      company_website: 'https://acme.test',
      industry: 'Logistics',
      revenue: '$10M-$50M',
      engagement_score: 1234,
      account_stats: accountStats,
      account_contacts: {
        total_count: contacts.length,
        data: contacts.slice(page.offset, page.offset + page.limit),
      },
      period: PERIOD,
    },
  };
}

export function emailRow(id: number): EmailEngagementRow {
  return {
    email_id: id,
    email_name: `Digest ${id}`,
    subject: 'News',
    campaign_id: 3,
    campaign_name: 'Autumn launch',
    contacts: 12,
    status: 'Clicked',
    sent: 12,
    delivered: 12,
    opens: 7,
    clicks: 2,
    unique_opens: 6,
    unique_clicks: 2,
    sent_at: '2026-11-02T09:00:00.000Z',
    first_open_at: null,
    first_click_at: null,
  };
}

/** An article clicked by `clickedBy` contacts; the card carries the first five. */
export function articleRow(id: number, clickedBy = 7): ContentListingRow {
  return {
    article_id: id,
    articleId: id,
    article_title: `Article ${id}`,
    article_url: `https://news.test/${id}`,
    website: 'news.test',
    image_url: null,
    clicks: clickedBy * 2,
    clicked_by: clickedBy,
    first_click_at: '2026-10-01T09:00:00.000Z',
    last_click_at: '2026-11-01T09:00:00.000Z',
    clickedBy: {
      contacts: Array.from({ length: Math.min(5, clickedBy) }, (_, i) => ({
        contact_id: 100 + i,
        contactName: i === 0 ? 'Ada Lovelace' : `Reader ${i}`,
        contactEmail: `reader${i}@news.test`,
        clickCount: 5 - i,
      })),
    },
  };
}

export const contentAnswer = (
  total: number,
  rows: ContentListingRow[],
): ServiceAnswer<'content_listing'> => ({
  success: true,
  total_count: total,
  total_articles_count: total,
  total_article_score: 1_234,
  data: rows,
  period: PERIOD,
});
