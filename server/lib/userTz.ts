import type { FastifyRequest } from 'fastify';
import { badRequest } from './AppError.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The browser's time zone (user_tz), or UTC when none was sent. */
    userTz: string;
  }
}

const known = new Map<string, boolean>();

export function isTimeZone(value: string): boolean {
  let ok = known.get(value);
  if (ok === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: value });
      ok = true;
    } catch {
      ok = false;
    }
    if (known.size < 1000) known.set(value, ok);
  }
  return ok;
}

/**
 * Every GET may carry user_tz as a query parameter and every POST/PUT as a form field. It is read
 * here once for all routes; route schemas ignore it.
 */
export async function userTzHook(request: FastifyRequest): Promise<void> {
  const fromQuery = (request.query as Record<string, unknown> | undefined)?.user_tz;
  const body = request.body;
  const fromBody = body && typeof body === 'object' ? (body as Record<string, unknown>).user_tz : undefined;
  const raw = fromBody ?? fromQuery;
  if (raw === undefined || raw === '') {
    request.userTz = 'UTC';
    return;
  }
  if (typeof raw !== 'string' || raw.length > 64 || !isTimeZone(raw)) {
    throw badRequest('user_tz must be an IANA time zone such as Europe/London.');
  }
  request.userTz = raw;
}
