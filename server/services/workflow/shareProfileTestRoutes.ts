import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendTestShareProfileBodySchema } from '../../../domain/workflowSchemas.ts';
import type { ShareProfileConfig, WorkflowAnswers } from '../../../domain/workflowTypes.ts';
import type { AppContext } from '../../lib/AppContext.ts';
import { badRequest, notFound } from '../../lib/AppError.ts';
import { escapeHtml } from '../../lib/escapeHtml.ts';
import { currentAuth } from '../../lib/sessions.ts';
import {
  checkTestSendAddresses,
  TEST_SENDS_PER_ORGANISATION,
  TEST_SENDS_PER_USER,
  TestSendLimiter,
} from '../delivery/testSendRules.ts';
import { findOrgShareProfile } from './lookups.ts';
import { loadOwnSummary } from './workflowQueries.ts';

function testEmail(config: ShareProfileConfig, profileName: string) {
  const lines = [
    `This is a test of the share profile "${profileName}".`,
    `Sender: ${config.senderName} <${config.sendFrom}>`,
    `Reply to: ${config.replyTo}`,
    `Template: ${config.template ?? 'none'}`,
    `Personality metrics: ${config.personalityMetrics.join(', ') || 'none'}`,
    `Signature: ${config.signature ?? 'none'} (${config.initials})`,
    `Platform: ${config.sendPlatform}`,
  ];
  return {
    subject: `[Test] ${config.emailSubject || profileName}`,
    text: lines.join('\n'),
    html: `<!doctype html><html><body>${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}</body></html>`,
  };
}

/**
 * send_test_share_profile/: a test email of a share profile, written to the outbox: only to the
 * organisation's own users or verified addresses, from one of its verified senders, and rate limited.
 */
export function shareProfileTestRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db } = ctx;
  const limiter = new TestSendLimiter(ctx.rateLimiter);
  return async (app) => {
    app.post(
      'send_test_share_profile/',
      {
        schema: {
          tags: ['workflow'],
          summary: 'Send a test email of a share profile (to the outbox), to your organisation only',
          description:
            'sp_uuid (a share profile of your organisation) or config (the configuration as JSON), optional ' +
            'workflow_id (yours; its share profile is used when sp_uuid is absent), optional to (defaults to ' +
            "your own address; only your organisation's users or verified addresses, from a verified sender; " +
            `at most ${TEST_SENDS_PER_USER} per person and ${TEST_SENDS_PER_ORGANISATION} per organisation in 10 minutes, else 429).`,
          body: sendTestShareProfileBodySchema,
        },
      },
      async (request): Promise<WorkflowAnswers['send_test_share_profile'] & { success: true }> => {
        const { user } = currentAuth(request);
        const body = request.body;
        let spUuid = body.sp_uuid;
        if (body.workflow_id !== undefined) {
          const workflow = await loadOwnSummary(db, user.id, body.workflow_id);
          spUuid ??= workflow.sp_uuid;
        }
        let config = body.config;
        let name = 'Test profile';
        if (spUuid) {
          const profile = await findOrgShareProfile(db, user.org_id, spUuid);
          if (!profile) throw notFound('Share profile not found.');
          config ??= profile.config;
          name = profile.name;
        }
        if (!config) throw badRequest('Send sp_uuid (or a workflow with a share profile) or config.');
        const to = body.to ?? user.email;
        await checkTestSendAddresses(db, user.org_id, { to, from: config.sendFrom });
        await limiter.take(user.id, user.org_id);
        const email = testEmail(config, name);
        await ctx.mail.send({ orgId: user.org_id, kind: 'share_profile_test', to, ...email });
        return { success: true, message: `A test email has been sent to ${to}.` };
      },
    );
  };
}
