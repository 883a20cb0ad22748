import type {
  AiCreation,
  AiEmails,
  AiPreflight,
  AiProgress,
  AiSent,
  AiVariant,
  PersonalitySuggestion,
} from '../../domain/aiEmails.ts';
import { AI_CREATION_TIMEOUT_MS } from '../../domain/aiEmails.ts';
import { serviceClient } from './serviceClient.ts';

const campaign = serviceClient('campaign');
const publish = serviceClient('publish');
/** The AI failure texts are shown by the screen that asked, where they happen. */
const LOCAL = { errorCatalogue: false } as const;
/** What the screens report as the act's kind in the activity log. */
const EVENT_TYPE = 'ai_email';

export type NewAiEmail = {
  /** The client's id of this generation request (progress and cancel name it). */
  aiId: string;
  name: string;
  campaignId: number | null;
  /** Set to make the campaign on the way (create_campaign_flag) instead of campaignId. */
  newCampaignName?: string;
  prompt: string;
  contactIds: number[];
  listIds: number[];
  /** First letters: D, I, S, C, O. */
  personalities: string[];
  /** Who the variants are addressed to (the salutation's audience, e.g. "Customers"). */
  emailsTo: string;
};

export type AiSendOptions = {
  generationId: number;
  confirmWarnings: boolean;
};

/**
 * The AI email calls: the campaign service's (create, progress, cancel, review, regenerate, clone, change
 * template, detect new personality, suggest personality) and the publishing service's publish_ai_email/.
 * See docs/ai.md.
 */
export const aiEmailApi = {
  /** POST create_ai_email/: waits for the whole generation (up to 300 s); its progress is asked apart. */
  create: async (input: NewAiEmail, signal?: AbortSignal): Promise<AiCreation> =>
    (
      await campaign.postJson<{ data: AiCreation }>(
        'create_ai_email/',
        {
          ai_id: input.aiId,
          email_name: input.name,
          ...(input.newCampaignName
            ? { create_campaign_flag: 1, campaign_name: input.newCampaignName }
            : { campaign_id: input.campaignId }),
          prompt: input.prompt,
          contact_ids: input.contactIds,
          list_ids: input.listIds,
          personalities: input.personalities,
          emails_to: input.emailsTo,
          event_type: EVENT_TYPE,
        },
        { signal, timeoutMs: AI_CREATION_TIMEOUT_MS + 5_000, ...LOCAL },
      )
    ).data,

  /** GET ai_email_progress/?ai_id: how many variants are written of how many. */
  progress: async (aiId: string, signal?: AbortSignal): Promise<AiProgress> =>
    (
      await campaign.get<{ data: AiProgress }>('ai_email_progress/', {
        query: { ai_id: aiId },
        signal,
        ...LOCAL,
      })
    ).data,

  /** POST cancel_ai_email/: stops the generation; nothing half-made is kept. */
  cancel: async (aiId: string, signal?: AbortSignal): Promise<void> => {
    await campaign.postJson('cancel_ai_email/', { ai_id: aiId }, { signal, ...LOCAL });
  },

  /** GET get_ai_emails/?generation_id: the generation and its variants. */
  emails: async (generationId: number, signal?: AbortSignal): Promise<AiEmails> =>
    (
      await campaign.get<{ data: AiEmails }>('get_ai_emails/', {
        query: { generation_id: generationId },
        signal,
      })
    ).data,

  /** POST review_ai_emails/: marks a variant reviewed (or not) and when it was last looked at. */
  review: async (
    input: { generationId: number; emailId: number; reviewed: boolean; visited?: boolean },
    signal?: AbortSignal,
  ): Promise<void> => {
    await campaign.postJson(
      'review_ai_emails/',
      {
        generation_id: input.generationId,
        email_id: input.emailId,
        is_reviewed: input.reviewed,
        ...(input.visited ? { last_visited: 1 } : {}),
      },
      { signal, ...LOCAL },
    );
  },

  /** POST regenerate_ai_email/: the chosen variants written again from a new prompt (same emails). */
  regenerate: async (
    input: { emailIds: number[]; prompt: string },
    signal?: AbortSignal,
  ): Promise<AiVariant[]> =>
    (
      await campaign.postJson<{ data: { emails: AiVariant[] } }>(
        'regenerate_ai_email/',
        { email_id: input.emailIds, prompt: input.prompt, event_type: EVENT_TYPE },
        { signal, timeoutMs: AI_CREATION_TIMEOUT_MS + 5_000, ...LOCAL },
      )
    ).data.emails,

  /** POST clone_ai_email/: a copy of the whole generation, in this campaign or another. */
  clone: async (
    input: { generationId: number; name: string; campaignId: number },
    signal?: AbortSignal,
  ): Promise<{ generation_id: number }> =>
    (
      await campaign.postJson<{ data: { generation_id: number } }>(
        'clone_ai_email/',
        {
          generation_id: input.generationId,
          version_name: input.name,
          campaign_id: input.campaignId,
          event_type: EVENT_TYPE,
        },
        { signal, ...LOCAL },
      )
    ).data,

  /** POST detect_new_personality/: personalities the audience has now that the generation has not. */
  detectNewPersonality: async (generationId: number, signal?: AbortSignal): Promise<string[]> =>
    (
      await campaign.postJson<{ data: { personalities: { ai_type: string }[] } }>(
        'detect_new_personality/',
        { generation_id: generationId },
        { signal, ...LOCAL },
      )
    ).data.personalities.map((p) => p.ai_type),

  /** POST change_ai_email_template/: every variant laid out again in that template. */
  changeTemplate: async (
    input: { generationId: number; templateId: number },
    signal?: AbortSignal,
  ): Promise<AiVariant[]> =>
    (
      await campaign.postJson<{ data: { emails: AiVariant[] } }>(
        'change_ai_email_template/',
        { generation_id: input.generationId, template_id: input.templateId },
        { signal, ...LOCAL },
      )
    ).data.emails,

  /** POST suggest_personality/: a suggested personality for each of these unprofiled contacts. */
  suggestPersonality: async (contactIds: number[], signal?: AbortSignal): Promise<PersonalitySuggestion[]> =>
    (
      await campaign.postJson<{ data: { suggestions: PersonalitySuggestion[] } }>(
        'suggest_personality/',
        { contact_ids: contactIds },
        { signal, ...LOCAL },
      )
    ).data.suggestions,

  /** POST /api/publish/preflight_ai_email/: every variant's send checks with its segment, nothing sent. */
  preflight: async (generationId: number, signal?: AbortSignal): Promise<AiPreflight> =>
    (
      await publish.postJson<{ data: AiPreflight }>(
        'preflight_ai_email/',
        { generation_id: generationId },
        { signal, ...LOCAL },
      )
    ).data,

  /** POST /api/publish/publish_ai_email/: each segment gets its own variant, through the send path. */
  send: async (input: AiSendOptions, signal?: AbortSignal): Promise<AiSent> =>
    (
      await publish.postJson<{ data: AiSent }>(
        'publish_ai_email/',
        { generation_id: input.generationId, ...(input.confirmWarnings ? { confirm_warnings: 1 } : {}) },
        { signal, ...LOCAL },
      )
    ).data,
};

export type AiEmailApi = typeof aiEmailApi;
