import { Link } from '@tanstack/react-router';
import type { CampaignContentSources } from '../../../../domain/campaigns.ts';
import { buttonClassName } from '../../../ui/buttonClassName.ts';

type Props = { campaignId: number; sources: CampaignContentSources };

/**
 * A campaign's content sources (none chosen: the global pool and every feed), a way into the content
 * explorer that starts from them (campaign_id in its address), and its content steps: source and favourites.
 */
export function CampaignSourcesSummary({ campaignId, sources }: Props) {
  const names = (list: CampaignContentSources['include']) => list.map((s) => s.name).join(', ');
  return (
    <section className="campaign-detail__sources" aria-label="Content sources">
      <dl className="campaign-sources">
        <dt>Content sources</dt>
        <dd>{sources.include.length > 0 ? names(sources.include) : 'Global pool and all your feeds'}</dd>
        {sources.exclude.length > 0 ? (
          <>
            <dt>Excluded</dt>
            <dd>{names(sources.exclude)}</dd>
          </>
        ) : null}
      </dl>
      <div className="campaign-detail__source-actions">
        <Link
          to="/content/$tab"
          params={{ tab: 'explorer' }}
          search={{ campaign_id: String(campaignId) } as never}
          className={buttonClassName('secondary', 'sm')}
        >
          Find articles for this campaign
        </Link>
        <Link
          to="/campaigns/{-$page}/{-$tab}/{-$subTab}"
          params={{ page: 'content', tab: 'source' }}
          search={{ campaign_id: String(campaignId) } as never}
          className={buttonClassName('secondary', 'sm')}
        >
          Choose sources
        </Link>
        <Link
          to="/campaigns/{-$page}/{-$tab}/{-$subTab}"
          params={{ page: 'content', tab: 'favorites' }}
          search={{ campaign_id: String(campaignId) } as never}
          className={buttonClassName('secondary', 'sm')}
        >
          From your favourites
        </Link>
      </div>
    </section>
  );
}
