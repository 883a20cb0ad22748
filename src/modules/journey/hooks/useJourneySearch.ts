import { useRouter, useSearch } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import {
  type JourneyScreenSearch,
  journeyScreenSearchSchema,
} from '../../../../domain/journeyScreenSearch.ts';

/**
 * The buyer journey's state in the address (journeyScreenSearchSchema), and `patch` to change part of it:
 * written with replace (Back is not a list of choices), keeping the scroll position.
 */
export function useJourneySearch(): {
  search: JourneyScreenSearch;
  patch: (next: Partial<Record<keyof JourneyScreenSearch, string | number | undefined>>) => void;
} {
  const raw = useSearch({ strict: false }) as Record<string, unknown>;
  const key = JSON.stringify(journeyScreenSearchSchema.parse(raw));
  const search = useMemo(() => JSON.parse(key) as JourneyScreenSearch, [key]);
  const router = useRouter();
  const patch = useCallback(
    (next: Partial<Record<keyof JourneyScreenSearch, string | number | undefined>>) => {
      void router.navigate({
        to: router.state.location.pathname,
        search: (previous: Record<string, unknown>) => ({ ...previous, ...next }),
        replace: true,
        resetScroll: false,
      } as never);
    },
    [router],
  );
  return { search, patch };
}
