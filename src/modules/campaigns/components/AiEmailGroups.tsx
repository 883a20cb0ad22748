import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { CampaignEmail } from '../../../../domain/campaigns.ts';
import { countOf } from '../../../../domain/countOf.ts';
import { buttonClassName } from '../../../ui/buttonClassName.ts';
import { aiReviewLink } from '../ai/aiEmailLinks.ts';
import type { AiEmailGroup } from '../utils/aiEmailGroups.ts';

type Props = {
  campaignId: number;
  groups: AiEmailGroup[];
  /** The cards of a group's variants (the campaign's own email cards). */
  cards: (emails: CampaignEmail[], label: string) => ReactNode;
};

/** The AI group of a campaign's email list: each AI email's variants together, with its Review link. */
export function AiEmailGroups({ campaignId, groups, cards }: Props) {
  return groups.map((group, index) => {
    const label = `AI email ${index + 1}`;
    return (
      <section key={group.generationId} className="ai-email-group" aria-label={label}>
        <header className="ai-email-group__head">
          <h3 className="ai-email-group__title">
            AI email · {countOf(group.emails.length, 'variant', 'variants')}
          </h3>
          <Link
            {...aiReviewLink(campaignId, group.generationId)}
            className={buttonClassName('secondary', 'sm')}
            aria-label={`Review ${label}`}
          >
            Review
          </Link>
        </header>
        {cards(group.emails, `${label} variants`)}
      </section>
    );
  });
}
