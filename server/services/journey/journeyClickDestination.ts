import { CLICK_TOKEN_PARAM } from '../../../domain/journeyTracking.ts';
import type { ClickDestination } from '../delivery/ClickDestination.ts';
import { CLICK_TOKEN_TTL_MS, signClickToken } from './clickTokens.ts';
import type { JourneyOrgs } from './JourneyOrgs.ts';

/**
 * The email click's destination with a click-through token (wb_jt, CLICK_TOKEN_TTL_MS long, naming the
 * organisation and the contact) added when it is an http(s) address on one of the organisation's declared
 * domains, so the tracking script there can say which contact this visitor is. Test sends, sends to no
 * contact and every other destination are left as they were.
 */
export function journeyClickDestination(orgs: JourneyOrgs, clock: () => Date): ClickDestination {
  return async (send, link) => {
    if (send.contactId === null || send.isTest) return link;
    let url: URL;
    try {
      url = new URL(link);
    } catch {
      return link;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return link;
    const org = await orgs.ofId(send.orgId);
    if (!org?.domains.has(url.hostname.toLowerCase())) return link;
    const expiresAt = new Date(clock().getTime() + CLICK_TOKEN_TTL_MS);
    url.searchParams.set(
      CLICK_TOKEN_PARAM,
      signClickToken(org.tokenKey, { orgId: org.id, contactId: send.contactId, expiresAt }),
    );
    return url.toString();
  };
}
