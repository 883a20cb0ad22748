import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../lib/AppContext.ts';

/** Preference service (public, rate-limited per IP). Routes are added by the preference work. */
export function preferenceRoutes(_ctx: AppContext): FastifyPluginAsyncZod {
  return async () => {};
}
