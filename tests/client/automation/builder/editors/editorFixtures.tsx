import { render } from '@testing-library/react';
import { vi } from 'vitest';
import type { ConstraintRefusal } from '../../../../../domain/removalConstraints.ts';
import {
  DAY_OPTIONS,
  HOUR_OPTIONS,
  SHARE_PROFILE_TEMPLATES,
  WEEKDAYS,
} from '../../../../../domain/workflowCatalogue.ts';
import type { EmailLinks, WorkflowFlow } from '../../../../../domain/workflowTypes.ts';
import type {
  EmailsLinksQuery,
  TestShareProfileInput,
  UserEmailsQuery,
  WorkflowApi,
} from '../../../../../src/api/workflowApi.ts';
import { DraftStore } from '../../../../../src/engine/draft/DraftStore.ts';
import { createMemoryDraftPersistence } from '../../../../../src/engine/draft/draftPersistence.ts';
import {
  type ServerWorkflow,
  WORKFLOW_DRAFTS,
  type WorkflowDraft,
} from '../../../../../src/engine/WorkflowDraft.ts';
import { EditorStaticDataProvider } from '../../../../../src/modules/automation/builder/editors/EditorStaticDataProvider.tsx';
import { NodeEditorPanel } from '../../../../../src/modules/automation/builder/editors/NodeEditorPanel.tsx';
import { ServicesContext } from '../../../../../src/modules/shared/hooks/ServicesContext.ts';
import { ToastProvider } from '../../../../../src/ui/ToastProvider.tsx';
import { serverWorkflow } from '../../../../engine/workflowFixtures.ts';
import { servicesWith } from '../../../servicesWith.ts';
import { email } from '../../automationFixtures.tsx';

export const TIMEZONES = ['America/New_York', 'Europe/London', 'Asia/Kolkata'];

/** Opens a real engine draft (in-memory persistence, no tab relay) on `flow`. */
export async function openDraft(flow: WorkflowFlow, overrides: Partial<ServerWorkflow> = {}) {
  const store = new DraftStore(WORKFLOW_DRAFTS, {
    persistence: createMemoryDraftPersistence(),
    channelFactory: null,
    peerSyncTimeoutMs: 0,
  });
  const { draft } = await store.open(42, async () => structuredClone(serverWorkflow(flow, overrides)));
  return draft;
}

export const LINKS: EmailLinks[] = [
  {
    email_id: 11,
    email_name: 'Welcome',
    links: [
      { url: 'https://example.com/pricing', text: 'Pricing' },
      { url: 'https://example.com/demo', text: 'Book a demo' },
      { url: 'https://example.com/pricing', text: 'See pricing again' },
      { url: ' https://example.com/demo ', text: 'Demo' },
    ],
  },
];

/** The calls the node editors make. */
export type EditorApi = Pick<
  WorkflowApi,
  'getUserEmails' | 'getUserContactLists' | 'getUserStaticData' | 'getEmailsLinks' | 'sendTestShareProfile'
>;

/** Stubbed editor calls answering small fixed data; each is a vi.fn to inspect. */
export function stubEditorApi(overrides: Partial<EditorApi> = {}) {
  const defaults = {
    getUserEmails: vi.fn(async (query: UserEmailsQuery) => ({
      success: true as const,
      data: {
        emails: [
          email(11, { email_name: 'Welcome' }),
          email(12, { email_name: 'Follow up', design_ready: false }),
          email(13, { email_name: `Found ${query.searchTerm ?? ''}`.trim() }),
        ],
      },
      total_count: 3,
      internal_user: false,
    })),
    getUserContactLists: vi.fn(async (_name: string) => ({
      success: true as const,
      data: [
        { list_id: 5, list_name: 'Engaged', contact_count: 1200 },
        { list_id: 6, list_name: 'Customers', contact_count: 40 },
      ],
    })),
    getUserStaticData: vi.fn(async () => ({
      success: true as const,
      data: {
        timezones: TIMEZONES,
        weekdays: [...WEEKDAYS],
        hours: [...HOUR_OPTIONS],
        day_options: [...DAY_OPTIONS],
        templates: [...SHARE_PROFILE_TEMPLATES],
        signatures: [{ id: 'full', name: 'Dana Demo (full signature)' }],
        share_profiles: [{ sp_uuid: 'ab12', name: 'Sales profile' }],
      },
    })),
    getEmailsLinks: vi.fn(async (_query: EmailsLinksQuery) => ({ success: true as const, data: LINKS })),
    sendTestShareProfile: vi.fn(async (_input: TestShareProfileInput) => ({
      success: true as const,
      message: 'A test email has been sent to dana@example.com.',
    })),
  };
  // Overrides are vi.fn stubs too (or plain functions a test does not inspect).
  return { ...defaults, ...overrides } as typeof defaults;
}

export function renderPanel(draft: WorkflowDraft, nodeId: string, api: EditorApi = stubEditorApi()) {
  const onClose = vi.fn();
  const onConstraint = vi.fn((_refusal: ConstraintRefusal) => undefined);
  const view = render(
    <ServicesContext.Provider value={servicesWith(api)}>
      <ToastProvider>
        <EditorStaticDataProvider>
          <NodeEditorPanel
            draft={draft}
            nodeId={nodeId}
            workflowId={42}
            onClose={onClose}
            onConstraint={onConstraint}
          />
        </EditorStaticDataProvider>
      </ToastProvider>
    </ServicesContext.Provider>,
  );
  return { ...view, onClose, onConstraint, api };
}

/** The node's detail as the engine has it now. */
export function detailOf(draft: WorkflowDraft, nodeId: string) {
  const node = draft.getSnapshot().flow[nodeId];
  if (!node) throw new Error(`no node ${nodeId}`);
  return node.detail;
}
