import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** What the public journey endpoints need of an organisation. */
export type JourneyOrg = {
  id: number;
  trackingId: string;
  /** The secret its click-through tokens are signed with. */
  tokenKey: string;
  /** Its declared website hostnames. */
  domains: ReadonlySet<string>;
};

/** How long an organisation's tracking settings are reused before they are read again. */
export const JOURNEY_ORG_CACHE_MS = 5000;
const MAX_ENTRIES = 10_000;

type Entry<T> = { at: number; value: Promise<T> };

/**
 * The organisations behind tracking ids and ids, read once and reused for JOURNEY_ORG_CACHE_MS (the
 * collection endpoint is the busiest of the journey: a page view must not cost a read of its organisation),
 * and whether any organisation declares a hostname (a CORS preflight names no organisation). A change of
 * domains is seen at once by this process (forget) and within JOURNEY_ORG_CACHE_MS by the others.
 */
export class JourneyOrgs {
  private readonly byTrackingId = new Map<string, Entry<JourneyOrg | null>>();
  private readonly byId = new Map<number, Entry<JourneyOrg | null>>();
  private readonly declared = new Map<string, Entry<boolean>>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number = Date.now,
  ) {}

  /** The organisation of a tracking id, or null. */
  ofTrackingId(trackingId: string): Promise<JourneyOrg | null> {
    return this.cached(this.byTrackingId, trackingId, () => this.read('journey_tracking_id', trackingId));
  }

  /** The organisation of an id, or null. */
  ofId(orgId: number): Promise<JourneyOrg | null> {
    return this.cached(this.byId, orgId, () => this.read('id', orgId));
  }

  /** Whether some organisation declares the hostname. */
  isDeclaredAnywhere(host: string): Promise<boolean> {
    return this.cached(this.declared, host, async () => {
      const row = await this.db
        .selectFrom('journey_domain')
        .select('org_id')
        .where('domain', '=', host)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    });
  }

  /** Forgets what was read (after this process changed an organisation's domains). */
  forget(): void {
    this.byTrackingId.clear();
    this.byId.clear();
    this.declared.clear();
  }

  private cached<K, T>(map: Map<K, Entry<T>>, key: K, read: () => Promise<T>): Promise<T> {
    const now = this.now();
    const hit = map.get(key);
    if (hit && now - hit.at < JOURNEY_ORG_CACHE_MS) return hit.value;
    const entry = { at: now, value: read() };
    entry.value.catch(() => {
      if (map.get(key) === entry) map.delete(key);
    });
    map.delete(key);
    map.set(key, entry);
    if (map.size > MAX_ENTRIES) {
      const oldest = map.keys().next().value;
      if (oldest !== undefined) map.delete(oldest);
    }
    return entry.value;
  }

  private async read(
    column: 'journey_tracking_id' | 'id',
    value: string | number,
  ): Promise<JourneyOrg | null> {
    const org = await this.db
      .selectFrom('organisations')
      .select(['id', 'journey_tracking_id', 'journey_token_key'])
      .where(column, '=', value as never)
      .executeTakeFirst();
    if (!org) return null;
    const domains = await this.db
      .selectFrom('journey_domain')
      .select('domain')
      .where('org_id', '=', org.id)
      .execute();
    return {
      id: org.id,
      trackingId: org.journey_tracking_id,
      tokenKey: org.journey_token_key,
      domains: new Set(domains.map((row) => row.domain)),
    };
  }
}
