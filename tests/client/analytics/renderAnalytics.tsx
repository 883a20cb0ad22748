import { useParams } from '@tanstack/react-router';
import { vi } from 'vitest';
import type { AnalyticsApi } from '../../../src/api/analyticsApi.ts';
import type { CampaignApi } from '../../../src/api/campaignApi.ts';
import type { JourneyApi } from '../../../src/api/journeyApi.ts';
import type { WorkflowApi } from '../../../src/api/workflowApi.ts';
import { analyticsSectionOf } from '../../../src/modules/analytics/analyticsSections.ts';
import { AnalyticsPage } from '../../../src/modules/analytics/components/AnalyticsPage.tsx';
import { appServices } from '../../../src/modules/shared/hooks/ServicesContext.ts';
import { renderAtRoute } from '../renderAtRoute.tsx';
import {
  busyStats,
  campaignGraphAnswer,
  dashboardAnswer,
  emailGraphAnswer,
  trendsAnswer,
} from './analyticsFixtures.ts';

function Analytics() {
  const { page, tab } = useParams({ strict: false }) as { page?: string; tab?: string };
  return <AnalyticsPage section={analyticsSectionOf(page) ?? 'dashboard'} tab={tab} />;
}

type Stubs = {
  analytics?: Partial<AnalyticsApi>;
  campaign?: Partial<CampaignApi>;
  workflow?: Partial<WorkflowApi>;
  journey?: Partial<JourneyApi>;
};

/** The analytics area at an address, its calls stubbed (a busy dashboard unless replaced). */
export function renderAnalytics(stubs: Stubs = {}, at = '/analytics') {
  const analyticsApi = {
    ...appServices.analyticsApi,
    dashboard: vi.fn(async () => dashboardAnswer(busyStats)),
    emailGraph: vi.fn(async () =>
      emailGraphAnswer([
        { id: 7, name: 'November digest', sent: 1200, opens: 300, clicks: 40 },
        { id: 8, name: 'Webinar invite', sent: 600, opens: 90, clicks: 8 },
      ]),
    ),
    campaignGraph: vi.fn(async () =>
      campaignGraphAnswer([{ id: 3, name: 'Autumn launch', sent: 1800, opens: 390, clicks: 48 }]),
    ),
    emailTrends: vi.fn(async () => trendsAnswer()),
    ...stubs.analytics,
  };
  const router = renderAtRoute({
    path: '/analytics/{-$page}/{-$tab}',
    at,
    component: Analytics,
    services: {
      analyticsApi,
      campaignApi: { ...appServices.campaignApi, ...stubs.campaign },
      workflowApi: { ...appServices.workflowApi, ...stubs.workflow },
      journeyApi: {
        ...appServices.journeyApi,
        trail: vi.fn(async () => ({ total_records: 0, result: [] })),
        ...stubs.journey,
      },
    },
  });
  return { api: analyticsApi, router };
}
