import { useEffect, useState } from 'react';
import { normaliseUnsubUuid } from '../domain/preferenceMessages.ts';
import type { RecipientDetails } from '../domain/preferenceSchemas.ts';
import type { PreferenceClient } from './preferenceClient.ts';

/** What the unsubscribe and resubscribe pages know of the recipient (for the footer and unknown ids). */
export type RecipientLookup =
  | { state: 'loading' }
  | { state: 'found'; details: RecipientDetails }
  | { state: 'not-valid' }
  /** The lookup failed (network): the page still works, with the default footer. */
  | { state: 'unavailable' };

function lookupOf(details: RecipientDetails | null): RecipientLookup {
  return details ? { state: 'found', details } : { state: 'not-valid' };
}

/**
 * The recipient behind the page: what the server rendered the page with (`initial`: the record, or null
 * for an unknown id), else get_recipient_details/ read once. A malformed id is not valid at once.
 */
export function useRecipientDetails(
  client: PreferenceClient,
  unsubId: string,
  initial?: RecipientDetails | null,
): RecipientLookup {
  const wellFormed = normaliseUnsubUuid(unsubId) !== null;
  const rendered = initial !== undefined;
  const [lookup, setLookup] = useState<RecipientLookup>(() => {
    if (!wellFormed) return { state: 'not-valid' };
    return rendered ? lookupOf(initial) : { state: 'loading' };
  });
  useEffect(() => {
    if (!wellFormed || rendered) return;
    let live = true;
    client.getRecipientDetails(unsubId).then(
      (details) => {
        if (live) setLookup(lookupOf(details));
      },
      () => {
        if (live) setLookup({ state: 'unavailable' });
      },
    );
    return () => {
      live = false;
    };
  }, [client, unsubId, wellFormed, rendered]);
  return lookup;
}
