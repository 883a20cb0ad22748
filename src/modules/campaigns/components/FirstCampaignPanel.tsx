import { type ReactNode, useEffect } from 'react';
import type { EmailsPage } from '../../../../domain/campaigns.ts';
import { countOf } from '../../../../domain/countOf.ts';
import { StatePanel } from '../../../ui/StatePanel.tsx';
import { useServices } from '../../shared/hooks/ServicesContext.ts';
import { useLoad } from '../../shared/hooks/useLoad.ts';

/**
 * The campaign list of an organisation without campaigns: what a campaign is, the button that makes
 * one, and the emails it already has outside campaigns (a new organisation's starter emails), which a
 * campaign's "New email" can copy.
 */
export function FirstCampaignPanel({ action }: { action: ReactNode }) {
  const api = useServices().campaignApi;
  const outside = useLoad<null, EmailsPage>(
    (_, signal) => api.emailsWithoutCampaign({ offset: 0, limit: 1 }, signal),
    'emailsWithoutCampaign',
  );
  const { load } = outside;
  useEffect(() => load(null), [load]);
  const count = outside.data?.total_count ?? 0;
  return (
    <StatePanel kind="empty" title="Start your first campaign" actions={action}>
      A campaign holds the emails you build from curated content and send to your audience. Create one, then
      add an email to it with New email: start from a template
      {count === 0
        ? '.'
        : count === 1
          ? ', or copy the email you already have outside campaigns.'
          : `, or copy one of the ${countOf(count, 'email', 'emails')} you already have outside campaigns (such as your starter emails).`}
    </StatePanel>
  );
}
