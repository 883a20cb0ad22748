import type { Kysely } from 'kysely';
import type { RecipientDetails } from '../../../domain/preferenceSchemas.ts';
import type { Database } from '../../db/schema.ts';
import { BatchReader } from '../../lib/BatchReader.ts';
import { GroupCommitter } from '../../lib/GroupCommitter.ts';
import {
  type ChangeOutcome,
  type ChangeRequest,
  type ChangeResult,
  type ConsentOrigin,
  changePreferences,
  type PreferenceChange,
} from './changePreference.ts';
import {
  loadOrganisationPageInfo,
  loadRecipientDetailsMany,
  type OrganisationPageInfo,
} from './preferenceQueries.ts';

type Cached = { at: number; details: Promise<RecipientDetails | null> };

/** The most changes written in one transaction, and the most records read in one query. */
const MAX_BATCH = 200;

/**
 * The recipients behind unsubscribe ids, read through a short in-memory cache: the public pages and
 * get_recipient_details/ are the product's busiest reads, and a PGlite query costs the server's one thread
 * about half a millisecond. Reads that arrive together are made together (BatchReader: two queries for up
 * to MAX_BATCH records, the organisations' logo, links and topics held beside them), concurrent reads of one
 * id share one read; unknown ids are remembered too (bounded), so random ids cannot make every request a
 * query. Every change goes through `change`, which
 * forgets the recipient at once in this process; another process on the same PostgreSQL sees a change
 * within cacheMs. Changes themselves always read and lock the row in the database.
 *
 * Changes are group-committed (GroupCommitter): those that arrive while a transaction is being written
 * wait for it and are then written together in the next one (changePreferences, at most MAX_BATCH at a
 * time), each answered with its own outcome. A burst of one-click unsubscribes from a mail provider costs a few queries per
 * batch instead of a few per request. Should a batch's transaction fail as a whole, its requests are
 * retried one by one, so one bad request cannot fail the others.
 */
export class RecipientStore {
  private readonly cache = new Map<string, Cached>();
  private readonly changes: GroupCommitter<ChangeRequest, ChangeOutcome>;
  private readonly organisations = new Map<number, { at: number; info: Promise<OrganisationPageInfo> }>();
  private readonly reader: BatchReader<string, RecipientDetails>;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly cacheMs: number,
    /** False on PGlite (one connection, one transaction at a time: row locks add nothing). */
    private readonly lockRows = true,
    private readonly maxEntries = 50_000,
  ) {
    this.reader = new BatchReader(
      (uuids) => loadRecipientDetailsMany(this.db, uuids, (orgId) => this.organisation(orgId)),
      MAX_BATCH,
    );
    this.changes = new GroupCommitter((requests) => this.write(requests), MAX_BATCH);
  }

  /** The recipient's preference record as get_recipient_details/ answers it; null for an unknown id. */
  details(uuid: string): Promise<RecipientDetails | null> {
    const now = Date.now();
    const cached = this.cache.get(uuid);
    if (cached && now - cached.at < this.cacheMs) return cached.details;
    const details = this.reader.load(uuid);
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
    return this.changes.add({ uuid, change, origin });
  }

  /** Writes changes in one transaction; the recipients are forgotten before their callers are answered. */
  private async write(requests: readonly ChangeRequest[]): Promise<ChangeResult[]> {
    try {
      return await changePreferences(this.db, requests, { lockRows: this.lockRows });
    } finally {
      for (const request of requests) this.cache.delete(request.uuid);
    }
  }

  private forgetIf(uuid: string, details: Promise<RecipientDetails | null>): void {
    if (this.cache.get(uuid)?.details === details) this.cache.delete(uuid);
  }
}
