import type { JourneyCriteriaPreview, JourneyCriteriaSaved } from '../../domain/journeyAnswers.ts';
import type {
  JourneyCriteria,
  JourneyOverview,
  JourneyTrail,
  RecomputeJob,
} from '../../domain/journeyScoring.ts';
import type { JourneySources, JourneyTracking } from '../../domain/journeyTracking.ts';
import { serviceClient } from './serviceClient.ts';

const journey = serviceClient('journey');
/** Refusals of a save (a bad domain, bad criteria) are shown by the form that sent it. */
const LOCAL = { errorCatalogue: false } as const;

type Answer<T> = T & { success?: true };

export type JourneyPeriod = { startDate: string; endDate: string };

/** The overview's query: a stage (null: every stage), the settled search, and the rows wanted. */
export type JourneyOverviewQuery = { stage: string | null; q: string; offset: number; limit: number };

/**
 * The page a paged call of this service (overview, trail) asks for: rows offset..offset+limit as page/page_size. An offset that is not a
 * multiple of limit asks for the first offset+limit rows (the caller drops the first offset).
 */
export function overviewPage(
  offset: number,
  limit: number,
): { page: number; pageSize: number; skip: number } {
  if (limit > 0 && offset % limit === 0) return { page: offset / limit + 1, pageSize: limit, skip: 0 };
  return { page: 1, pageSize: offset + limit, skip: offset };
}

/**
 * GET of a paged call (page, page_size) for rows offset..offset+limit, the rows before offset dropped
 * (overviewPage), with the call's own query.
 */
async function pagedGet<T extends { result: unknown[] }>(
  path: string,
  rows: { offset: number; limit: number },
  signal: AbortSignal | undefined,
  query: Record<string, string | number | undefined>,
): Promise<T> {
  const { page, pageSize, skip } = overviewPage(rows.offset, rows.limit);
  const answer = await journey.get<Answer<T>>(path, {
    query: { ...query, page, page_size: pageSize },
    signal,
  });
  return skip > 0 ? { ...answer, result: answer.result.slice(skip) } : answer;
}

/**
 * The buyer journey service (base /api/journey/, the spec's second API base): the tracking snippet and
 * domains, the sources report, the contacts overview by stage, the scoring criteria with their preview and
 * the recompute they queue, and a contact's scored activities.
 */
export const journeyApi = {
  /** GET tracking/: the organisation's tracking id, declared domains and snippet. */
  tracking: (signal?: AbortSignal): Promise<JourneyTracking> =>
    journey.get<Answer<JourneyTracking>>('tracking/', { signal }),

  /** POST tracking/: declares the website domains the snippet may report from. */
  saveDomains: (domains: string[], signal?: AbortSignal): Promise<JourneyTracking> =>
    journey.postJson<Answer<JourneyTracking>>('tracking/', { domains }, { ...LOCAL, signal }),

  /** GET sources/: page views of the period by source, UTM and referrer. */
  sources: (period: JourneyPeriod, signal?: AbortSignal): Promise<JourneySources> =>
    journey.get<Answer<JourneySources>>('sources/', {
      query: { start_date: period.startDate, end_date: period.endDate },
      signal,
      kind: 'journey.sources',
    }),

  /** GET overview/: contacts per stage and a page of contacts (of one stage, searched). */
  overview: (query: JourneyOverviewQuery, signal?: AbortSignal): Promise<JourneyOverview> =>
    pagedGet<JourneyOverview>('overview/', query, signal, {
      buyer_stage_filter: query.stage ?? undefined,
      search: query.q || undefined,
    }),

  /** GET criteria/: the organisation's scoring criteria (the defaults until it saves its own). */
  criteria: (signal?: AbortSignal): Promise<JourneyCriteria> =>
    journey.get<Answer<JourneyCriteria>>('criteria/', { signal }),

  /** POST criteria/: saves the criteria and queues the recompute of every contact's score. */
  saveCriteria: (criteria: JourneyCriteria, signal?: AbortSignal): Promise<JourneyCriteriaSaved> =>
    journey.postJson<Answer<JourneyCriteriaSaved>>('criteria/', { ...criteria }, { ...LOCAL, signal }),

  /** POST criteria_preview/: how many contacts each stage would hold under criteria not yet saved. */
  criteriaPreview: (criteria: JourneyCriteria, signal?: AbortSignal): Promise<JourneyCriteriaPreview> =>
    journey.postJson<Answer<JourneyCriteriaPreview>>(
      'criteria_preview/',
      { ...criteria },
      { ...LOCAL, signal, kind: 'journey.criteriaPreview' },
    ),

  /** GET buyer_journey_trail/: a contact's scored activities, newest first, with the points each gives. */
  trail: (
    query: { contactId: number; offset: number; limit: number },
    signal?: AbortSignal,
  ): Promise<JourneyTrail> =>
    pagedGet<JourneyTrail>('buyer_journey_trail/', query, signal, { contact_id: query.contactId }),

  /** GET recompute/: the progress of a recompute. */
  recompute: (jobId: number, signal?: AbortSignal): Promise<RecomputeJob> =>
    journey.get<Answer<RecomputeJob>>('recompute/', { query: { job_id: jobId }, signal }),
};

export type JourneyApi = typeof journeyApi;
