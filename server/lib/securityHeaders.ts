import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_DOCS_CSP, PAGE_CSP } from './contentSecurityPolicy.ts';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Any site may frame this route's answers (the promo export widget): no X-Frame-Options; the answer's
     * own policy says frame-ancestors *.
     */
    embeddable?: boolean;
  }
}

/**
 * Headers every answer carries: no sniffing, no referrer beyond our origin, never framed by another page
 * (X-Frame-Options, and frame-ancestors in the Content-Security-Policy), HSTS when the request came over
 * https (directly, or through a proxy trusted with TRUST_PROXY), and API answers never cached, so Back
 * after sign-out shows no data. Routes marked `embeddable` are left without X-Frame-Options. The policy is the strict page policy, or the API docs' own; an answer that
 * set its own policy and framing (the email documents the viewers frame) keeps them.
 */
export async function securityHeaders(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  reply.header('X-Content-Type-Options', 'nosniff');
  reply.header('Referrer-Policy', 'same-origin');
  const embeddable = request.routeOptions.config?.embeddable === true;
  if (!embeddable && !reply.hasHeader('X-Frame-Options')) reply.header('X-Frame-Options', 'DENY');
  if (!reply.hasHeader('Content-Security-Policy')) {
    const docs = request.url === '/api/docs' || request.url.startsWith('/api/docs/');
    reply.header('Content-Security-Policy', docs ? API_DOCS_CSP : PAGE_CSP);
  }
  if (request.protocol === 'https') {
    reply.header('Strict-Transport-Security', `max-age=${ONE_YEAR_SECONDS}; includeSubDomains`);
  }
  if (request.url.startsWith('/api/') && !request.url.startsWith('/api/docs')) {
    reply.header('Cache-Control', 'no-store');
  }
  return payload;
}
