import { useMatch, useRouter, useSearch } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import {
  type AnalyticsFilterState,
  analyticsFilterReducer,
  type FilterEvent,
} from '../../../../domain/analyticsFilter.ts';
import {
  type AnalyticsQuery,
  analyticsQueryOf,
  filterFromSearch,
  filterToSearch,
} from '../../../../domain/analyticsFilterSearch.ts';
import { localToday } from '../../../../domain/analyticsPeriod.ts';

/** The address's filter parameters (removed before the applied filter's are written). */
const FILTER_KEYS = [
  'campaign_id',
  'email_id',
  'workflow_id',
  'test_email',
  'date',
  'start_date',
  'end_date',
];

export type AnalyticsFilter = {
  state: AnalyticsFilterState;
  send: (event: FilterEvent) => void;
  /** What the reports ask for: the applied filter's days and choice. */
  query: AnalyticsQuery;
};

/**
 * The analytics filter of the area: the selected set (edited in the filter dialog) and the applied set
 * (what the reports show), by the React-free rules of domain/analyticsFilter.ts. The applied set is
 * written to the address (a report is a link; Back returns to the previous filter), and an address
 * changed from outside is followed.
 */
export function useAnalyticsFilter(): AnalyticsFilter {
  const router = useRouter();
  const pathname = useMatch({ strict: false, select: (match) => match.pathname });
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const fromAddress = filterFromSearch(search);
  const addressKey = JSON.stringify(filterToSearch(fromAddress));
  const [state, send] = useReducer(analyticsFilterReducer, undefined, () => ({
    selected: fromAddress,
    applied: fromAddress,
  }));
  const appliedKey = JSON.stringify(filterToSearch(state.applied));
  const appliedKeyRef = useRef(appliedKey);
  appliedKeyRef.current = appliedKey;

  // An address changed from outside (a link, Back) is followed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: followed when the address's filter changes
  useEffect(() => {
    if (addressKey !== appliedKeyRef.current) send({ type: 'follow', set: filterFromSearch(search) });
  }, [addressKey]);

  const addressKeyRef = useRef(addressKey);
  addressKeyRef.current = addressKey;
  // A filter applied here is written to the address (a new history entry: Back undoes it).
  useEffect(() => {
    if (appliedKey === addressKeyRef.current) return;
    // One id or a flag is written as a number, so the address reads campaign_id=4, not campaign_id="4".
    const params = Object.fromEntries(
      Object.entries(JSON.parse(appliedKey) as Record<string, string>).map(([key, value]) => [
        key,
        /^\d+$/.test(value) ? Number(value) : value,
      ]),
    );
    void router.navigate({
      to: pathname,
      search: (previous: Record<string, unknown>) => ({
        ...Object.fromEntries(Object.entries(previous).filter(([key]) => !FILTER_KEYS.includes(key))),
        ...params,
      }),
      resetScroll: false,
    } as never);
  }, [appliedKey, router, pathname]);

  const today = useMemo(() => localToday(), []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the query follows the applied filter's content
  const query = useMemo(() => analyticsQueryOf(state.applied, today), [JSON.stringify(state.applied), today]);
  return { state, send: useCallback((event: FilterEvent) => send(event), []), query };
}
