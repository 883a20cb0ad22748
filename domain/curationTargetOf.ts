import type { CampaignEmail } from './campaigns.ts';
import type { CurationTarget } from './contentArticles.ts';

/** A new email's Draft Edition as a card of the panel. */
export function curationTargetOf(email: CampaignEmail): CurationTarget | null {
  const edition = email.editions.find((e) => e.status === 'draft');
  if (!edition) return null;
  return {
    version_id: edition.version_id,
    email_id: email.email_id,
    email_name: email.name,
    name: edition.name,
    campaign_id: email.campaign_id,
    campaign_name: email.campaign_name,
    articles_count: edition.articles_count,
    image: null,
    last_update: edition.last_update,
    created_on: edition.created_on,
  };
}
