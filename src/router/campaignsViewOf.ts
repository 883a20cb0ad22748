import { CAMPAIGN_PAGES } from '../modules/campaigns/components/CampaignsPage.tsx';

/** The screens the /campaigns/{page}/{tab}/{subTab} addresses open. */
export type CampaignsView = 'publish' | 'audience' | 'content' | 'campaigns' | 'notFound';

/** The edition steps under /campaigns/editionedit/ that are the campaign's content steps. */
const EDITION_CONTENT_STEPS = ['source', 'sent', 'previous'];

/**
 * Which screen a campaigns address opens. Under editionedit: publish (with any subTab: the publish step
 * shows what the edition's own state calls for, so sent, test and scheduled open the same step),
 * audience, design (the designer), and the content steps source, sent, previous and any part holding
 * "favorites"; /campaigns/content/… is the content steps too. Any other address is a not-found.
 */
export function campaignsViewOf(params: { page?: string; tab?: string; subTab?: string }): CampaignsView {
  const { page = '', tab, subTab } = params;
  if (page === 'content') return 'content';
  if (page === 'editionedit') {
    if (tab === 'publish') return 'publish';
    if (tab === 'audience') return subTab ? 'notFound' : 'audience';
    if (tab && (EDITION_CONTENT_STEPS.includes(tab) || tab.includes('favorites'))) return 'content';
    if (tab && tab !== 'design') return 'notFound';
  }
  return (CAMPAIGN_PAGES as readonly string[]).includes(page) ? 'campaigns' : 'notFound';
}
