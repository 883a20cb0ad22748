import type { Kysely } from 'kysely';
import type { RecipientDetails } from '../../../src/domain/preferenceSchemas.ts';
import type { Database } from '../../db/schema.ts';
import {
  type ChangeOutcome,
  type ChangeRequest,
  type ChangeResult,
  type ConsentOrigin,
  changePreferences,
  type PreferenceChange,
} from './changePreference.ts';
import { loadOrganisationPageInfo, loadRecipientDetailsMany, type OrganisationPageInfo } from './queries.ts';

type Cached = { at: number; details: Promise<RecipientDetails | null> };
type Pending = {
  request: ChangeRequest;
  resolve: (outcome: ChangeOutcome) => void;
  reject: (error: unknown) => void;
};

/** The most changes written in one transaction, and the most records read in one query. */
const MAX_BATCH = 200;
type PendingRead = { resolve: (details: RecipientDetails | null) => void; reject: (error: unknown) => void };

/**
 * The recipients behind unsubscribe ids, read through a short in-memory cache: the public pages and
 * get_recipient_details/ are the product's busiest reads, and a PGlite query costs the server's one thread
 * about half a millisecond. Reads that arrive together are made together (two queries for up to
 * MAX_BATCH records, the organisations' logo, links and topics held beside them), concurrent reads of one id
 * share one read; unknown ids are remembered too
 * (bounded), so random ids cannot make every request a query. Every change goes through `change`, which
 * forgets the recipient at once in this process; another process on the same PostgreSQL sees a change
 * within cacheMs. Changes themselves always read and lock the row in the database.
 *
 * Changes are group-committed: those that arrive while a transaction is being written wait for it and are
 * then written together in the next one (changePreferences, at most MAX_BATCH at a time), each answered
 * with its own outcome. A burst of one-click unsubscribes from a mail provider costs a few queries per
 * batch instead of a few per request. Should a batch's transaction fail as a whole, its requests are
 * retried one by one, so one bad request cannot fail the others.
 */
export class RecipientStore {
  private readonly cache = new Map<string, Cached>();
  private queue: Pending[] = [];
  private flushing = false;
  private readonly organisations = new Map<number, { at: number; info: Promise<OrganisationPageInfo> }>();
  private reads = new Map<string, PendingRead[]>();
  private readScheduled = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly cacheMs: number,
    /** False on PGlite (one connection, one transaction at a time: row locks add nothing). */
    private readonly lockRows = true,
    private readonly maxEntries = 50_000,
  ) {}

  /** The recipient's preference record as get_recipient_details/ answers it; null for an unknown id. */
  details(uuid: string): Promise<RecipientDetails | null> {
    const now = Date.now();
    const cached = this.cache.get(uuid);
    if (cached && now - cached.at < this.cacheMs) return cached.details;
    const details = new Promise<RecipientDetails | null>((resolve, reject) => {
      const waiting = this.reads.get(uuid);
      if (waiting) waiting.push({ resolve, reject });
      else this.reads.set(uuid, [{ resolve, reject }]);
      if (!this.readScheduled) {
        this.readScheduled = true;
        setImmediate(() => void this.readPending());
      }
    });
    // A failed read is not remembered: the next request tries again.
    details.catch(() => this.forgetIf(uuid, details));
    if (this.cacheMs > 0) {
      this.cache.delete(uuid);
      this.cache.set(uuid, { at: now, details });
      if (this.cache.size > this.maxEntries) {
        const oldest = this.cache.keys().next().value;
        if (oldest !== undefined) this.cache.delete(oldest);
      }
    }
    return details;
  }

  /** Reads every record asked for since the last read in one go (two queries for up to MAX_BATCH ids). */
  private async readPending(): Promise<void> {
    this.readScheduled = false;
    const pending = [...this.reads];
    this.reads = new Map();
    for (let i = 0; i < pending.length; i += MAX_BATCH) {
      const slice = pending.slice(i, i + MAX_BATCH);
      try {
        const found = await loadRecipientDetailsMany(
          this.db,
          slice.map(([uuid]) => uuid),
          (orgId) => this.organisation(orgId),
        );
        for (const [uuid, waiting] of slice) for (const w of waiting) w.resolve(found.get(uuid) ?? null);
      } catch (error) {
        for (const [, waiting] of slice) for (const w of waiting) w.reject(error);
      }
    }
  }

  /** An organisation's logo, links and topics, held as long as a recipient is. */
  private organisation(orgId: number): Promise<OrganisationPageInfo> {
    const now = Date.now();
    const cached = this.organisations.get(orgId);
    if (cached && now - cached.at < this.cacheMs) return cached.info;
    const info = loadOrganisationPageInfo(this.db, orgId);
    info.catch(() => this.organisations.delete(orgId));
    if (this.cacheMs > 0) this.organisations.set(orgId, { at: now, info });
    return info;
  }

  /** Applies a change (with its consent ledger entry) and forgets what was held about the recipient. */
  change(uuid: string, change: PreferenceChange, origin: ConsentOrigin): Promise<ChangeOutcome> {
    return new Promise((resolve, reject) => {
      this.queue.push({ request: { uuid, change, origin }, resolve, reject });
      if (!this.flushing) {
        this.flushing = true;
        setImmediate(() => void this.flush());
      }
    });
  }

  private async flush(): Promise<void> {
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, MAX_BATCH);
        let results: ChangeResult[];
        try {
          results = await changePreferences(
            this.db,
            batch.map((item) => item.request),
            { lockRows: this.lockRows },
          );
        } catch {
          results = [];
          for (const item of batch) {
            results.push(
              await changePreferences(this.db, [item.request], { lockRows: this.lockRows }).then(
                ([result]) => result ?? { error: new Error('No result.') },
                (error: unknown) => ({ error }),
              ),
            );
          }
        }
        batch.forEach((item, i) => {
          this.cache.delete(item.request.uuid);
          const result = results[i] ?? { error: new Error('No result.') };
          if ('error' in result) item.reject(result.error);
          else item.resolve(result.outcome);
        });
      }
    } finally {
      this.flushing = false;
    }
  }

  private forgetIf(uuid: string, details: Promise<RecipientDetails | null>): void {
    if (this.cache.get(uuid)?.details === details) this.cache.delete(uuid);
  }
}
