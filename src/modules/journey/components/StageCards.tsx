import { Link } from '@tanstack/react-router';
import { pluralNoun } from '../../../../domain/countOf.ts';
import { formatThousands } from '../../../../domain/formatThousands.ts';
import type { StageCount } from '../../../../domain/journeyScoring.ts';

type Props = {
  stages: readonly StageCount[];
  /** The stage shown (its name), or null for every stage. */
  current: string | null;
};

/** Where a stage card leads: its contacts (the list from its first row, the search kept). */
const stageSearch = (stage: string | null) => (previous: Record<string, unknown>) => ({
  ...previous,
  buyer_stage_filter: stage ?? undefined,
  offset: undefined,
});

/**
 * The contacts by buyer stage, lowest first: a card per stage with its count and threshold, each a link to
 * that stage's contacts (buyer_stage_filter in the address), and All stages first; the one shown is marked.
 */
export function StageCards({ stages, current }: Props) {
  const total = stages.reduce((sum, stage) => sum + stage.contacts, 0);
  const cards = [
    { key: '', name: 'All stages', detail: 'Every contact', contacts: total, stage: null },
    ...stages.map((stage) => ({
      key: stage.name,
      name: stage.name,
      detail: `Score ${formatThousands(stage.min_score)} or more`,
      contacts: stage.contacts,
      stage: stage.name,
    })),
  ];
  return (
    <nav aria-label="Buyer stages">
      <ul className="journey-stages" data-testid="journey-stage-cards">
        {cards.map((card) => (
          <li key={card.key}>
            <Link
              to="/buyer-journey/{-$tab}"
              params={{ tab: 'contacts' }}
              search={stageSearch(card.stage) as never}
              resetScroll={false}
              // Only the stage shown is current (the router would also mark All stages, whose search is a
              // part of every stage's).
              activeOptions={{ exact: true }}
              className="journey-stage"
              aria-current={card.stage === current ? 'page' : undefined}
              data-stage={card.key}
            >
              <span className="journey-stage__name">{card.name}</span>
              <span className="journey-stage__count">
                {formatThousands(card.contacts)}{' '}
                <span className="journey-stage__noun">
                  {pluralNoun(card.contacts, 'contact', 'contacts')}
                </span>
              </span>
              <span className="journey-stage__detail">{card.detail}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
