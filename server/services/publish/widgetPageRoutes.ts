import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../lib/AppContext.ts';
import { WIDGET_CSP } from '../../lib/contentSecurityPolicy.ts';
import { escapeHtml } from '../../lib/escapeHtml.ts';
import { widgetContent } from './widgetContent.ts';
import { widgetHtml } from './widgetHtml.ts';

/** How long a browser or a shared cache may keep the widget (a code change shows within this). */
const WIDGET_MAX_AGE_SECONDS = 300;
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
