import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  aiIdQuerySchema,
  createAiEmailBodySchema,
  generationQuerySchema,
  reviewAiEmailsBodySchema,
} from '../../../domain/aiEmailSchemas.ts';
import type { AppContext } from '../../lib/AppContext.ts';
import { authGuard, currentAuth } from '../../lib/sessions.ts';
import type { AiGenerations } from './AiGenerations.ts';
import { composerNameOf } from './aiComposerOf.ts';
import { aiEmailsOf } from './aiEmailsOf.ts';
import { aiEmailProgress, cancelAiEmail } from './cancelAiEmail.ts';
import { createAiEmail } from './createAiEmail.ts';
import { reviewAiEmails } from './reviewAiEmails.ts';

const FAILURES =
  "Failures: 400 'Provide valid Audience for AI Email creation' (no audience, or nobody in it), 400 " +
  "'Provide valid Audience for Audience segregation' (nobody of the personalities asked for), 502 " +
  "'AI_GENERATIVE_EMAIL_API Failed!!' (the language model failed: nothing kept), 504 'AI Emails Creation " +
  "Unsuccessful!!' (past the time limit, 300 s: nothing kept), 409 when cancelled (nothing kept).";

/**
 * The AI email calls that make and follow a generation (create_ai_email/, ai_email_progress/,
 * cancel_ai_email/, get_ai_emails/, review_ai_emails/) on the campaign base. A generation is written by a
 * job (AiGenerations); another organisation's generation is a 404. See docs/ai.md.
 */
export function aiEmailRoutes(ctx: AppContext, jobs: AiGenerations): FastifyPluginAsyncZod {
  const { db, config } = ctx;
  const tags = ['AI emails'];
  const deps = { db, jobs, composerName: composerNameOf(config.ai), limitMs: config.aiGenerationLimitMs };
  return async (app) => {
    app.addHook('onRequest', authGuard(ctx.sessions, config));

    app.post(
      'create_ai_email/',
      {
        schema: {
          tags,
          summary: 'Write an AI email: one variant per personality of the audience (waits up to 300 s)',
          description:
            'Form: email_name, campaign_id or create_campaign_flag=1 with campaign_name, prompt, contact_ids, ' +
            'list_ids, personalities (first letters D, I, S, C, O; none: all the audience has), ai_id (the ' +
            "client's id of this request: ai_email_progress/ and cancel_ai_email/ name it; the same ai_id again " +
            'waits for the same generation), event_type, emails_to. The audience is segmented by personality ' +
            '(none: Others); the variants are written in parallel by a job and kept all at once. Answers ' +
            `{generation_id, campaign_id, generation, emails}. ${FAILURES}`,
          body: createAiEmailBodySchema,
        },
      },
      async (request) => ({
        success: true as const,
        data: await createAiEmail(deps, currentAuth(request).user, request.body),
      }),
    );

    app.get(
      'ai_email_progress/',
      {
        schema: {
          tags,
          summary: 'How far an AI email is: {state, done, total, generation_id, message}',
          description: 'Query: ai_id. state: running, done, failed (message: why) or cancelled.',
          querystring: aiIdQuerySchema,
        },
      },
      async (request) => ({
        success: true as const,
        data: await aiEmailProgress(db, currentAuth(request).user.org_id, request.query.ai_id),
      }),
    );

    app.post(
      'cancel_ai_email/',
      {
        schema: {
          tags,
          summary: 'Cancel an AI email being written: nothing of it is kept',
          description: 'Form: ai_id. One already finished: 400.',
          body: aiIdQuerySchema,
        },
      },
      async (request) => ({
        success: true as const,
        data: await cancelAiEmail(db, jobs, currentAuth(request).user.org_id, request.body.ai_id),
      }),
    );

    app.get(
      'get_ai_emails/',
      {
        schema: {
          tags,
          summary: 'An AI email: the generation and its variants',
          description:
            'Query: generation_id. {generation: {generation_id, name, prompt, campaign_id, composer, ' +
            'composer_label, state, created_on, reviewed}, emails: [{email_id, version_id, email_name, subject, ' +
            'preheader, ai_type, ai_code, ai_color, segment_size, is_reviewed, last_visited, thumbnail}]}.',
          querystring: generationQuerySchema,
        },
      },
      async (request) => ({
        success: true as const,
        data: await aiEmailsOf(db, currentAuth(request).user.org_id, request.query.generation_id),
      }),
    );

    app.post(
      'review_ai_emails/',
      {
        schema: {
          tags,
          summary: 'Mark variants reviewed and/or visited now',
          description:
            'Form: generation_id, email_id (variants; none: all), is_reviewed (1/0), last_visited (1: now). ' +
            'The generation reads reviewed once every variant is. Answers as get_ai_emails/.',
          body: reviewAiEmailsBodySchema,
        },
      },
      async (request) => ({
        success: true as const,
        data: await reviewAiEmails(db, currentAuth(request).user, request.body),
      }),
    );
  };
}
