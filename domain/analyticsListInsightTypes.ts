import type { AnalyticsPeriod, EventCounts, EventRates } from './analyticsTypes.ts';

/** A list of the organisation with what was sent to it in the period (list_sends), and its rates. */
export type ListAnalyticsRow = EventCounts &
  EventRates & {
    list_id: number;
    list_name: string;
    /** Its contacts the selection's emails were sent to, for the list, in the period. */
    contacts: number;
  };

/** One of an account's contacts, by their engagement this week. */
export type InsightContact = {
  contact_id: number;
  contact_name: string;
  contact_email: string;
  this_week: number;
};

/** An account whose engagement (first opens plus first clicks of its contacts) moved this week. */
export type AccountInsightRow = {
  account_id: number;
  account_name: string;
  this_week: number;
  last_week: number;
  /** this_week − last_week. */
  change: number;
  /** Its three most engaged contacts this week. */
  top_contacts: InsightContact[];
};

/** The week an insight compares (organisation days, both ends included) and the week before it. */
export type InsightWeeks = {
  this_week: { start_date: string; end_date: string };
  last_week: { start_date: string; end_date: string };
  time_zone: string;
};

/** The answer contracts of the lists and insights calls, by call name (ServiceAnswer). */
export type AnalyticsListInsightAnswers = {
  lists_analytics: { total_count: number; data: ListAnalyticsRow[]; period: AnalyticsPeriod };
  weekly_account_insights: { total_count: number; data: AccountInsightRow[]; weeks: InsightWeeks };
};
