import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { preflightAiEmailBodySchema, publishAiEmailBodySchema } from '../../../domain/aiEmailSchemas.ts';
import type { AppContext } from '../../lib/AppContext.ts';
import { authGuard, currentAuth } from '../../lib/sessions.ts';
import { TestSendLimiter } from '../delivery/testSendRules.ts';
import type { EditionSender } from '../publish/EditionSender.ts';
import { oneClickSelfTest } from '../publish/oneClickSelfTest.ts';
import type { OutlookMailboxes } from '../publish/outlook/OutlookMailboxes.ts';
import type { SendDeps } from '../publish/sendDeps.ts';
import { preflightAiEmail, publishAiEmail } from './publishAiEmail.ts';

/**
 * publish_ai_email/ on the publishing base: an AI email's variants sent through the one send path, each
 * personality its own. See docs/ai.md and docs/publish.md.
 */
export function aiPublishRoutes(
  ctx: AppContext,
  sender: EditionSender,
  mailboxes: OutlookMailboxes,
): FastifyPluginAsyncZod {
  const { db, config } = ctx;
  return async (app) => {
    app.addHook('onRequest', authGuard(ctx.sessions, config));
    const deps: SendDeps = {
      db,
      config,
      mailboxes,
      sender,
      testLimiter: new TestSendLimiter(ctx.rateLimiter),
      clock: ctx.clock,
      oneClickSelfTest: oneClickSelfTest(app, config),
    };

    app.post(
      'preflight_ai_email/',
      {
        schema: {
          tags: ['publish', 'AI emails'],
          summary: "An AI email's send checks: every variant with its segment as its audience, nothing sent",
          description:
            'Form: generation_id, sender_address_id, sender_name. The audience is segmented again and each ' +
            "variant's edition given its segment (as publish_ai_email/ does), then every send rule is run on each. " +
            'Answers {generation_id, variants: [{email_id, version_id, ai_type, recipients, errors, warnings}]}.',
          body: preflightAiEmailBodySchema,
        },
      },
      async (request) => ({
        success: true as const,
        data: await preflightAiEmail(deps, currentAuth(request).user, request.body),
      }),
    );

    app.post(
      'publish_ai_email/',
      {
        schema: {
          tags: ['publish', 'AI emails'],
          summary: 'Send an AI email now: each personality of its audience gets its own variant',
          description:
            'Form: generation_id, sender_address_id, sender_name, confirm_warnings. The audience is segmented ' +
            'again; each variant goes to its segment through publish_email/ (every send rule first, for every ' +
            'variant: a refusal names the variant, with email_id and ai_type, and nothing is sent). Answers ' +
            '{generation_id, sends: [{email_id, version_id, ai_type, recipients, send_id, status}]}.',
          body: publishAiEmailBodySchema,
        },
      },
      async (request) => ({
        success: true as const,
        data: await publishAiEmail(deps, currentAuth(request).user, request.body, request.userTz),
      }),
    );
  };
}
