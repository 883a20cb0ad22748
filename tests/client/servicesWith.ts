import type { AnalyticsApi } from '../../src/api/analyticsApi.ts';
import type { WorkflowApi } from '../../src/api/workflowApi.ts';
import { appServices, type Services } from '../../src/modules/shared/hooks/ServicesContext.ts';

/**
 * The app's services with some calls replaced by stubs (vi.fn or plain functions), for ServicesContext:
 * each stub takes the place of the call of that name in the workflow and analytics modules.
 */
export function servicesWith(
  stubs: Partial<WorkflowApi> & Partial<AnalyticsApi>,
  extra: Partial<Services> = {},
): Services {
  return {
    ...appServices,
    workflowApi: { ...appServices.workflowApi, ...stubs },
    analyticsApi: { ...appServices.analyticsApi, ...stubs },
    ...extra,
  };
}
