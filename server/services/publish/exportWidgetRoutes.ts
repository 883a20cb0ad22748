import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { exportWidgetBodySchema, exportWidgetQuerySchema } from '../../../domain/exportWidgetSchemas.ts';
import type { ExportWidgetSettings } from '../../../domain/promotionCodes.ts';
import type { AppContext } from '../../lib/AppContext.ts';
import { PERMISSION_DENIED_BODY } from '../../lib/AppError.ts';
import { authGuard, currentAuth } from '../../lib/sessions.ts';
import { exportWidgetSettings } from './exportWidgetSettings.ts';
import { saveExportWidget } from './saveExportWidget.ts';
import type { Viewer } from './Viewer.ts';

type Ok<T> = T & { success: true };

/**
 * The widget's settings, as `settings` reads or writes them for the signed-in user, when that user has
 * export_widget_permission; anyone else gets the "permission denied" shape.
 */
async function forWidgetUser(
  request: FastifyRequest,
  settings: (viewer: Viewer) => Promise<ExportWidgetSettings>,
): Promise<Ok<{ data: ExportWidgetSettings }> | typeof PERMISSION_DENIED_BODY> {
  const { user } = currentAuth(request);
  if (!user.export_widget_permission) return PERMISSION_DENIED_BODY;
  return { success: true, data: await settings({ orgId: user.org_id, userId: user.id }) };
}

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
      (request) =>
        forWidgetUser(request, (viewer) =>
          exportWidgetSettings(db, viewer, request.query.campaign_id, config.publicOrigin),
        ),
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
      (request) =>
        forWidgetUser(request, (viewer) => saveExportWidget(db, viewer, request.body, config.publicOrigin)),
    );
  };
}
