import type { ConsentLedgerEntry } from '../../domain/preferenceSchemas.ts';
import { serviceClient } from './serviceClient.ts';

const client = serviceClient('preference');

/**
 * Preference service as the signed-in workbench calls it. The recipients' own calls
 * are made by the public pages (public-pages/preferenceClient.ts).
 */
export const preferenceApi = {
  ...client,
  /**
   * One recipient's consent ledger, oldest first (GET consent_ledger/): a recipient of the user's own
   * organisation only. An unknown id fails with HTTP 404, handled by the screen (no global error state).
   */
  consentLedger: (unsubUuid: string, signal?: AbortSignal) =>
    client.get<{ success: true; data: ConsentLedgerEntry[] }>('consent_ledger/', {
      query: { unsub_uuid: unsubUuid },
      signal,
      errorCatalogue: false,
    }),
};

export type PreferenceApi = typeof preferenceApi;
