import type { PersonRow } from './audiencePeople.ts';

/**
 * Recommended people: who is worth adding to an audience, from engagement and fit (docs/audiences.md,
 * "Recommended people"). The weights and limits here are the one definition the server's query and the
 * screen's explanation both read.
 */

/** Opens and clicks count when they happened in this many days before now. */
export const RECENT_DAYS = 90;
/** At most this many people are recommended (select-all on the group means these). */
export const RECOMMENDED_LIMIT = 200;
/** An engagement score at least this high counts as engaged without recent opens or clicks. */
export const ENGAGED_SCORE = 50;
/** The list's fit: its most frequent industries and designations, this many of each. */
export const FIT_VALUES = 3;

export const RECOMMENDATION_WEIGHTS = {
  /** Each emails opened in the window (at most 5 count). */
  recentOpen: 5,
  /** Each email clicked in the window (at most 5 count). */
  recentClick: 10,
  /** The contact's industry is one of the list's. */
  industryFit: 25,
  /** The contact's designation is one of the list's (any case). */
  designationFit: 25,
} as const;
export const RECENT_COUNT_CAP = 5;

export type RecommendationReason = 'engaged' | 'recent_opens' | 'recent_clicks' | 'industry' | 'designation';

export type RecommendedPerson = PersonRow & {
  recommendation: {
    score: number;
    recent_opens: number;
    recent_clicks: number;
    reasons: RecommendationReason[];
  };
};

/** The list's profile that fit is measured against (empty without a list, or for an empty list). */
export type AudienceFit = { industries: string[]; designations: string[] };

export type RecommendedPeoplePage = {
  total_count: number;
  data: RecommendedPerson[];
  fit: AudienceFit;
};

/** The reasons in words, as the screen shows them beside a person. */
export function reasonText(
  reason: RecommendationReason,
  person: RecommendedPerson['recommendation'],
): string {
  switch (reason) {
    case 'engaged':
      return 'Highly engaged';
    case 'recent_opens':
      return `Opened ${person.recent_opens} recently`;
    case 'recent_clicks':
      return `Clicked ${person.recent_clicks} recently`;
    case 'industry':
      return 'Same industry as the list';
    case 'designation':
      return 'Same role as the list';
  }
}
