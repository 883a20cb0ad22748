import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt } from './columns.ts';

/** The analytics read model (m0040; kept by server/services/analytics/, docs/analytics.md), saved filters and exports. */

type Count = ColumnType<number, number | undefined, number>;
type OptionalMoment = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type EventId = ColumnType<string | number, string | number, string | number>;

/** Counted events of one organisation day and edition (duplicates once); uniques: first touches that day. */
export type AnalyticsDayTotalsTable = {
  org_id: number;
  /** The day in the organisation's time zone (YYYY-MM-DD). */
  day: ColumnType<string, string, string>;
  email_id: number;
  version_id: number | null;
  campaign_id: number | null;
  workflow_id: number | null;
  is_test: boolean;
  sent: Count;
  delivered: Count;
  opened: Count;
  clicked: Count;
  bounced: Count;
  unsubscribed: Count;
  unique_opens: Count;
  unique_clicks: Count;
};

/** One contact and email: delivery state, counted events, first open and click (uniques are row counts). */
export type AnalyticsContactEmailTable = {
  org_id: number;
  contact_id: number;
  email_id: number;
  is_test: boolean;
  /** Of the latest event (by time, then id). */
  account_id: number | null;
  campaign_id: number | null;
  version_id: number | null;
  workflow_id: number | null;
  last_event_id: EventId;
  last_event_at: ColumnType<Date, Date | string, Date | string>;
  sent: Count;
  delivered: Count;
  opened: Count;
  clicked: Count;
  bounced: Count;
  unsubscribed: Count;
  first_sent_at: OptionalMoment;
  last_sent_at: OptionalMoment;
  delivered_at: OptionalMoment;
  bounced_at: OptionalMoment;
  unsubscribed_at: OptionalMoment;
  first_open_at: OptionalMoment;
  first_open_event_id: ColumnType<
    string | number | null,
    string | number | null | undefined,
    string | number | null
  >;
  first_click_at: OptionalMoment;
  first_click_event_id: ColumnType<
    string | number | null,
    string | number | null | undefined,
    string | number | null
  >;
};

/** The counted clicks of one article by one contact. */
export type AnalyticsArticleContactTable = {
  org_id: number;
  article_id: number;
  contact_id: number;
  is_test: boolean;
  account_id: number | null;
  clicks: Count;
  first_click_at: ColumnType<Date, Date | string, Date | string>;
  last_click_at: ColumnType<Date, Date | string, Date | string>;
  last_event_id: EventId;
};

/** How far the rollups have read email_event (one row). */
export type AnalyticsProgressTable = {
  id: ColumnType<number, number | undefined, number>;
  last_event_id: EventId;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
};
/** A saved analytics filter (m0041): fs_id in a report's address. */
export type AnalyticsSavedFilterTable = {
  id: Generated<number>;
  org_id: number;
  user_id: number | null;
  name: string;
  saved_data: ColumnType<Record<string, unknown>, string, string>;
  is_temporary: boolean;
  created_at: CreatedAt;
  last_used_at: ColumnType<Date, Date | string | undefined, Date | string>;
};
/** An analytics export (m0042): a report written to DATA_DIR/exports by a job, kept 7 days. */
export type AnalyticsExportTable = {
  id: Generated<number>;
  org_id: number;
  user_id: number;
  report: string;
  format: 'csv' | 'xlsx';
  params: ColumnType<Record<string, unknown>, string, string>;
  status: ColumnType<
    'queued' | 'ready' | 'failed',
    'queued' | 'ready' | 'failed' | undefined,
    'queued' | 'ready' | 'failed'
  >;
  token_hash: string | null;
  file_name: string | null;
  rows: number | null;
  error: string | null;
  created_at: CreatedAt;
  expires_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
};
