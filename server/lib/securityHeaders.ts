import type { FastifyReply, FastifyRequest } from 'fastify';

/** Headers every answer carries; API answers are never cached, so Back after sign-out shows no data. */
export async function securityHeaders(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  reply.header('X-Content-Type-Options', 'nosniff');
  reply.header('Referrer-Policy', 'same-origin');
  if (request.url.startsWith('/api/') && !request.url.startsWith('/api/docs')) {
    reply.header('Cache-Control', 'no-store');
  }
  return payload;
}
