import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PersonRow } from '../../../domain/audiencePeople.ts';
import type { RecommendedPerson } from '../../../domain/recommendedPeople.ts';
import { audienceApi } from '../../../src/api/audienceApi.ts';
import { FindPeoplePage } from '../../../src/modules/audiences/components/find/FindPeoplePage.tsx';
import { ToastProvider } from '../../../src/ui/ToastProvider.tsx';
import { renderAtRoute } from '../renderAtRoute.tsx';

afterEach(cleanup);
const SLOW = { timeout: 5000 };

const person = (id: number, name: string, extra: Partial<PersonRow> = {}): PersonRow => ({
  contact_id: id,
  full_name: name,
  first_name: name,
  last_name: '',
  contact_email: `${name.toLowerCase()}@example.com`,
  designation: 'CTO',
  organization: 'Acme',
  account_id: null,
  company_website: null,
  industry: 'Retail',
  revenue: null,
  personality_type: null,
  personality: 'N/A',
  phone_number: null,
  status: 'Subscribed',
  buyer_stage: 'Awareness',
  engagement_score: 80,
  linkedin_url: null,
  twitter_url: null,
  country: null,
  custom_fields: {},
  created_on: '2026-01-01T00:00:00.000Z',
  marketing_consent: true,
  ...extra,
});
const recommendedPerson = (id: number, name: string): RecommendedPerson => ({
  ...person(id, name),
  recommendation: {
    score: 105,
    recent_opens: 0,
    recent_clicks: 2,
    reasons: ['engaged', 'recent_clicks', 'industry'],
  },
});

function open() {
  const addPicksToList = vi.fn(async () => 3);
  renderAtRoute({
    path: '/audiences/add',
    at: '/audiences/add',
    component: () => (
      <ToastProvider>
        <FindPeoplePage listId={5} />
      </ToastProvider>
    ),
    services: {
      audienceApi: {
        ...audienceApi,
        listDetails: vi.fn(async () => ({
          list: { list_id: 5, list_name: 'Retail leaders' },
          profiled: { total_count: 0, data: [] },
          unprofiled: { total_count: 0, data: [] },
        })) as never,
        recommendedPeople: vi.fn(async () => ({
          total_count: 12,
          data: [recommendedPerson(1, 'Ada'), recommendedPerson(2, 'Bo')],
          fit: { industries: ['Retail'], designations: ['CTO'] },
        })),
        listPeople: vi.fn(async () => ({
          total_count: null,
          has_more: false,
          data: [person(2, 'Bo'), person(3, 'Cy')],
        })),
        addPicksToList,
      },
    },
  });
  return { addPicksToList };
}

describe('/audiences/add: recommended, searched and dynamic groups', () => {
  it('selects a whole group, unticks one of it, ticks one of another group, and adds them to the list', async () => {
    const { addPicksToList } = open();
    expect(await screen.findByRole('heading', { name: 'Add people to “Retail leaders”' }, SLOW)).toBeTruthy();
    const recommended = screen.getByRole('region', { name: 'Recommended' });
    expect(
      await within(recommended).findByRole('checkbox', { name: 'Ada <ada@example.com>' }, SLOW),
    ).toBeTruthy();
    fireEvent.click(within(recommended).getByRole('button', { name: 'Select all 12 people' }));
    expect(screen.getByText('Chosen: everyone in Recommended.')).toBeTruthy();

    // A dynamic group of the list's fit: Bo shows there too; unticking him unticks him in Recommended.
    fireEvent.click(screen.getByRole('button', { name: 'Industry: Retail' }));
    const retail = await screen.findByRole('region', { name: 'Industry: Retail' }, SLOW);
    const bo = await within(retail).findByRole('checkbox', { name: 'Bo <bo@example.com>' }, SLOW);
    expect((bo as HTMLInputElement).checked).toBe(true);
    fireEvent.click(bo);
    expect(
      (within(recommended).getByRole('checkbox', { name: 'Bo <bo@example.com>' }) as HTMLInputElement)
        .checked,
    ).toBe(false);
    fireEvent.click(within(retail).getByRole('checkbox', { name: 'Cy <cy@example.com>' }));
    expect(screen.getByText('Chosen: 1 person, everyone in Recommended but 1 person.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Add to “Retail leaders”' }));
    await waitFor(() =>
      expect(addPicksToList).toHaveBeenCalledWith(
        { ids: [3], whole: [{ group: { kind: 'recommended' }, excluded: [2] }] },
        5,
      ),
    );
    expect(await screen.findByText('3 people were added to “Retail leaders”.', undefined, SLOW)).toBeTruthy();
    expect(screen.getByText('Nobody chosen yet.')).toBeTruthy();
  });

  it('unselect all drops the group', async () => {
    open();
    const recommended = await screen.findByRole('region', { name: 'Recommended' }, SLOW);
    await within(recommended).findByRole('checkbox', { name: 'Ada <ada@example.com>' }, SLOW);
    fireEvent.click(within(recommended).getByRole('button', { name: 'Select all 12 people' }));
    fireEvent.click(within(recommended).getByRole('button', { name: 'Unselect all' }));
    expect(screen.getByText('Nobody chosen yet.')).toBeTruthy();
    expect(
      (within(recommended).getByRole('checkbox', { name: 'Ada <ada@example.com>' }) as HTMLInputElement)
        .checked,
    ).toBe(false);
  });
});
