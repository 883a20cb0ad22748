import type { FastifyReply, FastifyRequest } from 'fastify';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * Headers every answer carries: no sniffing, no referrer beyond our origin, never framed by another page
 * (X-Frame-Options, and frame-ancestors for browsers that read only the CSP), HSTS when the request came
 * over https (directly, or through a proxy trusted with TRUST_PROXY), and API answers never cached, so
 * Back after sign-out shows no data. Pages with a full Content-Security-Policy of their own keep it.
 */
export async function securityHeaders(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  reply.header('X-Content-Type-Options', 'nosniff');
  reply.header('Referrer-Policy', 'same-origin');
  reply.header('X-Frame-Options', 'DENY');
  if (!reply.hasHeader('Content-Security-Policy')) {
    reply.header('Content-Security-Policy', "frame-ancestors 'none'");
  }
  if (request.protocol === 'https') {
    reply.header('Strict-Transport-Security', `max-age=${ONE_YEAR_SECONDS}; includeSubDomains`);
  }
  if (request.url.startsWith('/api/') && !request.url.startsWith('/api/docs')) {
    reply.header('Cache-Control', 'no-store');
  }
  return payload;
}
