import type { PreferenceClient } from './preferenceClient.ts';
import type { Navigate } from './publicNavigation.ts';
import { SubscriptionPage } from './SubscriptionPage.tsx';

/** /unsub/i2c/{unsubid}: "Are you sure you want to unsubscribe?" then /resub/i2c/{unsubid}. */
export function UnsubscribePage(props: { unsubId: string; client: PreferenceClient; navigate: Navigate }) {
  return <SubscriptionPage {...props} action="unsubscribe" />;
}
