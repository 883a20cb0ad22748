/** The period choices of the analytics filter, in menu order (value as the address carries it). */
export const DATE_OPTIONS = [
  { value: 'all', label: 'All time' },
  { value: 'qtr', label: '1 QTR' },
  { value: 'month', label: 'Month' },
  { value: 'week', label: 'Week' },
  { value: 'day', label: 'Day' },
  { value: 'custom', label: 'Custom' },
] as const;

export type DateOption = (typeof DATE_OPTIONS)[number]['value'];

/** Reports open on one quarter; workflow reports on all time. */
export const DEFAULT_DATE_OPTION: DateOption = 'qtr';
export const WORKFLOW_DATE_OPTION: DateOption = 'all';

/** All time of campaign reports starts on the product's first list day. */
export const ALL_TIME_START = '2018-06-01';

/** How many days (today included) each rolling option covers. */
const ROLLING_DAYS: Partial<Record<DateOption, number>> = { qtr: 90, month: 30, week: 7, day: 1 };

export function isDateOption(value: unknown): value is DateOption {
  return DATE_OPTIONS.some((option) => option.value === value);
}

export function dateOptionLabel(option: DateOption): string {
  return DATE_OPTIONS.find((o) => o.value === option)?.label ?? option;
}

/** The day `days` days after `day` (YYYY-MM-DD; negative goes back). */
export function shiftDay(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Today as YYYY-MM-DD in the browser's time zone. */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export type PeriodChoice = {
  option: DateOption;
  /** Custom only: the first and last day (YYYY-MM-DD). */
  customStart: string | null;
  customEnd: string | null;
};

export type PeriodDates = { startDate: string | null; endDate: string | null };

/**
 * The days a period choice asks for, both ends included: the rolling options end today; All time starts on
 * ALL_TIME_START (workflow reports send no dates: the service counts from their first event); Custom sends
 * its two days in order, or the quarter when either is missing.
 */
export function periodDates(choice: PeriodChoice, today: string, forWorkflows = false): PeriodDates {
  const rolling = ROLLING_DAYS[choice.option];
  if (rolling !== undefined) return { startDate: shiftDay(today, 1 - rolling), endDate: today };
  if (choice.option === 'all')
    return forWorkflows ? { startDate: null, endDate: null } : { startDate: ALL_TIME_START, endDate: today };
  const { customStart, customEnd } = choice;
  if (!customStart || !customEnd)
    return periodDates({ option: DEFAULT_DATE_OPTION, customStart: null, customEnd: null }, today);
  return customStart <= customEnd
    ? { startDate: customStart, endDate: customEnd }
    : { startDate: customEnd, endDate: customStart };
}
