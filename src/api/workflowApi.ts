import { serviceClient } from './serviceClient.ts';

/**
 * Workflow service (spec 01 section 7): the typed base the automation issue builds its calls on. The
 * cancellable calls of the spec use these request kinds, so a new one supersedes the one in flight.
 */
export const WORKFLOW_REQUEST_KINDS = {
  userEmails: 'workflow.get_user_emails',
  userContactLists: 'workflow.get_user_contact_lists',
  userStaticData: 'workflow.get_user_static_data',
} as const;

export const workflowApi = serviceClient('workflow');
