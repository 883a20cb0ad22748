import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  changeAiTemplateBodySchema,
  cloneAiEmailBodySchema,
  detectNewPersonalityBodySchema,
  regenerateAiEmailBodySchema,
  suggestPersonalityBodySchema,
} from '../../../domain/aiEmailSchemas.ts';
import type { AppContext } from '../../lib/AppContext.ts';
import { authGuard, currentAuth } from '../../lib/sessions.ts';
import { aiComposerOf, composerNameOf } from './aiComposerOf.ts';
import { changeAiEmailTemplate } from './changeAiEmailTemplate.ts';
import { cloneAiEmail } from './cloneAiEmail.ts';
import { detectNewPersonality } from './detectNewPersonality.ts';
import { regenerateAiEmail } from './regenerateAiEmail.ts';
import { suggestPersonality } from './suggestPersonality.ts';

/**
 * The AI email calls on a generation's variants (regenerate_ai_email/, clone_ai_email/,
 * detect_new_personality/, change_ai_email_template/) and suggest_personality/, on the campaign base.
 * Another organisation's generation, email, template or contact is a 404. See docs/ai.md.
 */
export function aiVariantRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db, config } = ctx;
  const tags = ['AI emails'];
  const regenerateDeps = {
    db,
    composer: aiComposerOf(config.ai),
    composerName: composerNameOf(config.ai),
    limitMs: config.aiGenerationLimitMs,
    publicOrigin: config.publicOrigin,
  };
  return async (app) => {
    app.addHook('onRequest', authGuard(ctx.sessions, config));

    app.post(
      'regenerate_ai_email/',
      {
        schema: {
          tags,
          summary: 'Write chosen variants again from a new prompt',
          description:
            'Form: email_id (one or more variants of one AI email, not sent), prompt, event_type. Each keeps ' +
            'its template around the new text, saved as a new save of its edition. Answers {generation_id, ' +
            "emails}. 502 'AI_GENERATIVE_EMAIL_API Failed!!' when the model fails (nothing changed).",
          body: regenerateAiEmailBodySchema,
        },
      },
      async (request) => ({
        success: true as const,
        data: await regenerateAiEmail(regenerateDeps, currentAuth(request).user.org_id, request.body),
      }),
    );

    app.post(
      'clone_ai_email/',
      {
        schema: {
          tags,
          summary: 'Copy an AI email with its variants',
          description:
            'Form: generation_id, version_name (default "Copy of <name>"), campaign_id or campaign_name (a new ' +
            "campaign; neither: the original's), event_type. Answers {generation_id, campaign_id}.",
          body: cloneAiEmailBodySchema,
        },
      },
      async (request) => ({
        success: true as const,
        data: await cloneAiEmail(db, currentAuth(request).user, request.body),
      }),
    );

    app.post(
      'detect_new_personality/',
      {
        schema: {
          tags,
          summary: 'Personalities the audience has now that the AI email has no variant for',
          description:
            'Form: generation_id, contact_ids and list_ids (the audience now; none: the generation audience), ' +
            'personalities (letters already shown). Answers {personalities: [{ai_type, letter, ai_code, ai_color, ' +
            "segment_size}]}; none: 400 'No new personality found!'.",
          body: detectNewPersonalityBodySchema,
        },
      },
      async (request) => ({
        success: true as const,
        data: await detectNewPersonality(db, currentAuth(request).user.org_id, request.body),
      }),
    );

    app.post(
      'change_ai_email_template/',
      {
        schema: {
          tags,
          summary: 'Lay every variant out again in another template',
          description:
            'Form: generation_id, template_id (a template the user may use, else 404). A sent variant: 400. ' +
            'Answers as get_ai_emails/.',
          body: changeAiTemplateBodySchema,
        },
      },
      async (request) => {
        const user = currentAuth(request).user;
        return {
          success: true as const,
          data: await changeAiEmailTemplate(
            db,
            { orgId: user.org_id, userId: user.id },
            request.body,
            config.publicOrigin,
          ),
        };
      },
    );

    app.post(
      'suggest_personality/',
      {
        schema: {
          tags,
          summary: 'Suggest a personality for contacts (the user accepts or not)',
          description:
            'Form: contact_ids (1 to 500 of the organisation, else 404). By rules from the job title and ' +
            'engagement; nothing is changed. Answers {suggestions: [{contact_id, personality_type, reason}]}.',
          body: suggestPersonalityBodySchema,
        },
      },
      async (request) => ({
        success: true as const,
        data: await suggestPersonality(
          db,
          regenerateDeps.composer,
          currentAuth(request).user.org_id,
          request.body.contact_ids,
        ),
      }),
    );
  };
}
