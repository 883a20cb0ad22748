import { useEffect, useState } from 'react';
import { type RecipientDetailsAnswer, unsubUuidSchema } from '../src/domain/preferenceSchemas.ts';
import type { PreferenceClient } from './preferenceClient.ts';

/** What the unsubscribe and resubscribe pages know of the recipient (for the footer and unknown ids). */
export type RecipientLookup =
  | { state: 'loading' }
  | { state: 'found'; details: RecipientDetailsAnswer }
  | { state: 'not-valid' }
  /** The lookup failed (network): the page still works, with the default footer. */
  | { state: 'unavailable' };

/** Reads get_recipient_details/ once for the footer's logo and links; a malformed id is not valid at once. */
export function useRecipientDetails(client: PreferenceClient, unsubId: string): RecipientLookup {
  const wellFormed = unsubUuidSchema.safeParse(unsubId).success;
  const [lookup, setLookup] = useState<RecipientLookup>(
    wellFormed ? { state: 'loading' } : { state: 'not-valid' },
  );
  useEffect(() => {
    if (!wellFormed) return;
    let live = true;
    client.getRecipientDetails(unsubId).then(
      (details) => {
        if (live) setLookup(details.status === 'True' ? { state: 'found', details } : { state: 'not-valid' });
      },
      () => {
        if (live) setLookup({ state: 'unavailable' });
      },
    );
    return () => {
      live = false;
    };
  }, [client, unsubId, wellFormed]);
  return lookup;
}
