import { createRoute, redirect, stripSearchParams } from '@tanstack/react-router';
import { isContentTab } from '../../domain/contentArticles.ts';
import {
  JOURNEY_SCREEN_DEFAULTS,
  journeyScreenSearchSchema,
  journeyTabOf,
} from '../../domain/journeyScreenSearch.ts';
import { PEOPLE_LIST_DEFAULTS, peopleListSearchSchema } from '../../domain/peopleListSearch.ts';
import { OutboxPage } from '../modules/admin/components/OutboxPage.tsx';
import { SupportInboxPage } from '../modules/admin/components/SupportInboxPage.tsx';
import { analyticsSectionOf } from '../modules/analytics/analyticsSections.ts';
import { AnalyticsPage } from '../modules/analytics/components/AnalyticsPage.tsx';
import { audienceSectionOf } from '../modules/audiences/audienceSections.ts';
import { AudiencesPage } from '../modules/audiences/components/AudiencesPage.tsx';
import { CampaignAudiencePage } from '../modules/campaigns/components/CampaignAudiencePage.tsx';
import { CampaignsPage, campaignIdOf } from '../modules/campaigns/components/CampaignsPage.tsx';
import { PublishPage } from '../modules/campaigns/components/PublishPage.tsx';
import {
  CampaignContentPage,
  campaignContentStepOf,
} from '../modules/content/components/CampaignContentPage.tsx';
import { ContentPage } from '../modules/content/components/ContentPage.tsx';
import { ImportPage } from '../modules/import/components/ImportPage.tsx';
import { BuyerJourneyPage } from '../modules/journey/components/BuyerJourneyPage.tsx';
import { MailboxPage } from '../modules/mailbox/components/MailboxPage.tsx';
import { WelcomePage } from '../modules/onboarding/components/WelcomePage.tsx';
import { useFeature } from '../modules/shared/hooks/useFeature.ts';
import { AreaNotFound } from '../modules/shell/components/AreaNotFound.tsx';
import { PermissionDeniedPage } from '../modules/shell/components/PermissionDeniedPage.tsx';
import { automationRoutes } from './automationRoutes.tsx';
import { campaignsViewOf } from './campaignsViewOf.ts';
import { pagedListRouteSearch } from './pagedListRouteSearch.ts';
import { protectedRoute } from './protectedRoute.tsx';
import { optionalString } from './routePaths.ts';
import { areaLinks } from './routeTable.ts';
import { useExportWidgetPermission } from './useExportWidgetPermission.ts';

/** The signed-in areas: every route of both specs opens a built screen or a not-found inside the workbench. */

/** /campaigns (the list), /campaigns/campaign?campaign_id=… (a campaign's emails and editions). */
export const campaignsRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/campaigns/{-$page}/{-$tab}/{-$subTab}',
  component: function CampaignsRoute() {
    const params = campaignsRoute.useParams();
    const search = campaignsRoute.useSearch() as { campaign_id?: unknown };
    const canExportWidget = useExportWidgetPermission();
    switch (campaignsViewOf(params)) {
      case 'publish':
        return <PublishPage />;
      case 'audience':
        return <CampaignAudiencePage campaignId={campaignIdOf(search.campaign_id)} />;
      case 'content':
        return (
          <CampaignContentPage
            step={campaignContentStepOf([params.tab, params.subTab])}
            campaignId={campaignIdOf(search.campaign_id)}
          />
        );
      case 'notFound': {
        const path = ['/campaigns', params.page, params.tab, params.subTab].filter(Boolean).join('/');
        return <AreaNotFound area="Campaigns" path={path} home={areaLinks.campaigns} />;
      }
    }
    return <CampaignsPage page={params.page} tab={params.tab} canExportWidget={canExportWidget} />;
  },
});

export const contentRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/content/$tab',
  component: function ContentRoute() {
    const { tab } = contentRoute.useParams();
    if (!isContentTab(tab))
      return <AreaNotFound area="Content" path={`/content/${tab}`} home={areaLinks.content} />;
    return <ContentPage tab={tab} />;
  },
});

/** /audiences/{page}/{tab}/{subTab}: people (the default), accounts, lists, forms, groups, consent proof. */
export const audiencesRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/audiences/{-$page}/{-$tab}/{-$subTab}',
  component: function AudiencesRoute() {
    const params = audiencesRoute.useParams();
    const salesUsage = useFeature('sales_usage');
    const section = audienceSectionOf(params.page);
    if (section === null)
      return <AreaNotFound area="Audiences" path={`/audiences/${params.page}`} home={areaLinks.audiences} />;
    return <AudiencesPage section={section} params={params} salesUsage={salesUsage} />;
  },
});

/**
 * /audiences/people/{tab}?q=&filters=&sort=&offset=: the people list, its search, filters, sort and rows
 * shown in the address (validated here, defaults left out), so a reload, Back or a link brings it back.
 */
export const audiencesPeopleRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/audiences/people/{-$tab}',
  validateSearch: peopleListSearchSchema,
  search: { middlewares: [stripSearchParams(PEOPLE_LIST_DEFAULTS)] },
  component: function AudiencesPeopleRoute() {
    const { tab } = audiencesPeopleRoute.useParams();
    const salesUsage = useFeature('sales_usage');
    return <AudiencesPage section="people" params={{ page: 'people', tab }} salesUsage={salesUsage} />;
  },
});

/** /analytics/{page}/{tab}: the dashboard (the default) and every report of the area; any other page is not found. */
export const analyticsRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/analytics/{-$page}/{-$tab}',
  component: function AnalyticsRoute() {
    const params = analyticsRoute.useParams();
    const section = analyticsSectionOf(params.page);
    if (section !== null) return <AnalyticsPage section={section} tab={params.tab} />;
    return <AreaNotFound area="Analytics" path={`/analytics/${params.page}`} home={areaLinks.analytics} />;
  },
});
/**
 * Automation addresses other than the list, create and details screens (automationRoutes.tsx): automation
 * is built, so any other address under it is a real not-found, inside the workbench.
 */
export const automationRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/automation/$page/{-$tab}',
  component: function AutomationNotFound() {
    const { page, tab } = automationRoute.useParams();
    return (
      <AreaNotFound
        area="Automation"
        path={`/automation/${page}${tab ? `/${tab}` : ''}`}
        home={areaLinks.automation}
      />
    );
  },
});
/**
 * /buyer-journey/{tab}: sources, contacts (buyer_stage_filter), scoring and tracking, each view's state in
 * the address; an address that names no tab is a real not-found.
 */
export const buyerJourneyRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/buyer-journey/{-$tab}',
  validateSearch: journeyScreenSearchSchema,
  search: { middlewares: [stripSearchParams(JOURNEY_SCREEN_DEFAULTS)] },
  component: function BuyerJourneyRoute() {
    const { tab } = buyerJourneyRoute.useParams();
    const shown = journeyTabOf(tab);
    if (shown === null)
      return (
        <AreaNotFound area="Buyer journey" path={`/buyer-journey/${tab}`} home={areaLinks.buyerJourney} />
      );
    return <BuyerJourneyPage tab={shown} />;
  },
});
/** /welcome: where a first sign-in lands (the support chat is not shown there). */
export const welcomeRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/welcome',
  component: WelcomePage,
});
export const importRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/import',
  component: ImportPage,
});
/** /signup for a signed-in user: the workspace exists, so its first-run setup (/welcome) takes the address. */
export const onboardingSignUpRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/signup',
  beforeLoad: () => {
    throw redirect({ to: '/welcome', replace: true });
  },
});

export const permissionDeniedRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/permission_denied',
  validateSearch: (search: Record<string, unknown>) => ({ error: optionalString(search.error) }),
  component: function PermissionDeniedRoute() {
    const { error } = permissionDeniedRoute.useSearch();
    return <PermissionDeniedPage code={error} />;
  },
});

export const outboxRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/admin/outbox',
  ...pagedListRouteSearch(),
  component: OutboxPage,
});

/** /mailbox: the demo mailbox. */
export const mailboxRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/mailbox',
  ...pagedListRouteSearch(),
  component: MailboxPage,
});

export const supportInboxRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/admin/support',
  ...pagedListRouteSearch(),
  component: SupportInboxPage,
});

export const areaRoutes = [
  campaignsRoute,
  contentRoute,
  audiencesPeopleRoute,
  audiencesRoute,
  analyticsRoute,
  ...automationRoutes,
  automationRoute,
  buyerJourneyRoute,
  welcomeRoute,
  importRoute,
  onboardingSignUpRoute,
  permissionDeniedRoute,
  outboxRoute,
  supportInboxRoute,
  mailboxRoute,
] as const;
