import type { ColumnType } from 'kysely';
import type { JourneySource } from '../../../domain/journeyTracking.ts';

/** The buyer journey's website tracking (m0060): declared domains, visitors, page views, used tokens. */

export type JourneyDomainTable = {
  org_id: number;
  /** A hostname, lower-case (the page's host must equal it). */
  domain: string;
};

export type JourneyVisitorTable = {
  /** bigserial: a string from the PostgreSQL driver, a number from PGlite. */
  id: ColumnType<string | number, never, never>;
  org_id: number;
  /** The id the script keeps in the site's localStorage. */
  visitor_key: string;
  contact_id: number | null;
  /** The source of the visitor's current visit (the pages inside the site inherit it). */
  source: ColumnType<JourneySource, JourneySource | undefined, JourneySource>;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  first_seen: ColumnType<Date, Date | undefined, Date>;
  last_seen: ColumnType<Date, Date | undefined, Date>;
};

export type PageViewTable = {
  id: ColumnType<string | number, never, never>;
  org_id: number;
  visitor_id: string | number;
  contact_id: number | null;
  url: string;
  path: string;
  title: string;
  referrer: string;
  /** The host of an external referrer (null for a view reached from inside the site or directly). */
  referrer_host: string | null;
  source: JourneySource;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  viewed_at: Date;
  client_event_id: string;
};

export type JourneyTokenUseTable = {
  /** The nonce of a click-through token already exchanged. */
  nonce: string;
  org_id: number;
  used_at: ColumnType<Date, Date | undefined, never>;
  expires_at: Date;
};
