import { type RawBuilder, type SqlBool, sql } from 'kysely';

/**
 * True where the contact (aliased `c`) has said no to marketing email: a preference record with
 * unsubscribe-all or marketing off. A campaign send leaves such a contact out whatever its status, and the
 * workbench shows a Subscribed one as "No consent". A contact with no preference record has not said no.
 */
export const noMarketingConsent: RawBuilder<SqlBool> = sql<SqlBool>`exists (
  select 1 from preferences p where p.contact_id = c.id and (p.unsub_all or not p.marketing)
)`;
