import type { RecipientDetails } from '../domain/preferenceSchemas.ts';
import { PREFERENCES_UPDATED_TEXT } from '../domain/publicPageTimings.ts';
import { PublicShell } from './PublicShell.tsx';
import type { PreferenceClient } from './preferenceClient.ts';
import { useRecipientDetails } from './useRecipientDetails.ts';

export const UNSUBSCRIBED_TITLE = 'You are unsubscribed';

export type SuccessPageProps = {
  /** The recipient whose save this confirms (the address's ?u=); null for an address without one. */
  unsubId: string | null;
  client: PreferenceClient;
  /** What the server rendered the page with (undefined on a static host: the page loads it). */
  initialDetails?: RecipientDetails | null;
};

/**
 * /unsub-success?u={unsubid}: where a saved preference page lands. It says what is now true, in the
 * sending organisation's name: unsubscribed from all of its email, or preferences saved; and links back
 * to the preferences. Without a recipient it says the preferences were saved.
 */
export function SuccessPage({ unsubId, client, initialDetails }: SuccessPageProps) {
  const lookup = useRecipientDetails(client, unsubId ?? '', unsubId ? initialDetails : null);
  const details = lookup.state === 'found' ? lookup.details : null;
  const sender = details?.organisation_name || null;
  const unsubscribed = details?.unsub_all === '1';
  return (
    <PublicShell width="box" logoUrl={details?.logo_image_url} organisationName={sender}>
      <div className="pp-check" aria-hidden="true">
        ✓
      </div>
      <h1 className="pp-title">{unsubscribed ? UNSUBSCRIBED_TITLE : 'Preferences saved'}</h1>
      <p className="pp-text">
        {unsubscribed
          ? `You will no longer receive any email from ${sender ?? 'this sender'}.`
          : PREFERENCES_UPDATED_TEXT}
      </p>
      {details ? (
        <p className="pp-text">
          <a href={`/unsub/${encodeURIComponent(details.id)}`}>
            {unsubscribed ? 'Changed your mind? Choose what you receive' : 'See or change your preferences'}
          </a>
        </p>
      ) : null}
    </PublicShell>
  );
}
