import type { FastifyRequest } from 'fastify';
import type { ConsentSource } from '../../../domain/preferenceSchemas.ts';
import { type ConsentOrigin, MAX_USER_AGENT_LENGTH } from './changePreference.ts';

/** Who made a request, as the consent ledger records it: the source, the IP and the user agent (truncated). */
export function consentOrigin(request: FastifyRequest, source: ConsentSource): ConsentOrigin {
  const agent = request.headers['user-agent'];
  return {
    source,
    ip: request.ip || null,
    userAgent: typeof agent === 'string' && agent !== '' ? agent.slice(0, MAX_USER_AGENT_LENGTH) : null,
  };
}
