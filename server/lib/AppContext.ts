import type { Kysely } from 'kysely';
import type { AppConfig } from '../config.ts';
import type { Database } from '../db/schema.ts';
import type { RecipientStore } from '../services/preference/RecipientStore.ts';
import type { AfterReply } from './AfterReply.ts';
import type { EmailEventSink } from './EmailEventSink.ts';
import type { OutgoingEmail } from './outbox.ts';
import type { RateLimiter } from './RateLimiter.ts';
import type { SessionStore } from './SessionStore.ts';

/** What every service's routes are built from. */
export type AppContext = {
  db: Kysely<Database>;
  config: AppConfig;
  sessions: SessionStore;
  /** Recipients behind unsubscribe ids (cached reads; every preference change goes through it). */
  recipients: RecipientStore;
  mail: { send: (email: OutgoingEmail) => Promise<{ id: number }> };
  /** Called with every recorded email event, inside the transaction that stores it (recordEmailEvent). */
  emailEventSinks: EmailEventSink[];
  /** Work done once the answer is on its way (sign-up and reset mail: their timing reveals no address). */
  afterReply: AfterReply;
  /** Now, for sign-in delays and rate limits (tests pass a clock they move). */
  clock: () => Date;
  /** The one rate-limit mechanism (shared by every process on the database): routes, tracking, test sends. */
  rateLimiter: RateLimiter;
};
