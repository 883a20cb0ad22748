import type { PreferenceClient } from './preferenceClient.ts';
import type { Navigate } from './publicNavigation.ts';
import { SubscriptionPage } from './SubscriptionPage.tsx';

/** /resub/i2c/{unsubid}: resubscribes, stays, and says "You have been resubscribed.". */
export function ResubscribePage(props: { unsubId: string; client: PreferenceClient; navigate: Navigate }) {
  return <SubscriptionPage {...props} action="resubscribe" />;
}
