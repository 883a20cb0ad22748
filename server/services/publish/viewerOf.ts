import type { FastifyRequest } from 'fastify';
import { currentAuth } from '../../lib/sessions.ts';
import type { Viewer } from './designCommands.ts';

/** The signed-in user as the design and template use cases take them: their organisation and id. */
export function viewerOf(request: FastifyRequest): Viewer {
  const { user } = currentAuth(request);
  return { orgId: user.org_id, userId: user.id };
}
