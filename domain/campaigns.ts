/**
 * What the campaign and edition service answers (Campaign, Email, Email / edition list
 * item, Asset with editions, Draft edition). Shared by the server and the client.
 */

export type CampaignTotals = {
  contacts: number;
  sent: number;
  delivered: number;
  open: number;
  clicks: number;
};

export type CampaignSummary = {
  campaign_id: number;
  campaign_name: string;
  name: string;
  user_id: number;
  created_by: string;
  thumbnails: string[];
  last_update: string;
  emails_count: number;
  totals: CampaignTotals;
};

export type CampaignCounts = {
  total_emails_count: number;
  adhoc_emails_count: number;
  digest_emails_count: number;
  ai_emails_count: number;
};

export type CampaignsPage = CampaignCounts & { total_count: number; data: CampaignSummary[] };

export type EditionStatus = 'draft' | 'sent' | 'scheduled' | 'test';

export type Edition = {
  edition_id: number;
  version_id: number;
  email_id: number;
  name: string;
  subject: string;
  status: EditionStatus;
  articles_count: number;
  thumbnail: string | null;
  last_update: string;
  created_on: string;
  sent_at: string | null;
  scheduled_for: string | null;
};

/** An email of a campaign with its editions (spec: Email, Asset with editions). */
export type CampaignEmail = {
  email_id: number;
  name: string;
  email_name: string;
  email_subject: string;
  subject: string;
  email_type: number;
  user_id: number;
  articles_count: number;
  campaign_id: number | null;
  campaign_name: string | null;
  thumbnails: string[];
  last_updated: string;
  created_on: string;
  editions: Edition[];
  /** An AI variant: the generation it belongs to, its personality's name and colour. */
  generation_id?: number | null;
  ai_type?: string | null;
  ai_color?: string | null;
};

export type CampaignGraphPoint = { date: string; sent: number; opens: number; clicks: number };

/** A campaign's content sources by name: 'global' is the global pool, a number a source's id. */
export type CampaignContentSources = {
  include: { id: number | 'global'; name: string }[];
  exclude: { id: number | 'global'; name: string }[];
};

export type CampaignDetails = CampaignSummary & {
  keywords: string[];
  advanced_search: Record<string, unknown>;
  /** The advanced search's sources with their names (none included: the global pool and every feed). */
  content_sources: CampaignContentSources;
  list_ids: number[];
  contact_ids: number[];
  emails: {
    draft: CampaignEmail[];
    sent: CampaignEmail[];
    test: CampaignEmail[];
    scheduled: CampaignEmail[];
    all: CampaignEmail[];
  };
  graph: CampaignGraphPoint[];
};

/** What deleting a campaign takes with it (delete_campaign/ with dry_run=1). */
export type CampaignDeletion = {
  campaign_id: number;
  campaign_name: string;
  emails: { email_id: number; name: string }[];
  sends: number;
  /** Workflows that use one of its emails: while there are any, the deletion is refused. */
  workflows: { id: number; name: string }[];
};

export type EmailsPage = { total_count: number; marked_count: number; data: CampaignEmail[] };

/** An email as an asset (get_assets/): a digest is 'Hybrid', an ad hoc email 'Custom', an AI email 'AI'. */
export type Asset = {
  asset_id: number;
  id: number;
  name: string;
  asset_type: 'Hybrid' | 'Custom' | 'AI';
  thumbnails: string[];
  last_update: string;
  creation_time: string;
  /** The curated articles of all its editions. */
  total_curated_articles: number;
  /** 'sent' once an edition was sent, 'scheduled' when one waits, else 'draft'. */
  status: 'draft' | 'scheduled' | 'sent';
  /** The A/B variant: always null, the product sends no A/B tests. */
  a_or_b: null;
  campaign_id: number | null;
  campaign_name: string | null;
  editions: Edition[];
};

const ASSET_TYPES: Record<number, Asset['asset_type']> = { 0: 'Hybrid', 1: 'Custom', 2: 'AI' };

/** An email as get_assets/ answers it. */
export function assetOf(email: CampaignEmail): Asset {
  const states = new Set(email.editions.map((edition) => edition.status));
  return {
    asset_id: email.email_id,
    id: email.email_id,
    name: email.name,
    asset_type: ASSET_TYPES[email.email_type] ?? 'Custom',
    thumbnails: email.thumbnails,
    last_update: email.last_updated,
    creation_time: email.created_on,
    total_curated_articles: email.editions.reduce((sum, edition) => sum + edition.articles_count, 0),
    status: states.has('sent') ? 'sent' : states.has('scheduled') ? 'scheduled' : 'draft',
    a_or_b: null,
    campaign_id: email.campaign_id,
    campaign_name: email.campaign_name,
    editions: email.editions,
  };
}

export type CampaignUser = {
  user_id: number;
  first_name: string;
  last_name: string;
  name: string;
  user_email: string;
};
