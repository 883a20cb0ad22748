import { createRoute } from '@tanstack/react-router';
import { CreateCampaignPage } from '../modules/campaigns/components/CreateCampaignPage.tsx';
import { OutlookAuthPage } from '../modules/campaigns/components/OutlookAuthPage.tsx';
import { protectedRoute } from './protectedRoute.tsx';
import { SettingsGate } from './SettingsGate.tsx';

/** More signed-in routes (the rest are in areaRoutes.tsx). */

export const settingsRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/settings/{-$page}/{-$tab}',
  component: function SettingsRoute() {
    const { page } = settingsRoute.useParams();
    return <SettingsGate page={page} />;
  },
});

export const createCampaignRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/createcampaign',
  component: CreateCampaignPage,
});

export const outlookAuthRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/outlook_auth',
  component: OutlookAuthPage,
});

export const moreAreaRoutes = [settingsRoute, createCampaignRoute, outlookAuthRoute] as const;
