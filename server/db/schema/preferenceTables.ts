import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, UpdatedAt } from './columns.ts';

/** Recipients' preferences, their topics and events, the consent ledger, support messages. */

export type TopicKind = 'alert' | 'newsletter';

export type SubscriptionTopicTable = {
  id: Generated<number>;
  org_id: number;
  kind: TopicKind;
  name: string;
  position: number;
};

export type PreferenceTable = {
  /** The public unsubscribe id: a random UUID. */
  uuid: string;
  org_id: number;
  contact_id: number | null;
  email: string;
  marketing: boolean;
  webinars: boolean;
  unsub_all: boolean;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
};

export type PreferenceTopicTable = {
  preference_uuid: string;
  topic_id: number;
  subscribed: boolean;
};

/** Free-form details of a preference page event (client timestamp, the lists it carried). */
export type PreferenceEventPayload = Record<string, unknown>;

export type PreferenceEventTable = {
  id: Generated<number>;
  /** The preference record's unsubscribe uuid. */
  uuid: string;
  key: string;
  status: string;
  /** Written as a JSON text, read back as an object. */
  payload: ColumnType<PreferenceEventPayload, string, string>;
  created_at: CreatedAt;
};

/** A message sent from the support-chat widget (user id, org id, message, the page it was sent from). */
export type SupportMessageTable = {
  id: Generated<number>;
  user_id: number;
  org_id: number;
  message: string;
  page_path: string | null;
  created_at: CreatedAt;
};

export type ConsentSource = 'page' | 'unsubscribe' | 'resubscribe' | 'one_click' | 'api' | 'form';

/** One append-only consent ledger entry (a trigger refuses UPDATE and DELETE). */
export type ConsentLedgerTable = {
  /** bigserial: read back as text by the PostgreSQL driver, as a number by PGlite. */
  id: ColumnType<string | number, never, never>;
  preference_uuid: string;
  org_id: number;
  source: ConsentSource;
  ip: string | null;
  user_agent: string | null;
  /** Written as a JSON text, read back as an object. */
  before: ColumnType<unknown, string, never>;
  after: ColumnType<unknown, string, never>;
  created_at: CreatedAt;
};
