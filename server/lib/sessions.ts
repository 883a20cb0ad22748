import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../config.ts';
import type { Database, UserRow } from '../db/schema.ts';
import { forbidden } from './AppError.ts';
import { newToken, sha256 } from './tokens.ts';

export const SESSION_COOKIE = 'wb_session';
export const CSRF_HEADER = 'x-csrftoken';

export type AuthContext = {
  sessionId: string;
  csrfToken: string;
  expiresAt: Date;
  user: UserRow;
};

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    /** Routes marked public need no session (sign-in, password reset, the recipients' preference pages). */
    public?: boolean;
  }
}

export async function createSession(
  db: Kysely<Database>,
  userId: number,
  userAgent: string | undefined,
  ttlSeconds: number,
): Promise<{ token: string; csrfToken: string; expiresAt: Date }> {
  const token = newToken();
  const csrfToken = newToken();
  const expiresAt = new Date(Date.now() + ttlSeconds * 1000);
  await db
    .insertInto('sessions')
    .values({
      id: sha256(token),
      user_id: userId,
      csrf_token: csrfToken,
      user_agent: userAgent?.slice(0, 300) ?? null,
      expires_at: expiresAt,
    })
    .execute();
  return { token, csrfToken, expiresAt };
}

export async function loadSession(db: Kysely<Database>, token: string): Promise<AuthContext | 'expired' | null> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select(['sessions.id as session_id', 'sessions.csrf_token', 'sessions.expires_at'])
    .where('sessions.id', '=', sha256(token))
    .executeTakeFirst();
  if (!row) return null;
  const { session_id, csrf_token, expires_at, ...user } = row;
  if (expires_at.getTime() <= Date.now()) {
    await db.deleteFrom('sessions').where('id', '=', session_id).execute();
    return 'expired';
  }
  return { sessionId: session_id, csrfToken: csrf_token, expiresAt: expires_at, user };
}

export function setSessionCookie(reply: FastifyReply, config: AppConfig, token: string, expiresAt: Date): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secureCookies,
    expires: expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, config: AppConfig): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: config.secureCookies });
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
export function authGuard(db: Kysely<Database>, config: AppConfig) {
  return async function guard(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (request.routeOptions.config.public) return;
    const token = request.cookies[SESSION_COOKIE];
    if (!token) throw forbidden('Please sign in to continue.');
    const auth = await loadSession(db, token);
    if (auth === null || auth === 'expired') {
      clearSessionCookie(reply, config);
      throw forbidden(
        auth === 'expired' ? 'Your session has expired. Please sign in again.' : 'Please sign in to continue.',
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
