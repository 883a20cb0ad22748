import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CampaignDetails, CampaignEmail, Edition } from '../../../domain/campaigns.ts';
import { ApiError } from '../../../src/api/ApiError.ts';
import { type CampaignApi, campaignApi } from '../../../src/api/campaignApi.ts';
import { type PublishApi, publishApi } from '../../../src/api/publishApi.ts';
import { CampaignsPage as CampaignsScreen } from '../../../src/modules/campaigns/components/CampaignsPage.tsx';
import { appServices, ServicesContext } from '../../../src/modules/shared/hooks/ServicesContext.ts';
import { parsePlainSearch, stringifyPlainSearch } from '../../../src/router/plainSearch.ts';
import { ToastProvider } from '../../../src/ui/ToastProvider.tsx';
import { campaign } from './campaignFixtures.ts';
import '../jsdomDialog.ts';

afterEach(cleanup);
const SLOW = { timeout: 5000 };

const edition = (id: number, emailId: number, patch: Partial<Edition> = {}): Edition => ({
  edition_id: id,
  version_id: id,
  email_id: emailId,
  name: 'Draft Edition',
  subject: 'Hello',
  status: 'draft',
  articles_count: 0,
  thumbnail: null,
  last_update: '2026-11-01T09:00:00.000Z',
  created_on: '2026-11-01T09:00:00.000Z',
  sent_at: null,
  scheduled_for: null,
  ...patch,
});

const email = (id: number, editions: Edition[]): CampaignEmail => ({
  email_id: id,
  name: `Email ${id}`,
  email_name: `Email ${id}`,
  email_subject: 'Hello',
  subject: 'Hello',
  email_type: 0,
  user_id: 1001,
  articles_count: editions.reduce((n, e) => n + e.articles_count, 0),
  campaign_id: 3,
  campaign_name: 'Campaign 3',
  thumbnails: [],
  last_updated: '2026-11-01T09:00:00.000Z',
  created_on: '2026-11-01T09:00:00.000Z',
  editions,
});

function details(emails: CampaignEmail[], patch: Partial<CampaignDetails> = {}): CampaignDetails {
  const having = (s: string) => emails.filter((e) => e.editions.some((v) => v.status === s));
  return {
    ...campaign(3),
    keywords: ['cloud'],
    advanced_search: {},
    content_sources: { include: [], exclude: [] },
    list_ids: [],
    contact_ids: [],
    emails: { draft: having('draft'), sent: having('sent'), test: [], scheduled: [], all: emails },
    graph: [],
    ...patch,
  };
}

function renderDetail(
  stubs: Partial<CampaignApi>,
  at = '/campaigns/campaign?campaign_id=3',
  publish: Partial<PublishApi> = {},
) {
  const root = createRootRoute();
  const route = createRoute({
    getParentRoute: () => root,
    path: '/campaigns/{-$page}/{-$tab}/{-$subTab}',
    component: function Campaigns() {
      const params = route.useParams() as { page?: string };
      return <CampaignsScreen page={params.page} />;
    },
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
        campaignApi: { ...campaignApi, ...stubs },
        publishApi: { ...publishApi, ...publish },
      }}
    >
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </ServicesContext.Provider>,
  );
}

describe('Campaign detail screen', () => {
  it('shows its content sources by name and opens the explorer on them', async () => {
    renderDetail({
      details: async () =>
        details([], {
          content_sources: {
            include: [
              { id: 'global', name: 'Global pool' },
              { id: 4, name: 'Our newsroom' },
            ],
            exclude: [{ id: 11, name: 'Wire One' }],
          },
        }),
    });
    const sources = await screen.findByRole('region', { name: 'Content sources' }, SLOW);
    expect(sources.textContent).toMatch(/Content sources.*Global pool, Our newsroom.*Excluded.*Wire One/);
    expect(
      within(sources).getByRole('link', { name: 'Find articles for this campaign' }).getAttribute('href'),
    ).toBe('/content/explorer?campaign_id=3');
  });

  it('creates an email from a template (its first edition starts from that design)', async () => {
    const created = email(5, [edition(51, 5)]);
    const createEmail = vi.fn(async () => created);
    renderDetail(
      {
        details: async () => details([]),
        browseEmails: async () => ({ total_count: 0, marked_count: 0, data: [] }),
        createEmail,
      },
      undefined,
      {
        listTemplates: async () => ({
          total_count: 1,
          data: [
            {
              id: 7,
              name: 'Announcement',
              description: '',
              featured: true,
              shared: false,
              is_mine: false,
              thumbnail: null,
              created_by: null,
              updated_at: '2026-11-01T09:00:00.000Z',
            },
          ],
        }),
      },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'New email' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'New email' });
    await within(dialog).findByRole('option', { name: 'Template: Announcement' }, SLOW);
    fireEvent.change(within(dialog).getByLabelText('Start from'), { target: { value: 'template:7' } });
    fireEvent.change(within(dialog).getByLabelText('Email name'), { target: { value: 'Launch note' } });
    fireEvent.click(within(dialog).getByLabelText(/Ad hoc/));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create email' }));
    await waitFor(() =>
      expect(createEmail).toHaveBeenCalledWith(
        { name: 'Launch note', emailType: 1, campaignId: 3, cloneOf: null, templateId: 7 },
        expect.anything(),
      ),
    );
  });

  it('says a campaign without chosen sources uses the global pool and every feed', async () => {
    renderDetail({ details: async () => details([]) });
    const sources = await screen.findByRole('region', { name: 'Content sources' }, SLOW);
    expect(sources.textContent).toMatch(/Global pool and all your feeds/);
  });

  it('shows each edition with the subject it has (the one a sent edition went out with), not the email’s', async () => {
    const sent = email(1, [
      edition(12, 1, { status: 'sent', name: 'Edition of 28 Nov 2026', subject: 'Launch day &#128640;' }),
      edition(11, 1, { subject: 'Hello' }),
    ]);
    renderDetail({ details: async () => details([sent]) });
    const editions = await screen.findByRole('list', { name: 'Editions of Email 1' }, SLOW);
    const rows = within(editions).getAllByTestId('edition');
    expect(rows[0]?.textContent).toContain('Edition of 28 Nov 2026');
    expect(rows[0]?.textContent).toContain('Launch day 🚀');
    expect(rows[1]?.textContent).toContain('Hello');
  });

  it('shows the emails by edition state with their editions, and the empty graph', async () => {
    const first = email(1, [
      edition(11, 1, { articles_count: 3 }),
      edition(12, 1, { status: 'sent', name: 'May' }),
    ]);
    const second = email(2, [edition(21, 2)]);
    renderDetail({ details: async () => details([first, second]) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Campaign 3' }, SLOW)).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Draft (2)' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'Sent (1)' })).toBeTruthy();
    const editions = screen.getByRole('list', { name: 'Editions of Email 1' });
    expect(
      within(editions)
        .getAllByTestId('edition')
        .map((e) => e.textContent),
    ).toEqual([
      expect.stringMatching(/Draft Edition.*Draft.*Hello.*3 articles/),
      expect.stringMatching(/May.*Sent.*Hello.*0 articles/),
    ]);
    // The last edition of an email cannot be deleted; neither can a sent one.
    expect(screen.getByRole('button', { name: 'Delete edition Draft Edition of Email 2' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(screen.getByRole('button', { name: 'Delete edition May of Email 1' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(screen.getByText('Nothing sent yet')).toBeTruthy();
    // Each edition leads to its publish step.
    expect(
      screen.getByRole('link', { name: 'Publish edition Draft Edition of Email 2' }).getAttribute('href'),
    ).toBe('/campaigns/editionedit/publish?campaign_id=3&email_id=2&version_id=21');
    expect(screen.getByRole('link', { name: 'Progress edition May of Email 1' })).toBeTruthy();
  });

  it('adds a new edition and shows the campaign as the server has it after', async () => {
    let editions = [edition(11, 1)];
    const createEdition = vi.fn(async () => {
      const added = edition(13, 1);
      editions = [added, ...editions];
      return added;
    });
    renderDetail({ details: async () => details([email(1, editions)]), createEdition });
    fireEvent.click(await screen.findByRole('button', { name: 'New edition of Email 1' }, SLOW));
    await waitFor(
      () =>
        expect(
          within(screen.getByRole('list', { name: 'Editions of Email 1' })).getAllByTestId('edition'),
        ).toHaveLength(2),
      SLOW,
    );
    expect(createEdition).toHaveBeenCalledWith(1);
  });

  it('draws the graph when something was sent', async () => {
    renderDetail({
      details: async () =>
        details([email(1, [edition(11, 1)])], {
          graph: [
            { date: '2026-10-01', sent: 10, opens: 4, clicks: 1 },
            { date: '2026-10-02', sent: 5, opens: 3, clicks: 2 },
          ],
        }),
    });
    const graph = await screen.findByTestId('campaign-graph', {}, SLOW);
    expect(graph.getAttribute('aria-label')).toBe(
      'Sends, opens and clicks per day from 2026-10-01 to 2026-10-02: 15 sends, 7 opens, 3 clicks.',
    );
  });

  it('shows a load error with a retry, and a missing campaign id', async () => {
    renderDetail({
      details: async () => {
        throw new ApiError({ kind: 'http', status: 404, message: 'Campaign not found.' });
      },
    });
    expect(await screen.findByText('This campaign could not be loaded', {}, SLOW)).toBeTruthy();
    expect(screen.queryByText('Loading the campaign…')).toBeNull();
    cleanup();
    renderDetail({}, '/campaigns/campaign');
    expect(await screen.findByText('No campaign chosen', {}, SLOW)).toBeTruthy();
  });
});

describe('Campaign detail: AI emails', () => {
  it('groups the AI variants by AI email with a Review link, each with its personality; New AI email opens the form', async () => {
    const ai = (id: number, type: string, color: string): CampaignEmail => ({
      ...email(id, [edition(id * 10, id)]),
      name: `Spring launch (${type})`,
      email_type: 2,
      generation_id: 9,
      ai_type: type,
      ai_color: color,
    });
    renderDetail({
      details: async () =>
        details([email(5, [edition(51, 5)]), ai(6, 'Dominant', '#d64545'), ai(7, 'Steady', '#2e9e5b')]),
    });
    const group = await screen.findByRole('region', { name: 'AI email 1' }, SLOW);
    expect(within(group).getByText('AI email · 2 variants')).toBeTruthy();
    expect(within(group).getByRole('link', { name: 'Review AI email 1' }).getAttribute('href')).toBe(
      '/campaigns/campaign?campaign_id=3&ai_email=1&generation_id=9',
    );
    const cards = within(group).getAllByTestId('email-card');
    expect(cards.map((c) => c.querySelector('[data-personality]')?.getAttribute('data-personality'))).toEqual(
      ['Dominant', 'Steady'],
    );
    // The ordinary email stays out of the AI group.
    expect(within(group).queryByText('Email 5')).toBeNull();
    expect(screen.getByText('Email 5')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'New AI email' }).getAttribute('href')).toBe(
      '/campaigns/campaign?campaign_id=3&ai_email=1',
    );
  });
});
