import { useCallback, useContext, useEffect, useRef } from 'react';
import { ReportRetryGroupContext } from './reportRetryGroup.ts';
import { type LoadRun, type UseLoad, useLoad } from './useLoad.ts';

export type Report<TInput, TOutput> = UseLoad<TInput, TOutput> & {
  /** Asks again for the report of the current query, and for every failed report of its screen (Try again). */
  retry: () => void;
};

/**
 * One report of a screen (analytics, the buyer journey) through the load machine: loaded when its query changes (a newer query
 * supersedes the load in flight, its request aborted, no error shown), asked again by retry, together with
 * the other reports of its screen that failed (one Try again after an outage brings the whole screen back).
 */
export function useReport<TInput, TOutput>(
  run: LoadRun<TInput, TOutput>,
  name: string,
  query: TInput,
): Report<TInput, TOutput> {
  const report = useLoad(run, name);
  const { load } = report;
  const queryRef = useRef(query);
  queryRef.current = query;
  const key = JSON.stringify(query);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the query is read through its key
  useEffect(() => {
    load(queryRef.current);
  }, [key, load]);
  const failedRef = useRef(false);
  failedRef.current = report.status === 'failure';
  const retryThis = useCallback(() => load(queryRef.current), [load]);
  const group = useContext(ReportRetryGroupContext);
  useEffect(() => group?.join({ failed: () => failedRef.current, retry: retryThis }), [group, retryThis]);
  const retry = useCallback(() => (group ? group.retryFailed() : retryThis()), [group, retryThis]);
  return { ...report, retry };
}
