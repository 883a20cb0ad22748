import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMAIL_NAME_EXISTS } from '../../../domain/campaignSchemas.ts';
import type { CampaignDetails, CampaignEmail } from '../../../domain/campaigns.ts';
import type { Article, ArticlesPage, CurationResult } from '../../../domain/contentArticles.ts';
import { ApiError } from '../../../src/api/ApiError.ts';
import { type CampaignApi, campaignApi } from '../../../src/api/campaignApi.ts';
import { type ArticlesQuery, type ContentApi, contentApi } from '../../../src/api/contentApi.ts';
import { ContentPage } from '../../../src/modules/content/components/ContentPage.tsx';
import { appServices, ServicesContext } from '../../../src/modules/shared/hooks/ServicesContext.ts';
import { ToastProvider } from '../../../src/ui/ToastProvider.tsx';
import { campaign } from '../campaigns/campaignFixtures.ts';
import '../jsdomDialog.ts';

afterEach(cleanup);
const SLOW = { timeout: 5000 };

const article = (id: number): Article => ({
  id,
  article_id: id,
  title: `Article ${id}`,
  description: `About ${id}`,
  image_url: null,
  website: 'news.example',
  link: `https://news.example/${id}`,
  publishDate: '2026-11-20T10:00:00.000Z',
  entities: [],
  concepts: [],
  source_id: 1,
  source_name: 'News',
  is_curated: false,
  is_favourite: false,
  article_is_favourite: false,
  is_checked: false,
  sent_date: null,
  clicks: null,
  highlights: null,
});
const page = (ids: number[]): ArticlesPage => ({ total_count: ids.length, data: ids.map(article) });

const newEmail = (campaignId: number, campaignName: string): CampaignEmail => ({
  email_id: 40,
  name: 'Friday digest',
  email_name: 'Friday digest',
  email_subject: 'Friday digest',
  subject: 'Friday digest',
  email_type: 0,
  user_id: 1,
  articles_count: 0,
  campaign_id: campaignId,
  campaign_name: campaignName,
  thumbnails: [],
  last_updated: '2026-11-27T10:00:00.000Z',
  created_on: '2026-11-27T10:00:00.000Z',
  editions: [
    {
      edition_id: 77,
      version_id: 77,
      email_id: 40,
      name: 'Draft Edition',
      subject: 'Friday digest',
      status: 'draft',
      articles_count: 0,
      thumbnail: null,
      last_update: '2026-11-27T10:00:00.000Z',
      created_on: '2026-11-27T10:00:00.000Z',
      sent_at: null,
      scheduled_for: null,
    },
  ],
});

const curated = (count: number): CurationResult => ({
  version_id: 77,
  email_id: 40,
  campaign_id: 8,
  articles_count: count,
  last_update: '2026-11-27T10:00:01.000Z',
  image: null,
  added_article_ids: [1, 2, 3],
  articles_already_curated: [],
});

function renderContent(
  content: Partial<ContentApi>,
  campaigns: Partial<CampaignApi>,
  at = '/content/explorer',
) {
  const root = createRootRoute();
  const route = createRoute({
    getParentRoute: () => root,
    path: '/content/$tab',
    component: () => <ContentPage tab="explorer" />,
  });
  const router = createRouter({
    routeTree: root.addChildren([route]),
    history: createMemoryHistory({ initialEntries: [at] }),
  });
  render(
    <ServicesContext.Provider
      value={{
        ...appServices,
        contentApi: {
          ...contentApi,
          listSources: async () => [],
          curationTargets: async () => ({ total_count: 0, data: [] }),
          ...content,
        },
        campaignApi: { ...campaignApi, campaignNames: async () => [], ...campaigns },
      }}
    >
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </ServicesContext.Provider>,
  );
}

async function openCurationWithThree() {
  const boxes = await screen.findAllByRole('checkbox', undefined, SLOW);
  for (const box of boxes.slice(0, 3)) fireEvent.click(box);
  fireEvent.click(screen.getByRole('button', { name: 'Add to email' }));
  await screen.findByText('No draft emails yet', undefined, SLOW);
  fireEvent.click(screen.getByRole('button', { name: 'New email' }));
  return screen.getByRole('form', { name: 'New email' });
}

describe('New email in the curation panel', () => {
  it('creates a digest email in a new campaign and adds the selected articles to its Draft Edition', async () => {
    const createEmail = vi.fn(async () => newEmail(8, 'Launch week'));
    const curate = vi.fn(async () => curated(3));
    renderContent(
      { listArticles: async () => page([1, 2, 3, 4]), curate },
      { createEmail, campaignNames: async () => [{ campaign_id: 5, campaign_name: 'Existing' }] },
    );
    const form = await openCurationWithThree();
    // Nothing is sent without the names.
    fireEvent.click(within(form).getByRole('button', { name: 'Create and add' }));
    expect(within(form).getByText('Give the email a name.')).toBeTruthy();
    expect(within(form).getByText('Give the new campaign a name.')).toBeTruthy();
    expect(createEmail).not.toHaveBeenCalled();

    fireEvent.change(within(form).getByLabelText('Email name'), { target: { value: ' Friday  digest ' } });
    expect((within(form).getByLabelText('Campaign') as HTMLSelectElement).value).toBe('new');
    fireEvent.change(within(form).getByLabelText('New campaign name'), { target: { value: 'Launch week' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create and add' }));

    await waitFor(() => expect(curate).toHaveBeenCalledWith(77, [1, 2, 3], expect.anything()), SLOW);
    expect(createEmail).toHaveBeenCalledWith(
      { name: 'Friday digest', emailType: 0, campaignId: null, newCampaignName: 'Launch week' },
      expect.anything(),
    );
    const card = await screen.findByRole('listitem', { name: 'Friday digest' });
    expect(within(card).getByText(/Launch week/)).toBeTruthy();
    expect(await within(card).findByText('Just added')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Undo' })).toBeTruthy();
    expect(within(card).getByTestId('curation-count').textContent).toMatch(/3 articles/);
    expect(screen.queryByRole('form', { name: 'New email' })).toBeNull();
  });

  it('puts a custom email into a chosen campaign; a name the campaign has is shown on the field', async () => {
    const createEmail = vi.fn(async () => {
      throw new ApiError({ kind: 'http', status: 400, message: EMAIL_NAME_EXISTS });
    });
    const curate = vi.fn(async () => curated(3));
    renderContent(
      { listArticles: async () => page([1, 2, 3]), curate },
      { createEmail, campaignNames: async () => [{ campaign_id: 5, campaign_name: 'Existing' }] },
    );
    const form = await openCurationWithThree();
    fireEvent.change(within(form).getByLabelText('Email name'), { target: { value: 'Taken' } });
    fireEvent.click(within(form).getByLabelText(/Custom/));
    await within(form).findByRole('option', { name: 'Existing' }, SLOW);
    fireEvent.change(within(form).getByLabelText('Campaign'), { target: { value: '5' } });
    expect(within(form).queryByLabelText('New campaign name')).toBeNull();
    fireEvent.click(within(form).getByRole('button', { name: 'Create and add' }));
    expect(await within(form).findByText(EMAIL_NAME_EXISTS, undefined, SLOW)).toBeTruthy();
    expect(createEmail).toHaveBeenCalledWith(
      { name: 'Taken', emailType: 1, campaignId: 5 },
      expect.anything(),
    );
    expect(curate).not.toHaveBeenCalled();
  });
});

describe('Curating for a campaign (campaign_id in the address)', () => {
  it("starts the advanced search from the campaign's sources and keywords and offers its campaign first", async () => {
    const queries: ArticlesQuery[] = [];
    const details: CampaignDetails = {
      ...campaign(3),
      keywords: [],
      advanced_search: { include_sources: ['global', 4], exclude_sources: [11], include_keywords: ['cloud'] },
      content_sources: { include: [], exclude: [] },
      list_ids: [],
      contact_ids: [],
      emails: { draft: [], sent: [], test: [], scheduled: [], all: [] },
      graph: [],
    };
    renderContent(
      {
        listArticles: async (query) => {
          queries.push(query);
          return page([1, 2, 3]);
        },
      },
      {
        details: async () => details,
        campaignNames: async () => [
          { campaign_id: 5, campaign_name: 'Existing' },
          { campaign_id: 3, campaign_name: 'Campaign 3' },
        ],
      },
      '/content/explorer?campaign_id=3',
    );
    expect(
      await screen.findByText(/the advanced search starts from its sources/, undefined, SLOW),
    ).toBeTruthy();
    expect(screen.getByText('Campaign 3', { selector: 'strong' })).toBeTruthy();
    await waitFor(() =>
      expect(queries.at(-1)?.advanced).toMatchObject({
        includeSources: ['global', '4'],
        excludeSources: ['11'],
        includeKeywords: ['cloud'],
      }),
    );
    expect(screen.getByRole('button', { name: 'Advanced search (3)' })).toBeTruthy();
    const form = await openCurationWithThree();
    await within(form).findByRole('option', { name: 'Campaign 3' }, SLOW);
    expect((within(form).getByLabelText('Campaign') as HTMLSelectElement).value).toBe('3');
  });
});
