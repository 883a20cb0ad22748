import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { fireEvent, render, screen } from '@testing-library/react';
import type { AudienceListsPage } from '../../../domain/audienceLists.ts';
import type {
  EditionSendInfo,
  PreflightResult,
  PublishConfiguration,
  PublishData,
  RecipientsCount,
} from '../../../domain/editionSend.ts';
import { audienceApi } from '../../../src/api/audienceApi.ts';
import { type CampaignApi, campaignApi } from '../../../src/api/campaignApi.ts';
import { type SendApi, sendApi } from '../../../src/api/sendApi.ts';
import { PublishPage } from '../../../src/modules/campaigns/components/PublishPage.tsx';
import { appServices, ServicesContext } from '../../../src/modules/shared/hooks/ServicesContext.ts';
import { parsePlainSearch, stringifyPlainSearch } from '../../../src/router/plainSearch.ts';
import { ToastProvider } from '../../../src/ui/ToastProvider.tsx';

export const SLOW = { timeout: 5000 };
const AT = '/campaigns/editionedit/publish/?campaign_id=3&email_id=4&version_id=5';

export const publishData = (patch: Partial<PublishData> = {}): PublishData => ({
  version_id: 5,
  status: 'draft',
  sender_emails: [
    { id: 1, email: 'news@acme.test', sender_name: 'Acme news', isDefault: true },
    { id: 2, email: 'sales@acme.test', sender_name: 'Acme sales', isDefault: false },
  ],
  sender_address_id: 1,
  sender_name: 'Acme news',
  subject: 'Weekly &#128640; launch',
  list_ids: [],
  contact_ids: [],
  designed: true,
  outlook_configured: true,
  outlook_missing: [],
  outlook_sender_email_address: null,
  outlook_sender_name: null,
  outlook_route: false,
  is_authorized: false,
  connectionError: false,
  outlook_connection_error: null,
  outlook_remaining_emails: 500,
  outlook_daily_limit: 500,
  user_name: 'Demo User',
  user_email: 'demo@acme.test',
  plan_type: 'PREMIUM',
  promoCodes: [],
  send: null,
  ...patch,
});

export const sendInfo = (patch: Partial<EditionSendInfo> = {}): EditionSendInfo => ({
  send_id: 9,
  kind: 'send',
  status: 'sending',
  scheduled_for: null,
  time_zone: null,
  queued_count: 0,
  started_at: null,
  finished_at: null,
  delivered_count: 0,
  failed_count: 0,
  pending_count: 0,
  error: null,
  ...patch,
});

const counted = (count: number): RecipientsCount => ({
  count,
  excluded: { unsubscribed: 2, bounced: 1, no_consent: 0 },
});
const nothingFound: PreflightResult = { errors: [], warnings: [] };

const lists: AudienceListsPage = {
  total_count: 1,
  data: [
    {
      list_id: 40,
      list_name: 'Newsletter',
      last_updated: '2026-11-01T09:00:00.000Z',
      created_by: 'Demo User',
      last_used_by: null,
      totalContacts: 15,
      totalSent: 0,
      totalClicks: 0,
      is_active: true,
    },
  ],
};

/**
 * The publish screen on a stand-in of the publishing service that keeps what is saved: the publish data
 * and the recipients count of the saved audience follow the last save (a stub given replaces a call; a
 * saveConfiguration stub is called after the save is kept).
 */
export function renderPublish(stubs: Partial<SendApi>, at = AT, details?: CampaignApi['details']) {
  const saved: { config: PublishConfiguration | null } = { config: null };
  const savedData = () =>
    saved.config
      ? publishData({
          sender_address_id: saved.config.senderAddressId,
          sender_name: saved.config.senderName,
          subject: saved.config.subject,
          list_ids: saved.config.listIds,
          contact_ids: saved.config.contactIds,
        })
      : publishData();
  const { saveConfiguration, ...others } = stubs;
  const api: SendApi = {
    ...sendApi,
    publishData: async () => savedData(),
    recipientsCount: async (input) =>
      counted((input.listIds ?? saved.config?.listIds ?? savedData().list_ids).length ? 12 : 0),
    preflight: async () => nothingFound,
    ...others,
    saveConfiguration: async (versionId, config, signal) => {
      await saveConfiguration?.(versionId, config, signal);
      saved.config = config;
    },
  };
  const root = createRootRoute();
  const route = createRoute({
    getParentRoute: () => root,
    path: '/campaigns/{-$page}/{-$tab}/{-$subTab}',
    component: () => <PublishPage />,
  });
  const router = createRouter({
    routeTree: root.addChildren([route]),
    history: createMemoryHistory({ initialEntries: [at] }),
    parseSearch: parsePlainSearch,
    stringifySearch: stringifyPlainSearch,
  });
  render(
    <ServicesContext.Provider
      value={{
        ...appServices,
        sendApi: api,
        audienceApi: { ...audienceApi, listLists: async () => lists },
        campaignApi: { ...campaignApi, ...(details ? { details } : {}) },
      }}
    >
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </ServicesContext.Provider>,
  );
  return { api, router, saved };
}

export async function chooseNewsletter() {
  fireEvent.click(await screen.findByRole('checkbox', { name: 'Newsletter (15)' }, SLOW));
  await screen.findByText('12 people will receive it', undefined, SLOW);
}
