import type { FastifyInstance } from 'fastify';
import type { PreflightFinding } from '../../../domain/editionSend.ts';
import type { AppConfig } from '../../config.ts';
import { listUnsubscribeHeaders } from '../../lib/listUnsubscribeHeaders.ts';

/**
 * The RFC 8058 self-test of the preflight: the List-Unsubscribe header a send carries leads to the
 * one-click endpoint, which takes the POST (answered by this server, in process). A finding when it does
 * not: recipients could not unsubscribe from their inbox.
 */
export function oneClickSelfTest(app: FastifyInstance, config: AppConfig) {
  return async (): Promise<PreflightFinding | null> => {
    const probe = '00000000-0000-4000-8000-000000000000';
    try {
      const headers = listUnsubscribeHeaders(config.publicOrigin, probe, config.bases.preference);
      const url = new URL(headers['List-Unsubscribe'].slice(1, -1));
      const answer = await app.inject({
        method: 'POST',
        url: url.pathname,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: headers['List-Unsubscribe-Post'],
      });
      if (answer.statusCode === 200) return null;
      return {
        code: 'one_click',
        message: `The one-click unsubscribe address answered ${answer.statusCode}: recipients could not unsubscribe from their inbox.`,
      };
    } catch (error) {
      return {
        code: 'one_click',
        message: `The one-click unsubscribe self-test failed: ${error instanceof Error ? error.message : String(error)}`,
      };
    }
  };
}
