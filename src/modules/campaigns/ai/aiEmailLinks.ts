import { linkOptions } from '@tanstack/react-router';

const CAMPAIGN_ROUTE = '/campaigns/{-$page}/{-$tab}/{-$subTab}';

/** A campaign's page. */
export const campaignLink = (campaignId: number) =>
  linkOptions({
    to: CAMPAIGN_ROUTE,
    params: { page: 'campaign', tab: undefined, subTab: undefined },
    search: { campaign_id: String(campaignId) } as never,
  });

/** The "New AI email" form of a campaign (?ai_email=1). */
export const newAiEmailLink = (campaignId: number) =>
  linkOptions({
    to: CAMPAIGN_ROUTE,
    params: { page: 'campaign', tab: undefined, subTab: undefined },
    search: { campaign_id: String(campaignId), ai_email: '1' } as never,
  });

/** A generation's review screen (?ai_email=1&generation_id=…). */
export const aiReviewLink = (campaignId: number, generationId: number) =>
  linkOptions({
    to: CAMPAIGN_ROUTE,
    params: { page: 'campaign', tab: undefined, subTab: undefined },
    search: {
      campaign_id: String(campaignId),
      ai_email: '1',
      generation_id: String(generationId),
    } as never,
  });

/** A variant's edition in the designer (its version). */
export const variantDesignLink = (campaignId: number, emailId: number, versionId: number) =>
  linkOptions({
    to: CAMPAIGN_ROUTE,
    params: { page: 'editionedit', tab: 'design', subTab: undefined },
    search: {
      campaign_id: String(campaignId),
      email_id: String(emailId),
      version_id: String(versionId),
    } as never,
  });
