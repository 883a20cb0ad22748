import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { badRequest } from '../../lib/AppError.ts';
import { INVALID_CLICK_TOKEN, USED_CLICK_TOKEN, verifyClickToken } from './clickTokens.ts';
import type { JourneyOrg } from './JourneyOrgs.ts';

/**
 * Exchanges a click-through token for its contact, once: the token must be signed with the organisation's
 * key, unexpired, name a contact of that organisation and never have been exchanged (its nonce is kept
 * until it expires). The visitor (created if new) becomes the contact's, and its anonymous page views are
 * merged into the contact. Anything else is a 400 and changes nothing.
 */
export async function identifyVisitor(
  db: Kysely<Database>,
  org: JourneyOrg,
  input: { visitorKey: string; token: string },
  now: Date,
): Promise<{ contactId: number }> {
  const claims = verifyClickToken(input.token, org.tokenKey, now);
  if (claims.orgId !== org.id) throw badRequest(INVALID_CLICK_TOKEN);
  return db.transaction().execute(async (trx) => {
    const contact = await trx
      .selectFrom('contacts')
      .select('id')
      .where('id', '=', claims.contactId)
      .where('org_id', '=', org.id)
      .executeTakeFirst();
    if (!contact) throw badRequest(INVALID_CLICK_TOKEN);
    const used = await trx
      .insertInto('journey_token_use')
      .values({ nonce: claims.nonce, org_id: org.id, expires_at: claims.expiresAt })
      .onConflict((oc) => oc.column('nonce').doNothing())
      .returning('nonce')
      .executeTakeFirst();
    if (!used) throw badRequest(USED_CLICK_TOKEN);
    const visitor = await trx
      .insertInto('journey_visitor')
      .values({
        org_id: org.id,
        visitor_key: input.visitorKey,
        contact_id: contact.id,
        source: 'email',
        first_seen: now,
        last_seen: now,
      })
      .onConflict((oc) => oc.columns(['org_id', 'visitor_key']).doUpdateSet({ contact_id: contact.id }))
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('page_view')
      .set({ contact_id: contact.id })
      .where('org_id', '=', org.id)
      .where('visitor_id', '=', visitor.id)
      .where('contact_id', 'is', null)
      .execute();
    return { contactId: contact.id };
  });
}
