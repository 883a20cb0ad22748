import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AudienceListsPage } from '../../../domain/audienceLists.ts';
import type { CampaignDetails } from '../../../domain/campaigns.ts';
import type {
  EditionSendInfo,
  PreflightResult,
  PublishConfiguration,
  PublishData,
  RecipientsCount,
} from '../../../domain/editionSend.ts';
import { ApiError } from '../../../src/api/ApiError.ts';
import { audienceApi } from '../../../src/api/audienceApi.ts';
import { type CampaignApi, campaignApi } from '../../../src/api/campaignApi.ts';
import { type SendApi, sendApi } from '../../../src/api/sendApi.ts';
import { PublishPage } from '../../../src/modules/campaigns/components/PublishPage.tsx';
import { appServices, ServicesContext } from '../../../src/modules/shared/hooks/ServicesContext.ts';
import { parsePlainSearch, stringifyPlainSearch } from '../../../src/router/plainSearch.ts';
import { ToastProvider } from '../../../src/ui/ToastProvider.tsx';
import '../jsdomDialog.ts';

afterEach(cleanup);
const SLOW = { timeout: 5000 };
const AT = '/campaigns/editionedit/publish/?campaign_id=3&email_id=4&version_id=5';

const publishData = (patch: Partial<PublishData> = {}): PublishData => ({
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

const sendInfo = (patch: Partial<EditionSendInfo> = {}): EditionSendInfo => ({
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
function renderPublish(stubs: Partial<SendApi>, at = AT, details?: CampaignApi['details']) {
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

async function chooseNewsletter() {
  fireEvent.click(await screen.findByRole('checkbox', { name: 'Newsletter (15)' }, SLOW));
  await screen.findByText('12 people will receive it', undefined, SLOW);
}

describe('Publish screen', () => {
  it('preselects the sender, shows the subject with its emoji and counts it, and warns past 150', async () => {
    renderPublish({});
    const subject = (await screen.findByLabelText('Subject', undefined, SLOW)) as HTMLInputElement;
    expect(subject.value).toBe('Weekly 🚀 launch');
    expect(screen.getByTestId('subject-length').textContent).toBe('15 characters');
    expect((screen.getByLabelText('From address') as HTMLSelectElement).value).toBe('1');
    expect((screen.getByLabelText('Sender name') as HTMLInputElement).value).toBe('Acme news');
    fireEvent.change(subject, { target: { value: 'x'.repeat(151) } });
    expect(screen.getByTestId('subject-length').textContent).toMatch(/151 characters — inboxes cut/);
    expect(await screen.findByText('Ready to send: nothing to fix.', undefined, SLOW)).toBeTruthy();
  });

  it('without a verified sender, says so on the From address and links to Settings › Sender addresses', async () => {
    renderPublish({
      publishData: async () => publishData({ sender_emails: [], sender_address_id: null }),
    });
    const from = await screen.findByLabelText('From address', undefined, SLOW);
    expect(screen.getByText('No verified sender address yet.')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Settings › Sender addresses' });
    expect(link.getAttribute('href')).toBe('/settings/sender_addresses');
    // The field's description names both: the screen reader hears why and where.
    expect(from.getAttribute('aria-describedby')?.split(' ')).toHaveLength(2);
  });

  it('saves an empty sender name and subject as they are; the preflight flags both fields and nothing is sent', async () => {
    const sendNow = vi.fn();
    const saveConfiguration = vi.fn(async () => {});
    const { saved } = renderPublish({
      sendNow,
      saveConfiguration,
      preflight: async () => ({
        errors: [
          ...(saved.config?.senderName.trim()
            ? []
            : [{ code: 'sender_name', message: 'Enter the sender name recipients see.' }]),
          ...(saved.config?.subject.trim() ? [] : [{ code: 'subject', message: 'Enter a subject.' }]),
        ],
        warnings: [],
      }),
    });
    fireEvent.change(await screen.findByLabelText('Sender name', undefined, SLOW), {
      target: { value: ' ' },
    });
    fireEvent.change(screen.getByLabelText('Subject'), { target: { value: '' } });
    await waitFor(() =>
      expect(saveConfiguration).toHaveBeenCalledWith(
        5,
        expect.objectContaining({ senderName: ' ', subject: '' }),
        expect.anything(),
      ),
    );
    const flagOf = (label: string) =>
      document.getElementById(`${screen.getByLabelText(label).id}-error`)?.textContent ?? null;
    await waitFor(() => expect(flagOf('Sender name')).toBe('Enter the sender name recipients see.'), SLOW);
    expect(flagOf('Subject')).toBe('Enter a subject.');
    // Typing in a flagged field takes its flag away until the preflight has looked again.
    fireEvent.change(screen.getByLabelText('Subject'), { target: { value: 'Back again' } });
    expect(flagOf('Subject')).toBeNull();
    expect(flagOf('Sender name')).toBe('Enter the sender name recipients see.');
    fireEvent.change(screen.getByLabelText('Subject'), { target: { value: '' } });
    await waitFor(() => expect(flagOf('Subject')).toBe('Enter a subject.'), SLOW);
    expect(screen.getByTestId('publish-save-status').textContent).toContain('Saved');
    fireEvent.click(screen.getByRole('button', { name: 'Send now' }));
    expect(
      await screen.findByText('Fix what the preflight found before sending.', undefined, SLOW),
    ).toBeTruthy();
    expect(sendNow).not.toHaveBeenCalled();
  });

  it('counts the chosen list live, confirms naming the count, saves the encoded subject and sends', async () => {
    const saveConfiguration = vi.fn(async () => {});
    const sendNow = vi.fn(async () => ({ send_id: 9, status: 'sending' as const }));
    const publishDataStub = vi
      .fn<SendApi['publishData']>()
      .mockResolvedValueOnce(publishData())
      .mockResolvedValueOnce(
        publishData({ send: sendInfo({ status: 'sent', queued_count: 12, pending_count: 12 }) }),
      )
      .mockResolvedValue(
        publishData({ send: sendInfo({ status: 'sent', queued_count: 12, delivered_count: 12 }) }),
      );
    renderPublish({ saveConfiguration, sendNow, publishData: publishDataStub });
    await chooseNewsletter();
    expect(screen.getByText('Left out: 2 people unsubscribed, 1 person whose address bounced.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send it to 12 people now?' }, SLOW);
    expect(saveConfiguration).toHaveBeenCalledWith(
      5,
      {
        senderAddressId: 1,
        senderName: 'Acme news',
        subject: 'Weekly &#128640; launch',
        listIds: [40],
        contactIds: [],
      },
      expect.anything(),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send now' }));
    await waitFor(() =>
      expect(sendNow).toHaveBeenCalledWith({ versionId: 5, confirmWarnings: false }, expect.anything()),
    );
    expect(await screen.findByText('0 emails queued so far; 0 delivered.', undefined, SLOW)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pause' })).toBeTruthy();
    // The progress is asked for again (every 2 s) until every email is delivered, not only queued.
    expect(
      await screen.findByText('0 of 12 emails delivered; 12 on their way.', undefined, {
        timeout: 5000,
      }),
    ).toBeTruthy();
    expect(
      await screen.findByText('12 of 12 emails delivered.', undefined, {
        timeout: 5000,
      }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Resend to who did not open' })).toBeTruthy();
    // Once it has gone out, the sender, subject and audience are fixed.
    expect(screen.getByLabelText('Subject').matches(':disabled')).toBe(true);
    expect(screen.getByText('This edition has gone out: make a new edition to change it.')).toBeTruthy();
  });

  it('lists preflight errors with a link to the designer and does not send', async () => {
    const sendNow = vi.fn();
    renderPublish({
      sendNow,
      preflight: async () => ({
        errors: [{ code: 'preference_link', message: 'The footer has no preference link.' }],
        warnings: [{ code: 'alt_text', message: 'An image has no alt text.' }],
      }),
    });
    expect(await screen.findByText('1 to fix before sending', undefined, SLOW)).toBeTruthy();
    const links = screen.getAllByRole('link', { name: 'Open the designer' });
    expect(links[0]?.getAttribute('href')).toBe(
      '/campaigns/editionedit/design?from=publish&campaign_id=3&email_id=4&version_id=5',
    );
    await chooseNewsletter();
    fireEvent.click(screen.getByRole('button', { name: 'Send now' }));
    expect(
      await screen.findByText('Fix what the preflight found before sending.', undefined, SLOW),
    ).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sendNow).not.toHaveBeenCalled();
  });

  it('asks about warnings and sends with confirm_warnings; the not-premium refusal opens the popup', async () => {
    const sendNow = vi.fn(async () => {
      throw new ApiError(
        { kind: 'http', status: 400, message: 'Sending campaigns is part of the premium plan.' },
        { success: false, error: 'not_premium', message: 'Sending campaigns is part of the premium plan.' },
      );
    });
    renderPublish({
      sendNow,
      preflight: async () => ({
        errors: [],
        warnings: [{ code: 'alt_text', message: 'An image has no alt text.' }],
      }),
    });
    await chooseNewsletter();
    fireEvent.click(screen.getByRole('button', { name: 'Send now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send it to 12 people now?' }, SLOW);
    expect(within(dialog).getByText('An image has no alt text.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send now anyway' }));
    const popup = await screen.findByRole('dialog', { name: 'Sending is a premium feature' }, SLOW);
    expect(sendNow).toHaveBeenCalledWith({ versionId: 5, confirmWarnings: true }, expect.anything());
    expect(within(popup).getByText('Sending campaigns is part of the premium plan.')).toBeTruthy();
    fireEvent.click(within(popup).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'Send now' })).toHaveProperty('disabled', false);
  });

  it('schedules at the chosen date and time, then cancels the schedule', async () => {
    const schedule = vi.fn(async () => ({
      send_id: 9,
      scheduled_for: '2030-01-02T08:30:00.000Z',
      time_zone: 'Europe/Paris',
    }));
    const cancelSchedule = vi.fn(async () => {});
    renderPublish({ schedule, cancelSchedule });
    await chooseNewsletter();
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2030-01-02' } });
    fireEvent.change(screen.getByLabelText('Time'), { target: { value: '09:30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Schedule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule it for 12 people?' }, SLOW);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    expect((await screen.findByTestId('scheduled-for', undefined, SLOW)).textContent).toBe(
      'Goes out Wed, 2 Jan 2030, 09:30 (Europe/Paris).',
    );
    expect(schedule).toHaveBeenCalledWith(
      { versionId: 5, date: '2030-01-02', time: '09:30', confirmWarnings: false },
      expect.anything(),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Cancel the schedule' }));
    expect(await screen.findByRole('button', { name: 'Send now' }, SLOW)).toBeTruthy();
    expect(cancelSchedule).toHaveBeenCalledWith(5, expect.anything());
  });

  it('shows the saved audience chosen, by list name, and counts it', async () => {
    renderPublish({ publishData: async () => publishData({ list_ids: [40] }) });
    const chosen = await screen.findByRole('list', { name: 'Chosen lists' }, SLOW);
    expect(await within(chosen).findByRole('checkbox', { name: 'Newsletter (15)' }, SLOW)).toHaveProperty(
      'checked',
      true,
    );
    expect(await screen.findByText('12 people will receive it', undefined, SLOW)).toBeTruthy();
  });

  it('opens the email draft edition from campaign_id and email_id alone (the from=publish return)', async () => {
    const publishDataStub = vi.fn(async (versionId: number) => publishData({ version_id: versionId }));
    const edition = (versionId: number, status: string) => ({ version_id: versionId, status });
    const details = vi.fn(
      async () =>
        ({
          campaign_id: 3,
          emails: { all: [{ email_id: 4, editions: [edition(6, 'sent'), edition(7, 'draft')] }] },
        }) as unknown as CampaignDetails,
    );
    renderPublish(
      { publishData: publishDataStub },
      '/campaigns/editionedit/publish?campaign_id=3&email_id=4',
      details,
    );
    expect(await screen.findByLabelText('Subject', undefined, SLOW)).toBeTruthy();
    expect(details).toHaveBeenCalledWith(3, expect.anything());
    expect(publishDataStub).toHaveBeenCalledWith(7, expect.anything());
  });

  it('sends a test to the user by default after saving what is on screen, and shows a refusal plainly', async () => {
    const saveConfiguration = vi.fn(async () => {});
    const sendTest = vi
      .fn<SendApi['sendTest']>()
      .mockResolvedValueOnce({ send_id: 11, message: 'Test sent to demo@acme.test.' })
      .mockRejectedValueOnce(
        new ApiError({
          kind: 'http',
          status: 400,
          message:
            'Test emails go only to people of your organisation or its verified addresses; x@y.test is neither.',
        }),
      );
    renderPublish({ saveConfiguration, sendTest });
    const field = (await screen.findByLabelText('Send a test to', undefined, SLOW)) as HTMLInputElement;
    expect(field.value).toBe('demo@acme.test');
    // A subject typed just before is saved before the test goes (no waiting for the autosave).
    fireEvent.change(screen.getByLabelText('Subject'), { target: { value: 'Test me 👋' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send test' }));
    expect(await screen.findByText('Test sent to demo@acme.test.', undefined, SLOW)).toBeTruthy();
    expect(saveConfiguration).toHaveBeenCalledWith(
      5,
      expect.objectContaining({ subject: 'Test me &#128075;', senderAddressId: 1 }),
      expect.anything(),
    );
    expect(saveConfiguration.mock.invocationCallOrder[0]).toBeLessThan(
      sendTest.mock.invocationCallOrder[0] ?? 0,
    );
    expect(sendTest).toHaveBeenCalledWith({ versionId: 5, emails: 'demo@acme.test' }, expect.anything());
    fireEvent.change(field, { target: { value: 'x@y.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send test' }));
    expect(
      await screen.findByText(
        'Test emails go only to people of your organisation or its verified addresses; x@y.test is neither.',
        undefined,
        SLOW,
      ),
    ).toBeTruthy();
  });
});

describe('Publish screen: nothing typed is lost', () => {
  it('saves an edited subject before leaving, and shows it exactly when coming back', async () => {
    const saveConfiguration = vi.fn(async () => {});
    const { router } = renderPublish({ saveConfiguration });
    const typed = 'Hi 👋🏽‍ שלום <b>“bold”</b> & <script>x</script>';
    fireEvent.change(await screen.findByLabelText('Subject', undefined, SLOW), { target: { value: typed } });
    // Leaving at once: the change is saved first, then the page moves on.
    fireEvent.click(screen.getByRole('link', { name: '← Back to the campaign' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ campaign_id: '3' }));
    expect(saveConfiguration).toHaveBeenCalledTimes(1);
    expect(saveConfiguration).toHaveBeenCalledWith(
      5,
      expect.objectContaining({
        subject: 'Hi &#128075;&#127997;&#8205; שלום <b>“bold”</b> & <script>x</script>',
      }),
      expect.anything(),
    );
    router.history.back();
    const subject = (await screen.findByLabelText('Subject', undefined, SLOW)) as HTMLInputElement;
    expect(subject.value).toBe(typed);
  });

  it('shows Saving… then Saved, and a failed save with Retry; leaving then asks first', async () => {
    let fail = true;
    const saveConfiguration = vi.fn(async () => {
      if (fail) throw new ApiError({ kind: 'network', status: 0, message: 'The server did not answer.' });
    });
    const { router } = renderPublish({ saveConfiguration });
    fireEvent.change(await screen.findByLabelText('Sender name', undefined, SLOW), {
      target: { value: 'Acme ✦ news' },
    });
    const status = screen.getByTestId('publish-save-status');
    expect(status.textContent).toContain('Saving…');
    await waitFor(() => expect(status.textContent).toMatch(/Not saved: check your connection/), SLOW);
    fireEvent.click(screen.getByRole('link', { name: '← Back to the campaign' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your changes are not saved' }, SLOW);
    fail = false;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stay and try again' }));
    await waitFor(() => expect(status.textContent).toContain('Saved'), SLOW);
    expect(router.state.location.search).toMatchObject({ version_id: '5' });
    expect(saveConfiguration).toHaveBeenLastCalledWith(
      5,
      expect.objectContaining({ senderName: 'Acme ✦ news' }),
      expect.anything(),
    );
  });
});

describe('Publish screen: sending through Outlook', () => {
  it('without Outlook in the workspace shows Connect Outlook disabled, saying what the marketer can do', async () => {
    renderPublish({
      publishData: async () =>
        publishData({
          outlook_configured: false,
          outlook_missing: ['OUTLOOK_CLIENT_ID', 'OUTLOOK_TOKEN_KEY'],
        }),
    });
    const button = await screen.findByRole('button', { name: 'Connect Outlook' }, SLOW);
    expect((button as HTMLButtonElement).disabled).toBe(true);
    const note = document.getElementById(button.getAttribute('aria-describedby') as string);
    expect(note?.textContent).toContain('This edition goes from the address in “From and subject”');
    expect(note?.textContent).not.toMatch(/OUTLOOK_|docs\//);
  });

  it('shows the connected mailbox and the emails left, and chooses it for the edition', async () => {
    const routes: unknown[] = [];
    renderPublish({
      publishData: async () =>
        publishData({
          outlook_sender_email_address: 'news@contoso.test',
          outlook_sender_name: 'Contoso News',
          is_authorized: true,
          outlook_remaining_emails: 497,
        }),
      outlookRoute: async (input) => {
        routes.push(input);
      },
    });
    expect(await screen.findByText('Contoso News <news@contoso.test>', undefined, SLOW)).toBeTruthy();
    expect(screen.getByText('497 of 500 emails left in the last 24 hours.')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Send this edition through this mailbox' }));
    await waitFor(() => expect(routes).toEqual([{ campaignId: 3, emailId: 4, versionId: 5, on: true }]));
    expect(
      (screen.getByRole('checkbox', { name: 'Send this edition through this mailbox' }) as HTMLInputElement)
        .checked,
    ).toBe(true);
    expect(screen.getByText(/the From address above is not used/)).toBeTruthy();
  });

  it('shows a connection error clearly, with the way to connect again', async () => {
    renderPublish({
      publishData: async () =>
        publishData({
          outlook_sender_email_address: 'news@contoso.test',
          connectionError: true,
          outlook_connection_error: 'The Outlook connection stopped working: connect Outlook again.',
          outlook_route: true,
        }),
    });
    const alert = await screen.findByRole('alert', undefined, SLOW);
    expect(within(alert).getByText('Outlook connection failed')).toBeTruthy();
    expect(alert.textContent).toContain('The Outlook connection stopped working');
    expect(alert.textContent).toContain('cannot be sent through Outlook');
    expect(
      (within(alert).getByRole('button', { name: 'Connect Outlook again' }) as HTMLButtonElement).disabled,
    ).toBe(false);
    expect(screen.queryByRole('checkbox', { name: 'Send this edition through this mailbox' })).toBeNull();
  });
});
