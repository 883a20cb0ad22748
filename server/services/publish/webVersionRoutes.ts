import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../lib/AppContext.ts';
import { WEB_VERSION_CSP } from '../../lib/contentSecurityPolicy.ts';
import { escapeHtml } from '../../lib/escapeHtml.ts';
import { LruCache } from '../../lib/LruCache.ts';
import { renderWebVersion, webVersionInputs } from './designCommands.ts';
import { editionByWebId, loadDesignArticles } from './designQueries.ts';
import { uploadedImage } from './imageUploads.ts';
import { rssFeed } from './rssFeed.ts';

const WEB_ID = /^[A-Za-z0-9_-]{22}$/;
/** Rendered web versions kept in memory (by what they are made from): a send's readers share one render. */
const WEB_VERSIONS_KEPT = 100;
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;
const params = z.object({ id: z.string().max(200) });

function notFoundPage(reply: FastifyReply, what: string) {
  return reply
    .status(404)
    .type('text/html; charset=utf-8')
    .header('Cache-Control', 'no-store')
    .send(
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex">' +
        `<title>Not found</title></head><body><h1>Not found</h1><p>${escapeHtml(what)}</p></body></html>`,
    );
}

/**
 * The public side of publishing, no sign-in: an edition's web version (/web/{web_id}: the email for a
 * neutral reader, merge fields with their fallbacks, no tracking, no preference link) and its RSS 2.0 feed
 * (/web/{web_id}/rss.xml), rate-limited per IP like the preference pages; and the images users uploaded
 * (/uploads/{id}), cached for a year (an id never changes its bytes). Unknown ids are 404.
 */
export function webVersionRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db, config } = ctx;
  const limited = { public: true, rateLimit: { max: config.publicRateLimit, timeWindow: '1 minute' } };
  const images = { public: true, rateLimit: { max: config.trackingRateLimit, timeWindow: '1 minute' } };
  const schema = { hide: true, params } as const;
  const rendered = new LruCache<string>(WEB_VERSIONS_KEPT);
  return async (app) => {
    app.get('/web/:id', { config: limited, schema }, async (request, reply) => {
      const edition = WEB_ID.test(request.params.id)
        ? await editionByWebId(db, request.params.id)
        : undefined;
      if (!edition) return notFoundPage(reply, 'This web version does not exist (or no longer does).');
      // The page is rendered once for what it is made from (design, brand, articles): its digest is the
      // ETag, and the cache key. A reader's browser asks again with it and gets 304 while nothing changed.
      const inputs = await webVersionInputs(db, edition);
      const digest = createHash('sha256')
        .update(JSON.stringify([inputs, config.publicOrigin]))
        .digest('base64url')
        .slice(0, 32);
      const etag = `"${digest}"`;
      reply
        .header('Content-Security-Policy', WEB_VERSION_CSP)
        .header('Cache-Control', 'no-cache')
        .header('ETag', etag)
        .header('X-Robots-Tag', 'noindex');
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      const html = await rendered.get(digest, () => renderWebVersion(inputs, config.publicOrigin));
      return reply.type('text/html; charset=utf-8').send(html);
    });

    app.get('/web/:id/rss.xml', { config: limited, schema }, async (request, reply) => {
      const edition = WEB_ID.test(request.params.id)
        ? await editionByWebId(db, request.params.id)
        : undefined;
      if (!edition) return notFoundPage(reply, 'This feed does not exist (or no longer does).');
      const link = `${config.publicOrigin}/web/${request.params.id}`;
      const feed = rssFeed({
        title: edition.subject || `${edition.email_name}: ${edition.name}`,
        description: `${edition.email_name}, ${edition.name}`,
        link,
        self: `${link}/rss.xml`,
        updated: edition.design_saved_at ? new Date(edition.design_saved_at) : new Date(),
        articles: await loadDesignArticles(db, edition.id),
      });
      return reply
        .type('application/rss+xml; charset=utf-8')
        .header('Cache-Control', 'no-cache')
        .header('X-Robots-Tag', 'noindex')
        .send(feed);
    });

    app.get('/uploads/:id', { config: images, schema }, async (request, reply) => {
      const image = await uploadedImage(db, request.params.id, config.dataDir);
      if (!image) return notFoundPage(reply, 'No such image.');
      return reply
        .type(image.content_type)
        .header('Content-Length', String(image.byte_size))
        .header('Cache-Control', `public, max-age=${ONE_YEAR_SECONDS}, immutable`)
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .send(fs.createReadStream(image.file));
    });
  };
}
