import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config.ts';
import { forbidden } from './AppError.ts';
import type { AuthContext, SessionStore } from './SessionStore.ts';

export const SESSION_COOKIE = 'wb_session';
export const CSRF_HEADER = 'x-csrftoken';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    /** Routes marked public need no session (sign-in, password reset, the recipients' preference pages). */
    public?: boolean;
  }
}

export function setSessionCookie(
  reply: FastifyReply,
  config: AppConfig,
  token: string,
  expiresAt: Date,
): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secureCookies,
    expires: expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, config: AppConfig): void {
  reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secureCookies,
  });
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * onRequest hook for every route of the signed-in app: a live session is required (HTTP 403 otherwise,
 * which the client answers by sending the person to sign in), and every state-changing call must carry
 * the session's CSRF token in the X-CSRFToken header.
 */
export function authGuard(sessions: SessionStore, config: AppConfig) {
  return async function guard(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (request.routeOptions.config.public) return;
    const token = request.cookies[SESSION_COOKIE];
    if (!token) throw forbidden('Please sign in to continue.');
    const auth = await sessions.load(token);
    if (auth === null || auth === 'expired') {
      clearSessionCookie(reply, config);
      throw forbidden(
        auth === 'expired'
          ? 'Your session has expired. Please sign in again.'
          : 'Please sign in to continue.',
      );
    }
    if (STATE_CHANGING.has(request.method)) {
      const header = request.headers[CSRF_HEADER];
      if (typeof header !== 'string' || !sameToken(header, auth.csrfToken)) {
        throw forbidden('Missing or invalid CSRF token. Reload the page and try again.');
      }
    }
    request.auth = auth;
  };
}

/** The signed-in user of a route behind authGuard. */
export function currentAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw forbidden('Please sign in to continue.');
  return request.auth;
}

/** The browser a request says it comes from (kept with a session so its owner can tell sessions apart). */
export function userAgentOf(request: FastifyRequest): string | undefined {
  const ua = request.headers['user-agent'];
  return typeof ua === 'string' ? ua : undefined;
}
