import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { AppConfig } from './config.ts';
import { notFoundHandler } from './lib/errorHandler.ts';

/**
 * Serves the built workbench (dist/workbench, at /) and the public pages' assets (dist/public, at /p/).
 * The public pages themselves (/unsub*, /resub*, /unsub-success) are rendered on the server by
 * services/preference/publicPageRoutes.ts; every other path that is not /api is the workbench.
 */
export function staticClient(config: AppConfig): FastifyPluginAsync {
  return async (app) => {
    const workbenchDir = path.join(config.distDir, 'workbench');
    const publicDir = path.join(config.distDir, 'public');
    if (
      !fs.existsSync(path.join(workbenchDir, 'index.html')) ||
      !fs.existsSync(path.join(publicDir, 'index.html'))
    ) {
      // The API works without the client (SKIP_CLIENT_BUILD=true); say so plainly where the pages would be.
      app.log.warn(`No client build in ${config.distDir}: run npm run build. Serving the API only.`);
      app.get('/', { schema: { hide: true } }, async (_request, reply) =>
        reply
          .status(503)
          .type('text/plain; charset=utf-8')
          .send('The client is not built yet. Run: npm run build'),
      );
      return;
    }
    const workbenchIndex = fs.readFileSync(path.join(workbenchDir, 'index.html'), 'utf8');

    const immutable = (reply: FastifyReply, file: string) => {
      if (/[/\\]assets[/\\]/.test(file)) reply.header('Cache-Control', 'public, max-age=31536000, immutable');
    };
    await app.register(fastifyStatic, {
      root: workbenchDir,
      prefix: '/',
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders: immutable,
    });
    await app.register(fastifyStatic, {
      root: publicDir,
      prefix: '/p/',
      wildcard: false,
      index: false,
      decorateReply: false,
      preCompressed: true,
      setHeaders: immutable,
    });

    const sendHtml = (reply: FastifyReply, html: string) =>
      reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(html);

    app.get('/*', { schema: { hide: true } }, async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      if (
        pathname.startsWith('/api/') ||
        pathname === '/api' ||
        pathname.startsWith('/p/') ||
        /\.[a-z0-9]+$/i.test(pathname)
      ) {
        return notFoundHandler(request, reply);
      }
      return sendHtml(reply, workbenchIndex);
    });
  };
}
