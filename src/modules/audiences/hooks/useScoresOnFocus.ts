import { type Dispatch, type SetStateAction, useEffect, useRef } from 'react';
import type { PersonScore } from '../../../../domain/audiencePeople.ts';
import { type PeopleListState, scoresPatched } from '../../../../domain/peopleListState.ts';

/** people_scores/ takes at most this many ids a call. */
const IDS_PER_CALL = 200;

/**
 * Keeps the loaded rows' engagement scores and buyer stages current: the buyer journey moves them in the
 * background (docs/journey.md), so when the user comes back to the window (focus, or the tab shown again)
 * the rows loaded are asked for their score and stage and patched in place: no reload, no lost scroll,
 * selection or "Show more" pages. A failure leaves the rows as they were (the next return tries again).
 */
export function useScoresOnFocus(
  rows: readonly { contact_id: number }[],
  setState: Dispatch<SetStateAction<PeopleListState>>,
  load: (ids: readonly number[], signal: AbortSignal) => Promise<PersonScore[]>,
): void {
  const latest = useRef({ rows, load });
  latest.current = { rows, load };
  useEffect(() => {
    let controller: AbortController | null = null;
    const refresh = async () => {
      if (document.visibilityState === 'hidden') return;
      controller?.abort();
      const mine = new AbortController();
      controller = mine;
      const ids = latest.current.rows.map((row) => row.contact_id);
      try {
        for (let at = 0; at < ids.length; at += IDS_PER_CALL) {
          const scores = await latest.current.load(ids.slice(at, at + IDS_PER_CALL), mine.signal);
          if (mine.signal.aborted) return;
          setState((current) => scoresPatched(current, scores));
        }
      } catch {
        // The rows keep what they showed; the next return to the window asks again.
      }
    };
    window.addEventListener('focus', refresh);
    document.addEventListener('visibilitychange', refresh);
    return () => {
      controller?.abort();
      window.removeEventListener('focus', refresh);
      document.removeEventListener('visibilitychange', refresh);
    };
  }, [setState]);
}
