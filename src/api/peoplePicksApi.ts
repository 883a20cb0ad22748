import type { PeoplePicks } from '../../domain/peoplePicks.ts';
import { picksPayload } from '../../domain/peoplePicks.ts';
import type { RecommendedPeoplePage } from '../../domain/recommendedPeople.ts';
import { audienceService } from './audienceService.ts';

/** Refusals show where the person is (the dialog or the screen), not on the global error page. */
const LOCAL_ERRORS = { errorCatalogue: false } as const;

/** Recommended people and adding people chosen by group (docs/audiences.md "Recommended people and groups"). */
export const peoplePicksApi = {
  /** GET recommended_people/: a page of the people recommended for a list (or any audience). */
  recommendedPeople: async (
    query: { listId: number | null; offset: number; limit: number },
    signal?: AbortSignal,
  ): Promise<RecommendedPeoplePage> => {
    const answer = await audienceService.get<{ success: true } & RecommendedPeoplePage>(
      'recommended_people/',
      {
        query: {
          ...(query.listId !== null ? { list_id: query.listId } : {}),
          offset: query.offset,
          limit: query.limit,
        },
        signal,
      },
    );
    return { total_count: answer.total_count, data: answer.data, fit: answer.fit };
  },

  /** POST add_picks_to_list/: people ticked one by one and whole groups, added to a list. */
  addPicksToList: async (picks: PeoplePicks, listId: number): Promise<number> =>
    (
      await audienceService.post<{ success: true; added_count: number }>(
        'add_picks_to_list/',
        { list_id: String(listId), picks: JSON.stringify(picksPayload(picks)) },
        LOCAL_ERRORS,
      )
    ).added_count,
};
