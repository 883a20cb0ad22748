import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  type ConsentLedgerExport,
  consentLedgerExportSchema,
  consentLedgerQuerySchema,
} from '../../../domain/preferenceSchemas.ts';
import type { AppContext } from '../../lib/AppContext.ts';
import { notFound } from '../../lib/AppError.ts';
import { currentAuth } from '../../lib/sessions.ts';
import { loadConsentLedger } from './preferenceQueries.ts';

/**
 * The consent ledger export, as proof of consent: signed-in users only (no `public` flag, so the
 * preference service's authGuard requires a session), and only for a recipient of their own organisation;
 * another organisation's recipient is answered like an unknown one (404).
 */
export function consentLedgerRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db } = ctx;

  return async (app) => {
    app.get(
      'consent_ledger/',
      {
        schema: {
          tags: ['preference'],
          summary: "Export one recipient's consent ledger (JSON download), oldest entry first",
          security: [{ session: [] }],
          querystring: consentLedgerQuerySchema,
          response: { 200: consentLedgerExportSchema },
        },
      },
      async (request, reply): Promise<ConsentLedgerExport> => {
        const uuid = request.query.unsub_uuid;
        const data = await loadConsentLedger(db, uuid, currentAuth(request).user.org_id);
        if (!data) throw notFound('No recipient has this unsubscribe id.');
        reply.header('content-disposition', `attachment; filename="consent-ledger-${uuid}.json"`);
        reply.header('cache-control', 'no-store');
        return { success: true, data };
      },
    );
  };
}
