import type { CampaignAudience } from '../../domain/campaignAudience.ts';
import type {
  CampaignDeletion,
  CampaignDetails,
  CampaignEmail,
  CampaignSummary,
  CampaignsPage,
  CampaignUser,
  Edition,
  EmailsPage,
} from '../../domain/campaigns.ts';
import type { RecipientsCount } from '../../domain/editionSend.ts';
import { serviceClient } from './serviceClient.ts';

const campaign = serviceClient('campaign');
/** Refusals (a name that exists, a workflow using an email) are shown by the dialog that asked. */
const LOCAL = { errorCatalogue: false } as const;

export type CampaignPageQuery = {
  offset: number;
  limit: number;
  search: string;
  /** all, 0 digest, 1 ad hoc, 2 AI (filter map). */
  emailType: string;
  userId: number | null;
};

export type NewCampaign = {
  name: string;
  keywords: string[];
  listIds: number[];
  contactIds: number[];
  includeKeywords: string[];
  excludeKeywords: string[];
  /** Content sources as the explorer names them (`global`, feed ids); none: the default, everything. */
  includeSources?: string[];
  excludeSources?: string[];
};

export type NewEmail = {
  name: string;
  emailType: 0 | 1;
  campaignId: number | null;
  /** Set to clone that email instead of starting from scratch. */
  cloneOf?: number | null;
  /** Set to start the first edition from that template's design. */
  templateId?: number | null;
  /** Set to make the campaign on the way (create_campaign_flag) instead of campaignId. */
  newCampaignName?: string;
};

/**
 * The campaign and edition service (server/services/campaign, base /api/campaign/): campaigns, their
 * emails, editions and the email browser. See docs/campaigns.md.
 */
export const campaignApi = {
  /** GET get_campaigns/: a page of campaigns in their place, with totals and counts by email type. */
  listCampaigns: (query: CampaignPageQuery, signal?: AbortSignal): Promise<CampaignsPage> =>
    campaign.get<CampaignsPage>('get_campaigns/', {
      query: {
        offset: query.offset,
        limit: query.limit,
        ...(query.search ? { search_campaign: query.search } : {}),
        ...(query.emailType !== 'all' ? { email_type: query.emailType } : {}),
        ...(query.userId !== null ? { user_id: query.userId } : {}),
      },
      signal,
    }),

  /** GET get_campaigns/?list_only=1: every campaign's id and name, in list order (pickers). */
  campaignNames: async (signal?: AbortSignal): Promise<{ campaign_id: number; campaign_name: string }[]> =>
    (
      await campaign.get<{ data: { campaign_id: number; campaign_name: string }[] }>('get_campaigns/', {
        query: { list_only: 1 },
        signal,
        ...LOCAL,
      })
    ).data,

  /** GET get_users/: the organisation's users (the by-User filter). */
  users: async (signal?: AbortSignal): Promise<CampaignUser[]> =>
    (await campaign.get<{ data: CampaignUser[] }>('get_users/', { signal })).data,

  /** POST create_campaign/. */
  createCampaign: async (input: NewCampaign, signal?: AbortSignal): Promise<CampaignSummary> =>
    (
      await campaign.post<{ data: CampaignSummary }>(
        'create_campaign/',
        {
          campaign_name: input.name,
          keywords: JSON.stringify(input.keywords),
          list_ids: input.listIds.join(','),
          contact_ids: input.contactIds.join(','),
          include_keywords: JSON.stringify(input.includeKeywords),
          exclude_keywords: JSON.stringify(input.excludeKeywords),
          include_sources: (input.includeSources ?? []).join(','),
          exclude_sources: (input.excludeSources ?? []).join(','),
        },
        { signal, ...LOCAL },
      )
    ).data,

  /** POST update_campaign/: the renamed campaign (now on top). */
  renameCampaign: async (input: { campaignId: number; name: string }, signal?: AbortSignal) =>
    (
      await campaign.post<{ data: CampaignSummary }>(
        'update_campaign/',
        { campaign_id: input.campaignId, name: input.name },
        { signal, ...LOCAL },
      )
    ).data,

  /**
   * POST update_campaign/ with advanced_search: the campaign's content sources and keywords (replacing the
   * stored ones; `{}` is the default, the global pool and every feed). Answers the campaign (now on top).
   */
  setCampaignSources: async (
    input: { campaignId: number; advancedSearch: Record<string, unknown> },
    signal?: AbortSignal,
  ) =>
    (
      await campaign.post<{ data: CampaignSummary }>(
        'update_campaign/',
        { campaign_id: input.campaignId, advanced_search: JSON.stringify(input.advancedSearch) },
        { signal, ...LOCAL },
      )
    ).data,

  /** POST clone_campaign/{id}/: the copy, which goes right after the original. */
  cloneCampaign: async (campaignId: number, signal?: AbortSignal): Promise<CampaignSummary> =>
    (
      await campaign.post<{ data: CampaignSummary }>(
        `clone_campaign/${campaignId}/`,
        {},
        { signal, ...LOCAL },
      )
    ).data,

  /** POST delete_campaign/ with dry_run=1: what the deletion would take with it. */
  campaignDeletion: async (campaignId: number, signal?: AbortSignal): Promise<CampaignDeletion> =>
    (
      await campaign.post<{ data: CampaignDeletion }>(
        'delete_campaign/',
        { campaign_id: campaignId, dry_run: 1 },
        { signal, ...LOCAL },
      )
    ).data,

  /** POST delete_campaign/: refused with a message while a workflow uses one of its emails. */
  deleteCampaign: async (campaignId: number, signal?: AbortSignal): Promise<number> => {
    await campaign.post('delete_campaign/', { campaign_id: campaignId }, { signal, ...LOCAL });
    return campaignId;
  },

  /** GET campaign_details/{id}/: the campaign, its emails by edition state and its graph. */
  details: async (campaignId: number, signal?: AbortSignal): Promise<CampaignDetails> =>
    (await campaign.get<{ data: CampaignDetails }>(`campaign_details/${campaignId}/`, { signal })).data,

  /** POST create_email/: a new email with its 'Draft Edition', or a copy of cloneOf. */
  createEmail: async (input: NewEmail, signal?: AbortSignal): Promise<CampaignEmail> =>
    (
      await campaign.post<{ data: CampaignEmail }>(
        'create_email/',
        {
          ...(input.name ? { email_name: input.name } : {}),
          email_type: input.emailType,
          ...(input.campaignId !== null ? { campaign_id: input.campaignId } : {}),
          ...(input.newCampaignName ? { create_campaign_flag: 1, campaign_name: input.newCampaignName } : {}),
          ...(input.cloneOf ? { email_id: input.cloneOf, clone_only: 1 } : {}),
          ...(input.templateId ? { template_id: input.templateId } : {}),
        },
        { signal, ...LOCAL },
      )
    ).data,

  /** POST update_email/: rename. */
  renameEmail: async (input: { emailId: number; name: string }, signal?: AbortSignal) =>
    (
      await campaign.post<{ data: CampaignEmail }>(
        'update_email/',
        { email_id: input.emailId, email_name: input.name },
        { signal, ...LOCAL },
      )
    ).data,

  /** POST delete_email/. */
  deleteEmail: async (input: { emailId: number; campaignId: number }, signal?: AbortSignal) => {
    await campaign.post(
      'delete_email/',
      { email_id: input.emailId, campaign_id: input.campaignId },
      { signal, ...LOCAL },
    );
    return input.emailId;
  },

  /** POST create_edition/: a new 'Draft Edition' of the email. */
  createEdition: async (emailId: number, signal?: AbortSignal): Promise<Edition> =>
    (await campaign.post<{ data: Edition }>('create_edition/', { asset_id: emailId }, { signal, ...LOCAL }))
      .data,

  /** POST delete_edition/: refused for an email's last edition. */
  deleteEdition: async (editionId: number, signal?: AbortSignal): Promise<number> => {
    await campaign.post('delete_edition/', { edition_id: editionId }, { signal, ...LOCAL });
    return editionId;
  },

  /** GET get_email_browser_content/: the emails you may use (to clone from). */
  /** GET get_emails_without_campaign/: a page of the emails of no campaign (the starter emails among them). */
  emailsWithoutCampaign: (
    query: { offset: number; limit: number },
    signal?: AbortSignal,
  ): Promise<EmailsPage> => campaign.get<EmailsPage>('get_emails_without_campaign/', { query, signal }),

  browseEmails: (
    query: { offset: number; limit: number; search: string; emailType: string },
    signal?: AbortSignal,
  ): Promise<EmailsPage> =>
    campaign.get<EmailsPage>('get_email_browser_content/', {
      query: {
        offset: query.offset,
        limit: query.limit,
        ...(query.search ? { search: query.search } : {}),
        ...(query.emailType !== 'all' ? { email_type: query.emailType } : {}),
      },
      signal,
    }),

  /** GET campaign_audience/: the campaign's lists and contacts and who they reach. */
  campaignAudience: async (campaignId: number, signal?: AbortSignal): Promise<CampaignAudience> =>
    (
      await campaign.get<{ data: CampaignAudience }>('campaign_audience/', {
        query: { campaign_id: campaignId },
        signal,
      })
    ).data,

  /** POST campaign_audience/: replaces the campaign's lists and contacts. */
  saveCampaignAudience: async (
    input: CampaignAudienceChoice,
    signal?: AbortSignal,
  ): Promise<CampaignAudience> =>
    (
      await campaign.post<{ data: CampaignAudience }>('campaign_audience/', audienceForm(input), {
        signal,
        ...LOCAL,
      })
    ).data,

  /** POST campaign_recipients_count/: who an audience being chosen would reach (nothing saved). */
  campaignRecipientsCount: async (
    input: CampaignAudienceChoice,
    signal?: AbortSignal,
  ): Promise<RecipientsCount> =>
    (
      await campaign.post<{ data: RecipientsCount }>('campaign_recipients_count/', audienceForm(input), {
        signal,
        ...LOCAL,
      })
    ).data,
};

export type CampaignAudienceChoice = { campaignId: number; listIds: number[]; contactIds: number[] };

const audienceForm = (input: CampaignAudienceChoice) => ({
  campaign_id: input.campaignId,
  list_ids: input.listIds.join(','),
  contact_ids: input.contactIds.join(','),
});

export type CampaignApi = typeof campaignApi;
