import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { AiEmails, AiVariant } from '../../../domain/aiEmails.ts';
import { type AiEmailApi, aiEmailApi } from '../../../src/api/aiEmailApi.ts';
import { type AudienceApi, audienceApi } from '../../../src/api/audienceApi.ts';
import { type CampaignApi, campaignApi } from '../../../src/api/campaignApi.ts';
import { type PublishApi, publishApi } from '../../../src/api/publishApi.ts';
import { type SendApi, sendApi } from '../../../src/api/sendApi.ts';
import { CampaignsPage } from '../../../src/modules/campaigns/components/CampaignsPage.tsx';
import { appServices, ServicesContext } from '../../../src/modules/shared/hooks/ServicesContext.ts';
import { parsePlainSearch, stringifyPlainSearch } from '../../../src/router/plainSearch.ts';
import { ToastProvider } from '../../../src/ui/ToastProvider.tsx';

export type AiStubs = {
  ai?: Partial<AiEmailApi>;
  audience?: Partial<AudienceApi>;
  campaign?: Partial<CampaignApi>;
  publish?: Partial<PublishApi>;
  send?: Partial<SendApi>;
};

const CODES = { Dominant: 'ADVA', Influencer: 'AIVA', Steady: 'ASVA', Conscientious: 'ACVA', Others: 'AOVA' };
const COLOURS = {
  Dominant: '#b42318',
  Influencer: '#a15c07',
  Steady: '#067647',
  Conscientious: '#1d4ed8',
  Others: '#5b5b6b',
};

export function variant(
  emailId: number,
  type: keyof typeof CODES,
  patch: Partial<AiVariant> = {},
): AiVariant {
  return {
    email_id: emailId,
    version_id: emailId * 10,
    email_name: `Spring launch (${type})`,
    subject: `${type}: the spring launch`,
    preheader: `For the ${type} readers`,
    ai_type: type,
    ai_code: CODES[type],
    ai_color: COLOURS[type],
    segment_size: 3,
    is_reviewed: false,
    last_visited: null,
    thumbnail: null,
    ...patch,
  };
}

export function aiEmails(variants: AiVariant[], composer = 'built-in', generationId = 9): AiEmails {
  return {
    generation: {
      generation_id: generationId,
      name: 'Spring launch',
      prompt: 'Announce the spring launch',
      campaign_id: 3,
      composer,
      composer_label:
        composer === 'built-in'
          ? 'Built-in composer, no language model configured'
          : `Written by ${composer.replace(/^model:/, '')}`,
      state: 'done',
      created_on: '2026-11-28T10:00:00.000Z',
      reviewed: null,
    },
    emails: variants,
  };
}

/** The campaign screens at an address, with some calls replaced; answers where the router is now. */
export function renderCampaignScreen(at: string, stubs: AiStubs) {
  const root = createRootRoute();
  const route = createRoute({
    getParentRoute: () => root,
    path: '/campaigns/{-$page}/{-$tab}/{-$subTab}',
    component: function Campaigns() {
      const params = route.useParams() as { page?: string; tab?: string };
      return <CampaignsPage page={params.page} tab={params.tab} />;
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
        aiEmailApi: { ...aiEmailApi, ...stubs.ai },
        audienceApi: { ...audienceApi, ...stubs.audience },
        campaignApi: { ...campaignApi, ...stubs.campaign },
        publishApi: {
          ...publishApi,
          generatePreview: async () => ({ html: '<p>Preview</p>', text: 'Preview' }),
          ...stubs.publish,
        },
        sendApi: { ...sendApi, ...stubs.send },
      }}
    >
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </ServicesContext.Provider>,
  );
  return { location: () => router.state.location };
}
