import { useMatch, useRouter, useSearch } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import {
  type AnalyticsFilterSet,
  type AnalyticsFilterState,
  analyticsFilterReducer,
  type FilterEvent,
} from '../../../../domain/analyticsFilter.ts';
import {
  ANALYTICS_FILTER_PARAMS,
  type AnalyticsQuery,
  addressCarries,
  analyticsQueryOf,
  filterFromSaved,
  filterFromSearch,
  filterToSearch,
  workflowQueryOf,
} from '../../../../domain/analyticsFilterSearch.ts';
import { dateOptionLabel, localToday } from '../../../../domain/analyticsPeriod.ts';
import { useServices } from '../../shared/hooks/ServicesContext.ts';
import { useLoad } from '../../shared/hooks/useLoad.ts';
import { useRequest } from '../../shared/hooks/useRequest.ts';

/** The address's filter parameters (removed before the applied filter's are written). */
const FILTER_KEYS: readonly string[] = ANALYTICS_FILTER_PARAMS;

export type AnalyticsFilter = {
  state: AnalyticsFilterState;
  send: (event: FilterEvent) => void;
  /** What the reports ask for: the applied filter's days and choice. */
  query: AnalyticsQuery;
  /** What workflow reports ask for: the applied filter in workflow mode (all time unless chosen). */
  workflowQuery: AnalyticsQuery;
  /** Why the address's saved filter (fs_id) could not be opened, if it could not. */
  savedFilterError: string | null;
};

const fsIdOf = (value: unknown) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
};

/** A filter's address parameters (one id or a flag as a number: campaign_id=4, not campaign_id="4"). */
function addressOf(set: AnalyticsFilterSet, fsId: number | null): Record<string, string | number> {
  const params: Record<string, string | number> = Object.fromEntries(
    Object.entries(filterToSearch(set)).map(([key, value]) => [
      key,
      /^\d+$/.test(value) ? Number(value) : value,
    ]),
  );
  if (fsId !== null) params.fs_id = fsId;
  return params;
}

/**
 * The analytics filter of the area: the selected set (edited in the filter dialog) and the applied set
 * (what the reports show), by the React-free rules of domain/analyticsFilter.ts. The applied set is
 * written to the address, so a report is a link and Back returns to the previous filter; a filter the
 * parameters cannot carry (emails chosen with Select all, a search or exclusions) is kept as a saved
 * filter (save_filter/) whose id goes as fs_id. An address changed from outside is followed, an fs_id
 * read back (GET save_filter/).
 */
export function useAnalyticsFilter(): AnalyticsFilter {
  const { analyticsApi } = useServices();
  const router = useRouter();
  const pathname = useMatch({ strict: false, select: (match) => match.pathname });
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const addressFsId = fsIdOf(search.fs_id);
  const fromAddress = filterFromSearch(search);
  const addressKey = JSON.stringify({ ...filterToSearch(fromAddress), fs_id: addressFsId });
  const [state, send] = useReducer(analyticsFilterReducer, undefined, () => ({
    selected: fromAddress,
    applied: fromAddress,
  }));
  const today = useMemo(() => localToday(), []);
  const savedFilter = useLoad(
    (id: number, signal) => analyticsApi.savedFilter(id, signal),
    'analytics-saved-filter',
  );
  const saver = useRequest(
    (input: { set: AnalyticsFilterSet; json: string }, signal) =>
      analyticsApi
        .saveFilter(
          analyticsQueryOf(input.set, today),
          { value: input.set.option, label: dateOptionLabel(input.set.option) },
          signal,
        )
        .then((answer) => ({ id: answer.id, json: input.json })),
    'analytics-save-filter',
  );
  const { submit } = saver;

  // The saved filter standing for the applied one: its id and the filter it keeps. A save's answer is
  // taken once, so a saved filter read back later stays.
  const saved = useRef<{ id: number; set: string } | null>(null);
  const consumed = useRef<unknown>(null);
  const savedAnswer = saver.data;
  if (savedAnswer && consumed.current !== savedAnswer) {
    consumed.current = savedAnswer;
    saved.current = { id: savedAnswer.id, set: savedAnswer.json };
  }
  const appliedJson = JSON.stringify(state.applied);
  // The applied filter when the address's saved filter could not be read back.
  const failedWith = useRef<string | null>(null);
  if (savedFilter.status !== 'failure') failedWith.current = null;
  else failedWith.current ??= appliedJson;
  // null: the parameters carry it; undefined: not saved yet.
  const appliedFsId = addressCarries(state.applied)
    ? null
    : saved.current?.set === appliedJson
      ? saved.current.id
      : undefined;
  const appliedKey = JSON.stringify({ ...filterToSearch(state.applied), fs_id: appliedFsId ?? null });
  const appliedKeyRef = useRef(appliedKey);
  appliedKeyRef.current = appliedKey;

  // An address changed from outside (a link, Back) is followed; its fs_id is read back.
  // biome-ignore lint/correctness/useExhaustiveDependencies: followed when the address's filter changes
  useEffect(() => {
    if (addressKey === appliedKeyRef.current) return;
    if (addressFsId !== null) {
      if (saved.current?.id !== addressFsId) savedFilter.load(addressFsId);
      else send({ type: 'follow', set: JSON.parse(saved.current.set) as AnalyticsFilterSet });
      return;
    }
    send({ type: 'follow', set: filterFromSearch(search) });
  }, [addressKey]);

  // A saved filter read back becomes the filter.
  useEffect(() => {
    const answer = savedFilter.data;
    if (!answer) return;
    const set = filterFromSaved(answer.data.saved_data);
    saved.current = { id: answer.data.id, set: JSON.stringify(set) };
    send({ type: 'follow', set });
  }, [savedFilter.data]);

  const addressKeyRef = useRef(addressKey);
  addressKeyRef.current = addressKey;
  // A filter applied here is written to the address (a new history entry: Back undoes it); one the
  // parameters cannot carry is saved first.
  // biome-ignore lint/correctness/useExhaustiveDependencies: written when the applied filter or its saved id changes
  useEffect(() => {
    // An fs_id of the address is being read back, or could not be (its notice shows): the address stays
    // as it is until another filter is applied.
    if (
      addressFsId !== null &&
      saved.current?.id !== addressFsId &&
      (savedFilter.status !== 'failure' || appliedJson === failedWith.current)
    )
      return;
    if (appliedFsId === undefined) {
      submit({ set: state.applied, json: appliedJson });
      return;
    }
    if (appliedKey === addressKeyRef.current) return;
    const params = addressOf(state.applied, appliedFsId);
    void router.navigate({
      to: pathname,
      search: (previous: Record<string, unknown>) => ({
        ...Object.fromEntries(Object.entries(previous).filter(([key]) => !FILTER_KEYS.includes(key))),
        ...params,
      }),
      resetScroll: false,
    } as never);
  }, [appliedKey, appliedJson, savedAnswer, savedFilter.status, router, pathname]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the query follows the applied filter's content
  const query = useMemo(() => analyticsQueryOf(state.applied, today), [appliedJson, today]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the query follows the applied filter's content
  const workflowQuery = useMemo(() => workflowQueryOf(state.applied, today), [appliedJson, today]);
  const savedFilterError =
    addressFsId !== null && savedFilter.status === 'failure' ? (savedFilter.error?.message ?? null) : null;
  return {
    state,
    send: useCallback((event: FilterEvent) => send(event), []),
    query,
    workflowQuery,
    savedFilterError,
  };
}
