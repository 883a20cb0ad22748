import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  type JourneyCriteria,
  journeyCriteriaSchema,
  journeyOverviewQuerySchema,
  journeyTrailQuerySchema,
  type RecomputeJob,
  recomputeQuerySchema,
  type StageCount,
} from '../../../domain/journeyScoring.ts';
import type { AppContext } from '../../lib/AppContext.ts';
import { authGuard, currentAuth } from '../../lib/sessions.ts';
import { changeCriteria } from './changeCriteria.ts';
import { journeyCriteria } from './journeyCriteria.ts';
import { journeyOverview } from './journeyOverviewQueries.ts';
import { journeyTrail } from './journeyTrailQueries.ts';
import { recomputeState } from './recomputeQueries.ts';
import type { ScoringJobs } from './ScoringJobs.ts';
import { previewStageCounts } from './stageCountQueries.ts';

const CRITERIA =
  'JSON: email_open, email_click, form_submission, page_view (points, -1000 to 1000), unsubscribe (0 or ' +
  'less), page_patterns ([{ pattern: a path with * for any characters, points }], at most 20; a view gets ' +
  'the first that matches), half_life_days (1 to 3650), stages ([{ name, min_score }], ascending from 0).';

/**
 * Lead scoring of the buyer journey (docs/journey.md): the criteria (a change queues the bulk recompute,
 * a background job whose progress recompute/ answers), the preview of a change, the contacts overview
 * by stage and a contact's journey trail. Another organisation's job or contact is a 404.
 */
export function journeyScoringRoutes(ctx: AppContext, scoring: ScoringJobs): FastifyPluginAsyncZod {
  const { db, config } = ctx;
  const tags = ['buyer journey scoring'];
  return async (app) => {
    app.addHook('onRequest', authGuard(ctx.sessions, config));

    app.get(
      'criteria/',
      { schema: { tags, summary: "The organisation's scoring criteria (the defaults until changed)" } },
      async (request): Promise<JourneyCriteria> => journeyCriteria(db, currentAuth(request).user.org_id),
    );

    app.post(
      'criteria/',
      {
        schema: {
          tags,
          summary: 'Change the scoring criteria; queues the recompute of every score (job: its progress)',
          description: CRITERIA,
          body: journeyCriteriaSchema,
        },
      },
      async (request): Promise<{ criteria: JourneyCriteria; job: RecomputeJob }> =>
        changeCriteria(db, scoring, currentAuth(request).user.org_id, request.body),
    );

    app.get(
      'recompute/',
      {
        schema: {
          tags,
          summary: "A recompute's progress: state (queued, running, done, failed), contacts done of total",
          querystring: recomputeQuerySchema,
        },
      },
      async (request): Promise<RecomputeJob> =>
        recomputeState(db, currentAuth(request).user.org_id, request.query.job_id),
    );

    app.post(
      'criteria_preview/',
      {
        schema: {
          tags,
          summary: 'How many contacts each stage would hold under these criteria (nothing is saved)',
          description: CRITERIA,
          body: journeyCriteriaSchema,
        },
      },
      async (request): Promise<{ stages: StageCount[] }> => ({
        stages: await previewStageCounts(db, currentAuth(request).user.org_id, request.body, ctx.clock()),
      }),
    );

    app.get(
      'overview/',
      {
        schema: {
          tags,
          summary: 'The stages with their contacts, and a page of contacts by score',
          description:
            'buyer_stage_filter (a stage name; empty: all), search (name or address contains), page (from 1), ' +
            'page_size (1-100, default 20).',
          querystring: journeyOverviewQuerySchema,
        },
      },
      async (request) => journeyOverview(db, currentAuth(request).user.org_id, request.query),
    );

    app.get(
      'buyer_journey_trail/',
      {
        schema: {
          tags,
          summary: "A contact's scored activities, newest first, with the points each gave",
          description: 'contact_id, page (from 1), page_size (1-100, default 20).',
          querystring: journeyTrailQuerySchema,
        },
      },
      async (request) => journeyTrail(db, currentAuth(request).user.org_id, request.query),
    );
  };
}
