import { createContext, useContext } from 'react';
import { analyticsApi } from '../../../api/analyticsApi.ts';
import { workflowApi } from '../../../api/workflowApi.ts';

/** The calls the automation screens make (the real api modules; tests provide stubs). */
export type AutomationApi = {
  getUserWorkflows: typeof workflowApi.getUserWorkflows;
  getWorkflowTriggers: typeof workflowApi.getWorkflowTriggers;
  getUserEmails: typeof workflowApi.getUserEmails;
  getUserContactLists: typeof workflowApi.getUserContactLists;
  getUserStaticData: typeof workflowApi.getUserStaticData;
  createWorkflow: typeof workflowApi.createWorkflow;
  deleteWorkflows: typeof workflowApi.deleteWorkflows;
  cloneWorkflow: typeof workflowApi.cloneWorkflow;
  setWorkflowStatus: typeof workflowApi.setWorkflowStatus;
  getWorkflowDetails: typeof workflowApi.getWorkflowDetails;
  graphEmailListing: typeof analyticsApi.graphEmailListing;
  workflowEmailsGraph: typeof analyticsApi.workflowEmailsGraph;
};

export const automationApi: AutomationApi = {
  getUserWorkflows: workflowApi.getUserWorkflows,
  getWorkflowTriggers: workflowApi.getWorkflowTriggers,
  getUserEmails: workflowApi.getUserEmails,
  getUserContactLists: workflowApi.getUserContactLists,
  getUserStaticData: workflowApi.getUserStaticData,
  createWorkflow: workflowApi.createWorkflow,
  deleteWorkflows: workflowApi.deleteWorkflows,
  cloneWorkflow: workflowApi.cloneWorkflow,
  setWorkflowStatus: workflowApi.setWorkflowStatus,
  getWorkflowDetails: workflowApi.getWorkflowDetails,
  graphEmailListing: analyticsApi.graphEmailListing,
  workflowEmailsGraph: analyticsApi.workflowEmailsGraph,
};

export const AutomationApiContext = createContext<AutomationApi>(automationApi);

export function useAutomationApi(): AutomationApi {
  return useContext(AutomationApiContext);
}
