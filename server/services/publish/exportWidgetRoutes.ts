import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exportWidgetBodySchema, exportWidgetQuerySchema } from '../../../domain/exportWidgetSchemas.ts';
import type { ExportWidgetSettings } from '../../../domain/promotionCodes.ts';
import type { AppContext } from '../../lib/AppContext.ts';
import { PERMISSION_DENIED_BODY } from '../../lib/AppError.ts';
import { WIDGET_CSP } from '../../lib/contentSecurityPolicy.ts';
import { escapeHtml } from '../../lib/escapeHtml.ts';
import { authGuard, currentAuth } from '../../lib/sessions.ts';
import { exportWidgetSettings, saveExportWidget, widgetContent } from './exportWidgetQueries.ts';
import { widgetHtml } from './widgetHtml.ts';

type Ok<T> = T & { success: true };

/** How long a browser or a shared cache may keep the widget (a code change shows within this). */
export const WIDGET_MAX_AGE_SECONDS = 300;

/**
 * The promo export widget's settings (GET and POST old_export_widget/ with campaign_id
 * and promotion_codes), for users with export_widget_permission only: anyone else gets the 200
 * "permission denied" shape (the client then goes back and to /permission_denied?error=403). Another
 * organisation's campaign is a 404. See docs/publish.md.
 */
export function exportWidgetRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db, config } = ctx;
  const tags = ['publish'];
  return async (app) => {
    app.addHook('onRequest', authGuard(ctx.sessions, config));

    app.get(
      'old_export_widget/',
      {
        schema: {
          tags,
          summary: "A campaign's promo export widget: promotion codes, embed snippet, public id",
          description:
            'campaign_id. Needs export_widget_permission (else success false, "permission denied", error_code ' +
            '403). The widget (its public id) is made the first time it is asked for.',
          querystring: exportWidgetQuerySchema,
        },
      },
      async (request): Promise<Ok<{ data: ExportWidgetSettings }> | typeof PERMISSION_DENIED_BODY> => {
        const { user } = currentAuth(request);
        if (!user.export_widget_permission) return PERMISSION_DENIED_BODY;
        const viewer = { orgId: user.org_id, userId: user.id };
        return {
          success: true,
          data: await exportWidgetSettings(db, viewer, request.query.campaign_id, config.publicOrigin),
        };
      },
    );

    app.post(
      'old_export_widget/',
      {
        schema: {
          tags,
          summary: "Save a campaign's promotion codes (shown by its promo export widget)",
          description:
            'Form: campaign_id, promotion_codes (one per line or comma separated; a JSON body may give a list): ' +
            'each trimmed, repeats dropped (any case), at most 20 of at most 32 letters, digits, - or _. ' +
            'An empty value clears them. Needs export_widget_permission.',
          body: exportWidgetBodySchema,
        },
      },
      async (request): Promise<Ok<{ data: ExportWidgetSettings }> | typeof PERMISSION_DENIED_BODY> => {
        const { user } = currentAuth(request);
        if (!user.export_widget_permission) return PERMISSION_DENIED_BODY;
        const viewer = { orgId: user.org_id, userId: user.id };
        return {
          success: true,
          data: await saveExportWidget(db, viewer, request.body, config.publicOrigin),
        };
      },
    );
  };
}

const WIDGET_ID = /^[A-Za-z0-9_-]{22}$/;
const params = z.object({ id: z.string().max(200) });

/**
 * The public widget (/widget/{widget_id}, no sign-in): a small page any website may frame, showing the
 * campaign's latest sent edition and its promotion codes. Rate-limited per IP like the web version; cached
 * publicly for WIDGET_MAX_AGE_SECONDS (websites show it to every visitor). Unknown ids: 404.
 */
export function widgetPageRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db, config } = ctx;
  const routeConfig = {
    public: true,
    embeddable: true,
    rateLimit: { max: config.publicRateLimit, timeWindow: '1 minute' },
  };
  return async (app) => {
    app.get(
      '/widget/:id',
      { config: routeConfig, schema: { hide: true, params } },
      async (request, reply) => {
        const content = WIDGET_ID.test(request.params.id)
          ? await widgetContent(db, request.params.id)
          : undefined;
        reply.header('Content-Security-Policy', WIDGET_CSP).header('X-Robots-Tag', 'noindex');
        if (!content)
          return reply
            .status(404)
            .type('text/html; charset=utf-8')
            .header('Cache-Control', 'no-store')
            .send(
              '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Not found</title></head>' +
                `<body><p>${escapeHtml('This widget does not exist (or no longer does).')}</p></body></html>`,
            );
        return reply
          .type('text/html; charset=utf-8')
          .header('Cache-Control', `public, max-age=${WIDGET_MAX_AGE_SECONDS}`)
          .send(widgetHtml(content, config.publicOrigin));
      },
    );
  };
}
