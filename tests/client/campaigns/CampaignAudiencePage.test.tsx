import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CampaignAudience } from '../../../domain/campaignAudience.ts';
import { audienceApi } from '../../../src/api/audienceApi.ts';
import { campaignApi } from '../../../src/api/campaignApi.ts';
import { CampaignAudiencePage } from '../../../src/modules/campaigns/components/CampaignAudiencePage.tsx';
import { ToastProvider } from '../../../src/ui/ToastProvider.tsx';
import { renderAtRoute } from '../renderAtRoute.tsx';

afterEach(cleanup);
const SLOW = { timeout: 5000 };

const SAVED: CampaignAudience = {
  campaign_id: 7,
  campaign_name: 'Spring launch',
  lists: [{ list_id: 3, list_name: 'Customers', total_contacts: 40 }],
  contacts: [{ contact_id: 9, full_name: 'Ada Byron', contact_email: 'ada@example.com' }],
  recipients: { count: 41, excluded: { unsubscribed: 2, bounced: 0, no_consent: 0 } },
};
const LISTS = [
  { list_id: 3, list_name: 'Customers', totalContacts: 40 },
  { list_id: 4, list_name: 'Prospects', totalContacts: 12 },
];

function open(campaignId: number | null, save = vi.fn(async () => SAVED)) {
  const count = vi.fn(async ({ listIds }: { listIds: number[] }) => ({
    count: listIds.length * 20,
    excluded: { unsubscribed: 0, bounced: 0, no_consent: 0 },
  }));
  renderAtRoute({
    path: '/campaigns/editionedit/audience',
    at: '/campaigns/editionedit/audience',
    component: () => (
      <ToastProvider>
        <CampaignAudiencePage campaignId={campaignId} />
      </ToastProvider>
    ),
    services: {
      campaignApi: {
        ...campaignApi,
        campaignAudience: vi.fn(async () => SAVED),
        saveCampaignAudience: save,
        campaignRecipientsCount: count as never,
      },
      audienceApi: {
        ...audienceApi,
        listLists: vi.fn(async () => ({ total_count: LISTS.length, data: LISTS })) as never,
        listPeople: vi.fn(async () => ({ total_count: 0, has_more: false, data: [] })) as never,
      },
    },
  });
  return { save, count };
}

describe('/campaigns/editionedit/audience', () => {
  it('shows the saved lists and contacts, counts a change again, and saves the audience whole', async () => {
    const { save, count } = open(7);
    expect(await screen.findByRole('heading', { name: 'Audience of “Spring launch”' }, SLOW)).toBeTruthy();
    const chosenLists = screen.getByRole('list', { name: 'Chosen lists' });
    expect(within(chosenLists).getByRole('checkbox', { name: 'Customers (40)' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Ada Byron <ada@example.com>' })).toBeTruthy();
    expect(screen.getByText('Saved.')).toBeTruthy();

    fireEvent.click(await screen.findByRole('checkbox', { name: 'Prospects (12)' }, SLOW));
    expect(screen.getByText('Not saved yet.')).toBeTruthy();
    await waitFor(
      () => expect(screen.getByTestId('recipients-count').textContent).toMatch(/40 people/),
      SLOW,
    );
    expect(count).toHaveBeenLastCalledWith(
      { campaignId: 7, listIds: [3, 4], contactIds: [9] },
      expect.any(AbortSignal),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Save audience' }));
    await waitFor(() =>
      expect(save).toHaveBeenCalledWith(
        { campaignId: 7, listIds: [3, 4], contactIds: [9] },
        expect.any(AbortSignal),
      ),
    );
  });

  it('says so when no campaign is named', async () => {
    open(null);
    expect(await screen.findByText('No campaign chosen', undefined, SLOW)).toBeTruthy();
  });
});
