import { z } from 'zod';
import { DATE_OPTIONS, type DateOption, DEFAULT_DATE_OPTION, type PeriodChoice } from './analyticsPeriod.ts';
import { NO_FILTER, NO_SORT, pagedListDefaults, pagedListSearchSchema } from './pagedListSearch.ts';

/** The buyer journey screen's tabs (/buyer-journey/{tab}), in order; a bare /buyer-journey is sources. */
export const JOURNEY_TABS = [
  { tab: 'sources', label: 'Sources' },
  { tab: 'contacts', label: 'Contacts' },
  { tab: 'scoring', label: 'Scoring' },
  { tab: 'tracking', label: 'Tracking' },
] as const;
export type JourneyTab = (typeof JOURNEY_TABS)[number]['tab'];

/** The tab an address names (none: sources), or null for an address that names no tab. */
export function journeyTabOf(tab: string | undefined): JourneyTab | null {
  if (tab === undefined || tab === '') return 'sources';
  return JOURNEY_TABS.find((t) => t.tab === tab)?.tab ?? null;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = z.string().regex(DAY).optional().catch(undefined);
const DATE_VALUES = DATE_OPTIONS.map((o) => o.value) as [DateOption, ...DateOption[]];

export const JOURNEY_LIST_OPTIONS = { filters: NO_FILTER, sorts: NO_SORT };

/**
 * The screen's state in its address, so each view is a link: the contacts list's `q` and `offset` (the
 * one paged list) with `buyer_stage_filter` (one stage's contacts, by its name), and the sources period
 * as analytics writes it (`date`, with `start_date` and `end_date` for Custom). Values of the wrong shape
 * fall back to their defaults, which are left out of addresses.
 */
export const journeyScreenSearchSchema = pagedListSearchSchema(JOURNEY_LIST_OPTIONS).extend({
  buyer_stage_filter: z.string().trim().min(1).max(40).optional().catch(undefined),
  date: z.enum(DATE_VALUES).optional().catch(undefined),
  start_date: day,
  end_date: day,
});
export type JourneyScreenSearch = z.output<typeof journeyScreenSearchSchema>;

/** What a bare address means (stripped from addresses). */
export const JOURNEY_SCREEN_DEFAULTS = pagedListDefaults(JOURNEY_LIST_OPTIONS);

/** The sources period an address names (a quarter by default; Custom with its two days). */
export function journeyPeriodOf(search: JourneyScreenSearch): PeriodChoice {
  const option = search.date ?? DEFAULT_DATE_OPTION;
  return {
    option,
    customStart: option === 'custom' ? (search.start_date ?? null) : null,
    customEnd: option === 'custom' ? (search.end_date ?? null) : null,
  };
}

/** The address's period parameters of a choice (the default quarter left out). */
export function journeyPeriodSearch(
  choice: PeriodChoice,
): Pick<JourneyScreenSearch, 'date' | 'start_date' | 'end_date'> {
  const custom = choice.option === 'custom';
  return {
    date: choice.option === DEFAULT_DATE_OPTION ? undefined : choice.option,
    start_date: custom ? (choice.customStart ?? undefined) : undefined,
    end_date: custom ? (choice.customEnd ?? undefined) : undefined,
  };
}
