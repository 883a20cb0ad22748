import { createRoute } from '@tanstack/react-router';
import { Suspense } from 'react';
import { WORKFLOW_FILTERS } from '../../domain/workflowTypes.ts';
import { lazyScreen } from '../modules/shared/utils/lazyScreen.ts';
import { StatePanel } from '../ui/StatePanel.tsx';
import { pagedListRouteSearch } from './pagedListRouteSearch.ts';
import { protectedRoute } from './protectedRoute.tsx';

/**
 * The automation screens: the list, the create screen and the details screen (the
 * workflow builder with the email performance graph)
 * (?workflow_id= is typed by workbenchSearchSchema). Any other /automation/{page}/{tab} address is the
 * area's not-found page (areaRoutes.tsx). The screens load as their own chunks (d3 and the builder stay
 * out of the main bundle).
 */
/** /automation?q=&filter=&offset=: the workflow list's search, filter and rows shown (usePagedList). */
export const automationListRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/automation',
  ...pagedListRouteSearch({ filters: WORKFLOW_FILTERS }),
  component: lazyScreen(
    () => import('../modules/automation/components/workflow-list/WorkflowListPage.tsx'),
    'WorkflowListPage',
  ),
});

export const automationCreateRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/automation/create',
  component: lazyScreen(
    () => import('../modules/automation/components/create/CreateWorkflowPage.tsx'),
    'CreateWorkflowPage',
  ),
});

/** A workflow id of the address as a number, or null when it is missing or not a positive whole number. */
export function workflowIdFrom(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}

const WorkflowBuilderPage = lazyScreen(
  () => import('../modules/automation/builder/WorkflowBuilderPage.tsx'),
  'WorkflowBuilderPage',
);

export const automationDetailsRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/automation/details',
  component: function AutomationDetailsRoute() {
    const { workflow_id } = automationDetailsRoute.useSearch();
    const workflowId = workflowIdFrom(workflow_id);
    return (
      <Suspense fallback={<StatePanel kind="loading" title="Opening the workflow…" />}>
        <WorkflowBuilderPage key={workflowId ?? 'none'} workflowId={workflowId} />
      </Suspense>
    );
  },
});

export const automationRoutes = [automationListRoute, automationCreateRoute, automationDetailsRoute] as const;
