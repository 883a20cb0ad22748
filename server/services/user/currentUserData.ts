import type { FastifyRequest } from 'fastify';
import type { UserData } from '../../../domain/userData.ts';
import type { AppContext } from '../../lib/AppContext.ts';
import { currentAuth } from '../../lib/sessions.ts';
import { loadUserData } from './userQueries.ts';

/** The signed-in user's data, held by the session store between changes. */
export function currentUserData(ctx: AppContext, request: FastifyRequest): Promise<UserData> {
  const { user } = currentAuth(request);
  return ctx.sessions.userDataOf(user.id, () => loadUserData(ctx.db, user));
}
