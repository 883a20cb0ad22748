import fs from 'node:fs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { exportDownloadQuerySchema } from '../../../domain/analyticsSchemas.ts';
import type { AppContext } from '../../lib/AppContext.ts';
import { exportDownload } from './exportDownload.ts';

/**
 * Analytics service, export files: the download behind the link an export's email carries (no session:
 * the link's token is the key; a forged one is a 404, an expired one a 410).
 */
export function exportRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db, config } = ctx;
  return async (app) => {
    app.get(
      'export_download/',
      {
        schema: {
          tags: ['analytics exports'],
          summary: "An export's CSV or XLSX file, by the token of its emailed link (kept 7 days)",
          querystring: exportDownloadQuerySchema,
        },
      },
      async (request, reply) => {
        const file = await exportDownload(db, config.dataDir, request.query.token);
        return reply
          .type(file.contentType)
          .header('Content-Disposition', `attachment; filename="${file.downloadName}"`)
          .header('Cache-Control', 'private, no-store')
          .send(fs.createReadStream(file.path));
      },
    );
  };
}
