import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
  stripSearchParams,
} from '@tanstack/react-router';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PeoplePage as PeopleAnswer } from '../../../domain/audiencePeople.ts';
import { PEOPLE_LIST_DEFAULTS, peopleListSearchSchema } from '../../../domain/peopleListSearch.ts';
import type { AudienceApi } from '../../../src/api/audienceApi.ts';
import { audienceSectionOf } from '../../../src/modules/audiences/audienceSections.ts';
import { AudiencesPage } from '../../../src/modules/audiences/components/AudiencesPage.tsx';
import {
  appServices,
  type Services,
  ServicesContext,
} from '../../../src/modules/shared/hooks/ServicesContext.ts';
import { parsePlainSearch, stringifyPlainSearch } from '../../../src/router/plainSearch.ts';
import { ToastProvider } from '../../../src/ui/ToastProvider.tsx';
import { person } from './audienceFixtures.ts';

afterEach(cleanup);

/** 25 people (13 profiled), 10 a page; person 4 came through a form without consent. */
const everyone = Array.from({ length: 25 }, (_, i) =>
  person(i + 1, i % 2 === 0, i === 3 ? { marketing_consent: false } : {}),
);
const DOWN = { kind: 'network', status: 0, message: 'The server cannot be reached.' };
/** A stub's call that fails while `down()` says so. */
function failingWhile<A extends unknown[], R>(down: () => boolean, call: (...args: A) => Promise<R>) {
  return vi.fn(async (...args: A) => {
    if (down()) throw DOWN;
    return call(...args);
  });
}

function stubs(overrides: Partial<AudienceApi> = {}) {
  const api: AudienceApi = {
    ...appServices.audienceApi,
    listPeople: vi.fn(async (query): Promise<PeopleAnswer> => {
      const rows = everyone.filter((p) =>
        query.scope.tab === 'all'
          ? true
          : query.scope.tab === 'profiled'
            ? p.personality_type
            : !p.personality_type,
      );
      // Like the server: a searched or filtered page leaves its total to people_tab_counts/.
      const whole = !query.scope.searchWord && Object.keys(query.scope.filters).length === 0;
      return {
        total_count: whole ? rows.length : null,
        has_more: query.offset + query.limit < rows.length,
        data: rows.slice(query.offset, query.offset + query.limit),
      };
    }),
    peopleTabCounts: vi.fn(async () => ({ all: 25, profiled: 13, unprofiled: 12 })),
    peopleFilterCounts: vi.fn(async () => ({
      designations: [],
      organizations: [{ value: 'Acme', count: 25 }],
      personalityType: [{ value: 'Dominant', count: 13 }],
      status: [{ value: 'Subscribed', count: 25 }],
      buyerStage: [],
      industry: [],
      revenue: [],
    })),
    listLists: vi.fn(async () => ({
      total_count: 1,
      data: [
        {
          list_id: 7,
          list_name: 'Champions',
          last_updated: '2026-11-01T00:00:00.000Z',
          created_by: 'Dana',
          last_used_by: null,
          totalContacts: 3,
          totalSent: 0,
          totalClicks: 0,
          is_active: true,
        },
      ],
    })),
    ...overrides,
  };
  return api;
}

/** The audience routes as the app has them: people with its search in the address, the other sections. */
function renderAt(path: string, api: AudienceApi, extra: Partial<Services> = {}) {
  const root = createRootRoute();
  const people = createRoute({
    getParentRoute: () => root,
    path: '/audiences/people/{-$tab}',
    validateSearch: peopleListSearchSchema,
    search: { middlewares: [stripSearchParams(PEOPLE_LIST_DEFAULTS)] },
    component: function People() {
      const { tab } = people.useParams();
      return <AudiencesPage section="people" params={{ page: 'people', tab }} salesUsage />;
    },
  });
  const audiences = createRoute({
    getParentRoute: () => root,
    path: '/audiences/{-$page}/{-$tab}/{-$subTab}',
    component: function Audiences() {
      const params = audiences.useParams() as { page?: string; tab?: string; subTab?: string };
      return (
        <AudiencesPage section={audienceSectionOf(params.page) ?? 'people'} params={params} salesUsage />
      );
    },
  });
  const router = createRouter({
    routeTree: root.addChildren([people, audiences]),
    history: createMemoryHistory({ initialEntries: [path] }),
    parseSearch: parsePlainSearch,
    stringifySearch: stringifyPlainSearch,
  });
  const view = render(
    <ServicesContext.Provider value={{ ...appServices, audienceApi: api, ...extra }}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </ServicesContext.Provider>,
  );
  return { router, view };
}

describe('PeoplePage', () => {
  it('shows each tab with its own total, 10 a page, and more on "Show more"', async () => {
    const api = stubs();
    renderAt('/audiences/people/all', api);
    expect(await screen.findByText('Showing 10 of 25')).toBeTruthy();
    const tabs = screen.getByRole('navigation', { name: 'People tabs' });
    expect(within(tabs).getByRole('link', { name: 'All 25' }).getAttribute('aria-current')).toBe('page');
    expect(within(tabs).getByRole('link', { name: 'Profiled 13' })).toBeTruthy();
    expect(within(tabs).getByRole('link', { name: 'Unprofiled 12' }).getAttribute('href')).toBe(
      '/audiences/people/unprofiled',
    );
    // A contact who has not agreed to marketing email (a send leaves them out) says so.
    expect(within(screen.getByTestId('person-4')).getByText('No consent')).toBeTruthy();
    expect(within(screen.getByTestId('person-4')).queryByText('Subscribed')).toBeNull();
    expect(within(screen.getByTestId('person-3')).getByText('Subscribed')).toBeTruthy();
    const badge = within(screen.getByTestId('person-1')).getByText('Driver · Dominant');
    expect(badge.getAttribute('data-code')).toBe('ADVA');
    expect(badge.getAttribute('style')).toContain('color: rgb(180, 35, 24)');
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByText('Showing 20 of 25')).toBeTruthy();
    expect(vi.mocked(api.listPeople).mock.calls.at(-1)?.[0]).toMatchObject({ offset: 10, limit: 10 });
  });

  it('selects all across pages with an exclusion and deletes them on the server', async () => {
    const deleteContacts = vi.fn(async () => 24);
    const api = stubs({ deleteContacts });
    renderAt('/audiences/people', api);
    await screen.findByText('Showing 10 of 25');
    fireEvent.click(screen.getByLabelText('Select all 25'));
    expect(screen.getByText('All 25 selected')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Select Person 3'));
    expect(screen.getByText('All 24 selected (1 unselected)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete 24 people?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete people' }));
    await waitFor(() => expect(screen.getByText('24 people deleted.')).toBeTruthy());
    expect(deleteContacts).toHaveBeenCalledWith({
      kind: 'all',
      scope: { tab: 'all', searchWord: '', filters: {}, accountId: null },
      excludedIds: [3],
    });
    // Only the excluded row stays.
    expect(screen.getAllByRole('link', { name: /^Person \d+$/ }).map((b) => b.textContent)).toEqual([
      'Person 3',
    ]);
  });

  it('shows a taken address under Email and keeps the panel open', async () => {
    const createContact = vi.fn(async () => {
      throw {
        kind: 'rejected',
        status: 400,
        message: 'A contact with the email a@b.test already exists in your organisation.',
      };
    });
    renderAt('/audiences/people', stubs({ createContact }));
    await screen.findByText('Showing 10 of 25');
    fireEvent.click(screen.getByRole('button', { name: 'Create contact' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create contact' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create contact' }));
    expect(await within(dialog).findByText('First name is required.')).toBeTruthy();
    expect(createContact).not.toHaveBeenCalled();
    fireEvent.change(within(dialog).getByLabelText('First name'), { target: { value: 'Ann' } });
    fireEvent.change(within(dialog).getByLabelText('Last name'), { target: { value: 'Lee' } });
    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: 'a@b.test' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create contact' }));
    expect(await within(dialog).findByText(/already exists in your organisation/)).toBeTruthy();
    expect(within(dialog).getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    fireEvent.blur(within(dialog).getByLabelText('Email'));
    expect(within(dialog).getByText(/already exists in your organisation/)).toBeTruthy();
  });

  it('changes the buyer stage of the selected rows and marks rows added to a list', async () => {
    const updateBuyerStage = vi.fn(async () => 1);
    const addToList = vi.fn(async () => 1);
    renderAt('/audiences/people', stubs({ updateBuyerStage, addToList }));
    await screen.findByText('Showing 10 of 25');
    fireEvent.click(screen.getByLabelText('Select Person 2'));
    fireEvent.change(screen.getByLabelText('Buyer stage'), { target: { value: 'Purchase' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change stage' }));
    await screen.findByText('Buyer stage of 1 set to Purchase.');
    expect(updateBuyerStage).toHaveBeenCalledWith({ kind: 'ids', ids: [2] }, 'Purchase');
    expect(within(screen.getByTestId('person-2')).getByText('Purchase')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Add to list' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add to list' });
    fireEvent.click(await within(dialog).findByRole('radio', { name: /Champions/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add to list' }));
    await screen.findByText('1 added to Champions.');
    expect(addToList).toHaveBeenCalledWith({ kind: 'ids', ids: [2] }, 7);
    expect(within(screen.getByTestId('person-2')).getByText('In list')).toBeTruthy();
    expect(within(screen.getByTestId('person-1')).queryByText('In list')).toBeNull();
  });

  it('shows each row’s score under its stage, and patches loaded rows whose stage moved when the window is back in focus', async () => {
    const peopleScores = vi.fn(async (ids: readonly number[]) =>
      ids.map((id) =>
        id === 2
          ? { contact_id: 2, engagement_score: 42, buyer_stage: 'Evaluation' }
          : { contact_id: id, engagement_score: 5, buyer_stage: 'Awareness' },
      ),
    );
    const api = stubs({ peopleScores });
    renderAt('/audiences/people', api);
    await screen.findByText('Showing 10 of 25');
    expect(within(screen.getByTestId('person-2')).getByText('Score 5')).toBeTruthy();
    expect(within(screen.getByTestId('person-2')).getByText('Awareness')).toBeTruthy();
    const listCalls = vi.mocked(api.listPeople).mock.calls.length;
    fireEvent.focus(window);
    expect(await within(screen.getByTestId('person-2')).findByText('Evaluation')).toBeTruthy();
    expect(within(screen.getByTestId('person-2')).getByText('Score 42')).toBeTruthy();
    expect(within(screen.getByTestId('person-3')).getByText('Awareness')).toBeTruthy();
    // The loaded rows were asked for, and the list was not loaded again.
    expect(peopleScores.mock.calls[0]?.[0]).toHaveLength(10);
    expect(vi.mocked(api.listPeople).mock.calls.length).toBe(listCalls);
  });

  it('says so when the people cannot be loaded, and tries again', async () => {
    let fail = true;
    const api = stubs();
    const working = api.listPeople;
    api.listPeople = vi.fn(async (query, signal) => {
      if (fail) throw { kind: 'server', status: 500, message: 'The server had a problem.' };
      return working(query, signal);
    });
    renderAt('/audiences/people', api);
    expect(await screen.findByText('People could not be loaded')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Showing 10 of 25')).toBeTruthy();
  });

  it('keeps the search, filters, sort and rows shown in the address: a reload and Back bring them back', async () => {
    const api = stubs();
    const first = renderAt('/audiences/people/all', api);
    await screen.findByText('Showing 10 of 25');
    fireEvent.change(screen.getByLabelText('Search people'), { target: { value: 'Person' } });
    await waitFor(() => expect(first.router.state.location.search).toMatchObject({ q: 'Person' }));
    fireEvent.change(screen.getByLabelText(/^Sort by/), { target: { value: 'company_name.DESC' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filters' }));
    fireEvent.click(await screen.findByLabelText(/^Acme/));
    await waitFor(() =>
      expect(first.router.state.location.search).toMatchObject({
        q: 'Person',
        sort: 'company_name.DESC',
        filters: '{"organizations":["Acme"]}',
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(first.router.state.location.search).toMatchObject({ offset: '10' }));
    await screen.findByText('Showing 20 of 25');
    const asked = {
      scope: { tab: 'all', searchWord: 'Person', filters: { organizations: ['Acme'] }, accountId: null },
      sortBy: 'company_name',
      sortType: 'DESC',
    };
    expect(vi.mocked(api.listPeople).mock.calls.at(-1)?.[0]).toMatchObject({ ...asked, offset: 10 });
    const href = first.router.state.location.href;
    cleanup();

    // A reload of that address: the same search, filters and sort, and the 20 rows shown, at once.
    const again = stubs();
    const second = renderAt(href, again);
    expect(await screen.findByText('Showing 20 of 25')).toBeTruthy();
    expect((screen.getByLabelText('Search people') as HTMLInputElement).value).toBe('Person');
    expect((screen.getByLabelText(/^Sort by/) as HTMLSelectElement).value).toBe('company_name.DESC');
    expect(vi.mocked(again.listPeople).mock.calls[0]?.[0]).toMatchObject({ ...asked, offset: 0, limit: 20 });
    expect(again.peopleTabCounts).toHaveBeenCalledWith(asked.scope, expect.anything());

    // Away to Lists and Back: the same again.
    await second.router.navigate({ to: '/audiences/lists' } as never);
    await screen.findByRole('heading', { level: 1, name: 'Lists' });
    second.router.history.back();
    expect(await screen.findByDisplayValue('Person')).toBeTruthy();
    expect((screen.getByLabelText(/^Sort by/) as HTMLSelectElement).value).toBe('company_name.DESC');
    await waitFor(() =>
      expect(vi.mocked(again.listPeople).mock.calls.at(-1)?.[0]).toMatchObject({ ...asked, offset: 0 }),
    );
  });

  it('a search while the server is down says so instead of showing the rows of before; one Try again recovers', async () => {
    let down = false;
    const api = stubs();
    api.listPeople = failingWhile(() => down, api.listPeople);
    api.peopleTabCounts = failingWhile(() => down, api.peopleTabCounts);
    renderAt('/audiences/people/all', api);
    await screen.findByText('Showing 10 of 25');
    down = true;
    fireEvent.change(screen.getByLabelText('Search people'), { target: { value: 'Person 2' } });
    expect(await screen.findByText('People could not be loaded')).toBeTruthy();
    expect(screen.getByText('The server cannot be reached.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Person 1' })).toBeNull();
    expect(screen.queryByText(/^Showing \d/)).toBeNull();
    // Back up: the one Try again loads the rows and counts the totals.
    down = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Showing 10 of 25')).toBeTruthy();
    const tabs = screen.getByRole('navigation', { name: 'People tabs' });
    expect(within(tabs).getByRole('link', { name: 'All 25' })).toBeTruthy();
  });

  it('totals that could not be counted say so, and Try again counts them', async () => {
    let down = true;
    const api = stubs();
    api.peopleTabCounts = failingWhile(() => down, api.peopleTabCounts);
    renderAt('/audiences/people/all', api);
    expect(await screen.findByText(/Showing 10 · the total could not be counted/)).toBeTruthy();
    const tabs = screen.getByRole('navigation', { name: 'People tabs' });
    expect(within(tabs).getByRole('link', { name: 'All —' })).toBeTruthy();
    expect(screen.queryByText(/counting…/)).toBeNull();
    down = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Showing 10 of 25')).toBeTruthy();
    expect(within(tabs).getByRole('link', { name: 'All 25' })).toBeTruthy();
  });

  it('a contact created while the list cannot load is never shown as the whole list', async () => {
    let down = true;
    const created = person(99, false, { full_name: 'Nova Person' });
    const api = stubs({ createContact: vi.fn(async () => created) });
    api.listPeople = failingWhile(() => down, api.listPeople);
    renderAt('/audiences/people/all', api);
    expect(await screen.findByText('People could not be loaded')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create contact' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create contact' });
    fireEvent.change(within(dialog).getByLabelText('First name'), { target: { value: 'Nova' } });
    fireEvent.change(within(dialog).getByLabelText('Last name'), { target: { value: 'Person' } });
    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: 'nova@person.test' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create contact' }));
    expect(await screen.findByText('Nova Person created.')).toBeTruthy();
    // The list asked again and failed again: it says so, and shows no list of one.
    await waitFor(() => expect(vi.mocked(api.listPeople).mock.calls.length).toBeGreaterThan(1));
    expect(await screen.findByText('People could not be loaded')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Nova Person' })).toBeNull();
    expect(screen.queryByText(/^Showing 1\b/)).toBeNull();
    down = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Showing 10 of 25')).toBeTruthy();
  });

  it('"Show more" that fails keeps the rows, says so, and Try again loads that page', async () => {
    let down = false;
    const api = stubs();
    api.listPeople = failingWhile(() => down, api.listPeople);
    renderAt('/audiences/people/all', api);
    await screen.findByText('Showing 10 of 25');
    down = true;
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByText('More people could not be loaded')).toBeTruthy();
    expect(screen.getByText('Showing 10 of 25')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Person 1' })).toBeTruthy();
    down = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Showing 20 of 25')).toBeTruthy();
    expect(vi.mocked(api.listPeople).mock.calls.at(-1)?.[0]).toMatchObject({ offset: 10, limit: 10 });
  });
});

describe('PeoplePage: Suggest personality', () => {
  it('suggests a personality for the unprofiled people chosen; only an accepted one is saved, through the contact update', async () => {
    const suggestPersonality = vi.fn(async () => [
      {
        contact_id: 2,
        personality_type: 'Conscientious' as const,
        reason: 'Title: Analyst; reads every report.',
      },
      { contact_id: 4, personality_type: 'Influencer' as const, reason: 'Clicks and shares often.' },
    ]);
    const updateContact = vi.fn(async (id: number, fields: { personalityType: string }) =>
      person(id, true, { personality_type: fields.personalityType as 'Influencer', personality: 'N/A' }),
    );
    const api = stubs({ updateContact: updateContact as never });
    renderAt('/audiences/people/unprofiled', api, {
      aiEmailApi: { ...appServices.aiEmailApi, suggestPersonality },
    });
    fireEvent.click(await screen.findByLabelText('Select Person 2'));
    fireEvent.click(screen.getByLabelText('Select Person 4'));
    fireEvent.click(screen.getByRole('button', { name: 'Suggest personality' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suggested personalities' });
    expect(await within(dialog).findByText('Title: Analyst; reads every report.')).toBeTruthy();
    expect(suggestPersonality).toHaveBeenCalledWith([2, 4], expect.anything());
    expect(updateContact).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Accept Influencer for Person 4' }));
    await waitFor(() => expect(within(dialog).getByText('Accepted')).toBeTruthy());
    expect(updateContact).toHaveBeenCalledTimes(1);
    expect(updateContact.mock.calls[0]?.[0]).toBe(4);
    expect(updateContact.mock.calls[0]?.[1]).toMatchObject({
      personalityType: 'Influencer',
      email: 'p4@example.test',
      organization: 'Acme',
    });
  });

  it('offers no suggestion on the Profiled tab', async () => {
    renderAt('/audiences/people/profiled', stubs());
    fireEvent.click(await screen.findByLabelText('Select Person 1'));
    expect(screen.queryByRole('button', { name: 'Suggest personality' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Add to list' })).toBeTruthy();
  });
});
