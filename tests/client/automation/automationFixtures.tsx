import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import type {
  EmailVersion,
  WorkflowDetails,
  WorkflowSummary,
  WorkflowTrigger,
} from '../../../domain/workflowTypes.ts';
import { ApiError } from '../../../src/api/ApiError.ts';
import type { AnalyticsApi } from '../../../src/api/analyticsApi.ts';
import type { WorkflowApi } from '../../../src/api/workflowApi.ts';
import { ServicesContext } from '../../../src/modules/shared/hooks/ServicesContext.ts';
import { ToastProvider } from '../../../src/ui/ToastProvider.tsx';
import { servicesWith } from '../servicesWith.ts';
import '../jsdomDialog.ts';

export function summary(id: number, patch: Partial<WorkflowSummary> = {}): WorkflowSummary {
  return {
    id,
    name: `Workflow ${id}`,
    status: 'active',
    trigger_id: 7,
    trigger_name: 'Email open',
    email_id: 10,
    email_name: 'Welcome',
    list_id: null,
    list_name: null,
    sp_uuid: null,
    sp_name: null,
    node_count: 3,
    created_on: '2026-11-01T10:00:00Z',
    updated_on: '2026-11-02T10:00:00Z',
    ...patch,
  };
}

export function details(id: number, patch: Partial<WorkflowDetails> = {}): WorkflowDetails {
  return {
    ...summary(id),
    flow: {},
    detail: { emailId: 10, emailName: 'Welcome', shareProfileUuid: null },
    newlyAddedNodes: [],
    design_ready: true,
    email_type: 1,
    campaign_id: null,
    error_nodes: [],
    error_publish_nodes: [],
    trigger_email_sent: false,
    version: 1,
    ...patch,
  };
}

export const TRIGGERS: WorkflowTrigger[] = [
  {
    trigger_id: 7,
    trigger_name: 'Email open',
    description: 'When a contact opens an email',
    subject: 'email',
  },
  {
    trigger_id: 8,
    trigger_name: 'Email click',
    description: 'When a contact clicks a link',
    subject: 'email',
  },
  {
    trigger_id: 9,
    trigger_name: 'Email received',
    description: 'When an email is delivered',
    subject: 'email',
  },
  {
    trigger_id: 10,
    trigger_name: 'Share profile',
    description: 'When a profile is shared',
    subject: 'share_profile',
  },
  { trigger_id: 11, trigger_name: 'Email sequence', description: 'A sequence of emails', subject: 'email' },
  {
    trigger_id: 14,
    trigger_name: 'Subscribes to a list',
    description: 'When a contact joins',
    subject: 'list',
  },
];

export function email(id: number, patch: Partial<EmailVersion> = {}): EmailVersion {
  return {
    campaign_id: 4,
    campaign_name: 'Autumn launch',
    email_id: id,
    email_type: 1,
    design_ready: true,
    email_name: `Email ${id}`,
    subject: `Subject ${id}`,
    sent_from: 'dana@example.com',
    sender_name: 'Dana Demo',
    created_on: '2026-10-01T09:00:00Z',
    thumbnail: null,
    email_platform: 'Gmail',
    ...patch,
  };
}

export const refused = (message: string) => new ApiError({ kind: 'rejected', status: 200, message });

/** The calls the automation screens make. */
export type AutomationApi = Pick<
  WorkflowApi,
  | 'getUserWorkflows'
  | 'getWorkflowTriggers'
  | 'getUserEmails'
  | 'getUserContactLists'
  | 'getUserStaticData'
  | 'createWorkflow'
  | 'deleteWorkflows'
  | 'cloneWorkflow'
  | 'setWorkflowStatus'
  | 'getWorkflowDetails'
> &
  Pick<AnalyticsApi, 'graphEmailListing' | 'workflowEmailsGraph'>;

/** Every call fails unless a test gives it an answer. */
export function stubApi(overrides: Partial<AutomationApi> = {}) {
  const missing = (name: string) => vi.fn(async () => Promise.reject(new Error(`${name} was not stubbed`)));
  const api = {
    getUserWorkflows: missing('getUserWorkflows'),
    getWorkflowTriggers: missing('getWorkflowTriggers'),
    getUserEmails: missing('getUserEmails'),
    getUserContactLists: missing('getUserContactLists'),
    getUserStaticData: missing('getUserStaticData'),
    createWorkflow: missing('createWorkflow'),
    deleteWorkflows: missing('deleteWorkflows'),
    cloneWorkflow: missing('cloneWorkflow'),
    setWorkflowStatus: missing('setWorkflowStatus'),
    getWorkflowDetails: missing('getWorkflowDetails'),
    graphEmailListing: missing('graphEmailListing'),
    workflowEmailsGraph: missing('workflowEmailsGraph'),
    ...overrides,
  };
  return api as unknown as AutomationApi;
}

const PATHS = ['/automation', '/automation/create', '/automation/details'] as const;

/** Renders a screen at `at` inside a small router (the other automation paths show where one landed). */
export function renderScreen(screen: ReactNode, api: AutomationApi, at: string = '/automation') {
  const atPath = at.split('?')[0];
  const root = createRootRoute({ component: () => <Outlet /> });
  const routes = PATHS.map((path) =>
    createRoute({
      getParentRoute: () => root,
      path,
      component: () => (path === atPath ? screen : <p>Landed on {path}</p>),
    }),
  );
  const router = createRouter({
    routeTree: root.addChildren(routes),
    history: createMemoryHistory({ initialEntries: [at] }),
  });
  const view = render(
    <ServicesContext.Provider value={servicesWith(api)}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </ServicesContext.Provider>,
  );
  return { router, ...view };
}
