import { createContext, useContext } from 'react';
import { type AiEmailApi, aiEmailApi } from '../../../api/aiEmailApi.ts';
import { type AnalyticsApi, analyticsApi } from '../../../api/analyticsApi.ts';
import { type AudienceApi, audienceApi } from '../../../api/audienceApi.ts';
import { type AuthApi, authApi } from '../../../api/authApi.ts';
import { type CampaignApi, campaignApi } from '../../../api/campaignApi.ts';
import { type ContentApi, contentApi } from '../../../api/contentApi.ts';
import { type JourneyApi, journeyApi } from '../../../api/journeyApi.ts';
import { type MailboxApi, mailboxApi } from '../../../api/mailboxApi.ts';
import { type PreferenceApi, preferenceApi } from '../../../api/preferenceApi.ts';
import { type PublishApi, publishApi } from '../../../api/publishApi.ts';
import { type SendApi, sendApi } from '../../../api/sendApi.ts';
import { type SupportApi, supportApi } from '../../../api/supportApi.ts';
import { type UserApi, userApi } from '../../../api/userApi.ts';
import { type WorkflowApi, workflowApi } from '../../../api/workflowApi.ts';
import type { DesignDraft } from '../../../engine/design/DesignDraft.ts';
import { DraftStore } from '../../../engine/draft/DraftStore.ts';
import { indexeddbDraftPersistence } from '../../../engine/draft/indexeddbDraftPersistence.ts';
import { WORKFLOW_DRAFTS, type WorkflowDraft } from '../../../engine/WorkflowDraft.ts';

/**
 * What the screens call: one api module per service (src/api/<service>Api.ts) and the builder's local
 * drafts. Screens take them from useServices(), never from an import, so a test provides stubs (or an
 * in-memory draft store) through ServicesContext. Actors created outside React (the session, the current
 * user, the support chat) use the modules themselves.
 */
export type Services = {
  authApi: AuthApi;
  userApi: UserApi;
  supportApi: SupportApi;
  mailboxApi: MailboxApi;
  workflowApi: WorkflowApi;
  analyticsApi: AnalyticsApi;
  /** The buyer journey: tracking, sources, the contacts overview and the scoring criteria. */
  journeyApi: JourneyApi;
  preferenceApi: PreferenceApi;
  audienceApi: AudienceApi;
  campaignApi: CampaignApi;
  /** The AI email calls (create, progress, review, regenerate, clone, send ...). */
  aiEmailApi: AiEmailApi;
  contentApi: ContentApi;
  publishApi: PublishApi;
  /** The publish step's calls (sender, audience, preflight, send, schedule, progress). */
  sendApi: SendApi;
  /**
   * The builder's drafts (the draft kernel's store: IndexedDB persistence and the BroadcastChannel tab
   * relay in the browser).
   */
  workflowDrafts: () => DraftStore<WorkflowDraft>;
  /**
   * The email designer's drafts (same persistence and tab relay as the builder's), loaded with the
   * designer's own chunk.
   */
  designDrafts: () => Promise<DraftStore<DesignDraft>>;
};

let browserDrafts: DraftStore<WorkflowDraft> | null = null;
let browserDesignDrafts: Promise<DraftStore<DesignDraft>> | null = null;

/** The app's services: the real api modules; the draft store is created when a builder first opens. */
export const appServices: Services = {
  authApi,
  userApi,
  supportApi,
  mailboxApi,
  workflowApi,
  analyticsApi,
  journeyApi,
  preferenceApi,
  audienceApi,
  campaignApi,
  aiEmailApi,
  contentApi,
  publishApi,
  sendApi,
  designDrafts: () => {
    // A failed load is not kept: the designer's next attempt (its error panel's retry) loads it again.
    browserDesignDrafts ??= import('../../../engine/design/DesignDraft.ts').then(
      ({ DESIGN_DRAFTS }) => new DraftStore(DESIGN_DRAFTS, { persistence: indexeddbDraftPersistence }),
      (error: unknown) => {
        browserDesignDrafts = null;
        throw error;
      },
    );
    return browserDesignDrafts;
  },
  workflowDrafts: () => {
    browserDrafts ??= new DraftStore(WORKFLOW_DRAFTS, { persistence: indexeddbDraftPersistence });
    return browserDrafts;
  },
};

export const ServicesContext = createContext<Services>(appServices);

export function useServices(): Services {
  return useContext(ServicesContext);
}
