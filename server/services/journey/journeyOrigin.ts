import type { FastifyReply, FastifyRequest } from 'fastify';
import { forbidden } from '../../lib/AppError.ts';

export const UNDECLARED_ORIGIN =
  "This website is not one of the organisation's declared domains: add it under Buyer journey › Tracking.";

/** The hostname of the request's Origin (lower-case), or null when it has none or it is no address. */
function originHost(request: FastifyRequest): { origin: string; host: string } | null {
  const origin = request.headers.origin;
  if (typeof origin !== 'string' || origin === 'null') return null;
  try {
    const url = new URL(origin);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return { origin: url.origin, host: url.hostname.toLowerCase() };
  } catch {
    return null;
  }
}

/**
 * CORS of the collection endpoints: a request must come from a page whose host one of `declared` accepts
 * (its Origin header; a request without one is no page's and is refused too). The answer then allows that
 * origin (and only it) to read it; any other is a 403 that allows nobody.
 */
export async function allowDeclaredOrigin(
  request: FastifyRequest,
  reply: FastifyReply,
  declared: (host: string) => boolean | Promise<boolean>,
): Promise<void> {
  const from = originHost(request);
  if (from === null || !(await declared(from.host))) throw forbidden(UNDECLARED_ORIGIN);
  reply.header('access-control-allow-origin', from.origin).header('vary', 'Origin');
}
