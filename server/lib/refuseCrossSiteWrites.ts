import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config.ts';
import { forbidden } from './AppError.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const CROSS_SITE_MESSAGE =
  'This request came from another website and was refused. Open the workbench itself and try again.';

function hostOf(origin: string): string | null {
  try {
    return new URL(origin).hostname.toLowerCase();
  } catch {
    return null;
  }
}

/**
 * Refuses (403) every state-changing request that a browser says comes from another site, sign-in and
 * sign-up included, so a page elsewhere can neither act for a signed-in visitor nor sign them into an
 * account of its own. A browser says so with Sec-Fetch-Site: cross-site, or, where it sends no such header,
 * with an Origin whose host is not ours. Hosts are "ours" when they are this request's host or that of the
 * public origin, the auth origin or an origin the preference service allows (PREFERENCE_CORS_ORIGINS, whose
 * public pages post from another site by design). Requests without these headers (mail providers' one-click
 * unsubscribe, scripts, the API from a terminal) are not browsers' cross-site posts and go on. The buyer
 * journey's collection endpoints (collect/, identify/) are posted to from the organisations' own websites
 * by design: they act for no signed-in person and check the Origin against the declared domains themselves.
 */
export function refuseCrossSiteWrites(config: AppConfig) {
  const ownHosts = new Set(
    [config.publicOrigin, config.authOrigin]
      .filter((origin): origin is string => Boolean(origin))
      .map(hostOf)
      .filter((host): host is string => host !== null),
  );
  const allowedOrigins = new Set(config.preferenceCorsOrigins.map((origin) => origin.toLowerCase()));
  const journeyCalls = [`${config.bases.journey}collect/`, `${config.bases.journey}identify/`];
  const isJourneyCall = (url: string) => {
    const pathname = url.split('?')[0];
    return journeyCalls.some((call) => pathname === call);
  };

  return async function crossSiteCheck(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    if (SAFE_METHODS.has(request.method) || isJourneyCall(request.url)) return;
    const origin = request.headers.origin;
    const originAllowed =
      typeof origin === 'string' &&
      allowedOrigins.has(origin.toLowerCase()) &&
      request.url.startsWith(config.bases.preference);
    if (originAllowed) return;
    const fetchSite = request.headers['sec-fetch-site'];
    if (fetchSite === 'cross-site') throw forbidden(CROSS_SITE_MESSAGE);
    if (fetchSite === 'same-origin' || fetchSite === 'same-site' || fetchSite === 'none') return;
    if (typeof origin !== 'string') return;
    const host = hostOf(origin);
    const requestHost = hostOf(`http://${request.headers.host ?? ''}`);
    if (host === null || (host !== requestHost && !ownHosts.has(host))) throw forbidden(CROSS_SITE_MESSAGE);
  };
}
