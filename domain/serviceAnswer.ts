import type { AnalyticsAccountAnswers } from './analyticsAccountTypes.ts';
import type { AnalyticsContactAnswers } from './analyticsContactTypes.ts';
import type { AnalyticsListInsightAnswers } from './analyticsListInsightTypes.ts';
import type { AnalyticsAnswers, AnalyticsFilterAnswers } from './analyticsTypes.ts';
import type { WorkflowRuntimeAnswers } from './workflowRuntimeTypes.ts';
import type { WorkflowAnswers } from './workflowTypes.ts';

/** The answer contracts of the calls, by call name (the path without its trailing "/"). */
export type ServiceAnswers = WorkflowAnswers &
  WorkflowRuntimeAnswers &
  AnalyticsAnswers &
  AnalyticsFilterAnswers &
  AnalyticsContactAnswers &
  AnalyticsAccountAnswers &
  AnalyticsListInsightAnswers;

/**
 * A call's answer as it arrives: its contract plus success true (a refusal, success false, is thrown as an
 * ApiError by the request layer and answered as { success: false, message } by the server).
 */
export type ServiceAnswer<K extends keyof ServiceAnswers> = ServiceAnswers[K] & { success: true };
