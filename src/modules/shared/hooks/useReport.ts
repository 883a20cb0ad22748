import { useCallback, useEffect, useRef } from 'react';
import { type LoadRun, type UseLoad, useLoad } from './useLoad.ts';

export type Report<TInput, TOutput> = UseLoad<TInput, TOutput> & {
  /** Asks again for the report of the current query (Try again). */
  retry: () => void;
};

/**
 * One report of a screen (analytics, the buyer journey) through the load machine: loaded when its query changes (a newer query
 * supersedes the load in flight, its request aborted, no error shown), asked again by retry.
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
  const retry = useCallback(() => load(queryRef.current), [load]);
  return { ...report, retry };
}
