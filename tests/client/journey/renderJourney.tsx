import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
  stripSearchParams,
} from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import type { JourneyCriteria } from '../../../domain/journeyScoring.ts';
import {
  JOURNEY_SCREEN_DEFAULTS,
  journeyScreenSearchSchema,
  journeyTabOf,
} from '../../../domain/journeyScreenSearch.ts';
import type { JourneyApi, JourneyOverviewQuery } from '../../../src/api/journeyApi.ts';
import { BuyerJourneyPage } from '../../../src/modules/journey/components/BuyerJourneyPage.tsx';
import { appServices, ServicesContext } from '../../../src/modules/shared/hooks/ServicesContext.ts';
import { parsePlainSearch, stringifyPlainSearch } from '../../../src/router/plainSearch.ts';
import { criteriaAnswer, overviewAnswer, sourcesAnswer, trackingAnswer } from './journeyFixtures.ts';

/** The journey api with every call answered from the fixtures unless replaced. */
export function journeyStubs(overrides: Partial<JourneyApi> = {}): JourneyApi {
  return {
    ...appServices.journeyApi,
    sources: vi.fn(async () => sourcesAnswer()),
    overview: vi.fn(async (query: JourneyOverviewQuery) => overviewAnswer(query)),
    criteria: vi.fn(async () => criteriaAnswer()),
    criteriaPreview: vi.fn(async (criteria: JourneyCriteria) => ({
      stages: criteria.stages.map((s, i) => ({ ...s, contacts: 100 - i * 10 })),
    })),
    saveCriteria: vi.fn(async (criteria: JourneyCriteria) => ({
      criteria,
      job: { id: 9, state: 'queued' as const, done: 0, total: 40 },
    })),
    recompute: vi.fn(async (id: number) => ({ id, state: 'done' as const, done: 40, total: 40 })),
    tracking: vi.fn(async () => trackingAnswer()),
    saveDomains: vi.fn(async (domains: string[]) => ({ ...trackingAnswer(), domains })),
    ...overrides,
  };
}

/** The buyer journey screen at an address, as the app routes it (its search in the address). */
export function renderJourney(at: string, api: JourneyApi = journeyStubs()) {
  const root = createRootRoute();
  const journey = createRoute({
    getParentRoute: () => root,
    path: '/buyer-journey/{-$tab}',
    validateSearch: journeyScreenSearchSchema,
    search: { middlewares: [stripSearchParams(JOURNEY_SCREEN_DEFAULTS)] },
    component: function Journey() {
      const { tab } = journey.useParams();
      return <BuyerJourneyPage tab={journeyTabOf(tab) ?? 'sources'} />;
    },
  });
  const router = createRouter({
    routeTree: root.addChildren([journey]),
    history: createMemoryHistory({ initialEntries: [at] }),
    parseSearch: parsePlainSearch,
    stringifySearch: stringifyPlainSearch,
  });
  render(
    <ServicesContext.Provider value={{ ...appServices, journeyApi: api }}>
      <RouterProvider router={router} />
    </ServicesContext.Provider>,
  );
  return { api, router };
}
