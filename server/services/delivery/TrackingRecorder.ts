import type { Kysely } from 'kysely';
import { fillMergeFields, type MergeValues } from '../../../domain/mergeFields.ts';
import type { Database } from '../../db/schema.ts';
import { BatchReader } from '../../lib/BatchReader.ts';
import type { EmailEventSink } from '../../lib/EmailEventSink.ts';
import { type CommitResult, GroupCommitter } from '../../lib/GroupCommitter.ts';
import { type EmailEventInput, recordEmailEvents } from './recordEmailEvent.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The tracking endpoints' recorder (tests drain it to read what the answered requests recorded). */
    trackingRecorder: TrackingRecorder;
  }
}

/** What tracking needs of a delivered send (it never changes once delivered). */
export type TrackedSend = {
  id: number;
  orgId: number;
  /** Null only for a test email to an address that is no contact. */
  contactId: number | null;
  emailId: number;
  campaignId: number | null;
  workflowId: number | null;
  nodeId: string | null;
  /** The edition sent (null for a send of no edition: a workflow's, the demo mailbox's). */
  versionId: number | null;
  links: readonly string[];
  /** For each link, the edition's curated article it is (by its link or canonical link), or null. */
  linkArticles: readonly (number | null)[];
  isTest: boolean;
};

/** A send's tracked links, with merge fields a link holds (a body's are written as-is) filled for its recipient. */
function sendLinks(links: readonly string[], merge: MergeValues | null): readonly string[] {
  if (!merge || !links.some((link) => link.includes('{{') || /%7B%7B/i.test(link))) return links;
  return links.map((link) =>
    fillMergeFields(
      link.replace(/%7B%7B(.*?)%7D%7D/gi, (_, inner: string) => `{{${decodeURIComponent(inner)}}}`),
      merge,
      encodeURIComponent,
    ),
  );
}

const MAX_BATCH = 500;
/**
 * Events held in memory before the tracking endpoints stop answering ahead of the commit: beyond this many
 * uncommitted events (the database is slower than the traffic), each request waits for its own commit.
 */
export const MAX_UNCOMMITTED_EVENTS = 5000;
/** How long a token that is unknown (or not delivered yet) is remembered as such. */
const MISS_MS = 2000;
/** Every event of a committed batch has the same answer: nothing (shared, so a batch allocates one array). */
const COMMITTED: CommitResult<void> = { outcome: undefined };
const ACCEPTED = Promise.resolve();

/** Told about an event whose commit failed after its request was answered (the event is lost). */
export type LostEvent = (error: unknown, input: EmailEventInput) => void;

/**
 * The tracking endpoints' reads and writes, made cheap for bursts (the open pixel is the busiest URL of a
 * sending product):
 * - sends are looked up by token in batches (BatchReader: one query for all tokens asked for together) and
 *   delivered sends are held in memory (bounded; a delivered send never changes); unknown tokens are
 *   remembered for a moment so forged ids cannot make every request a query;
 * - events are appended to an in-memory batch and the request is answered at once; the batch is
 *   group-committed (GroupCommitter: events arriving while a transaction is being written are written
 *   together in the next one), every sink (the workflow runtime's enrolment checks) called for each event in
 *   that transaction, after the answers. A batch that fails as a whole is retried event by event, so one bad
 *   event cannot lose the others. The price: an event answered but not yet committed (the last few
 *   milliseconds' worth; at most MAX_UNCOMMITTED_EVENTS) is lost if the process dies without a clean stop;
 *   a clean stop (SIGTERM, app.close) drains them first. With more than maxUncommitted events waiting,
 *   record() resolves only once its own event has committed, so memory stays bounded and a slow database
 *   slows the answers instead of losing more.
 */
export class TrackingRecorder {
  private readonly sends = new Map<string, { at: number; send: Promise<TrackedSend | null> }>();
  private readonly reader: BatchReader<string, TrackedSend>;
  private readonly events: GroupCommitter<EmailEventInput, void>;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly sinks: readonly EmailEventSink[],
    private readonly onLost: LostEvent,
    private readonly options: { maxEntries?: number; maxUncommitted?: number } = {},
  ) {
    this.reader = new BatchReader((tokens) => this.readSends(tokens), MAX_BATCH);
    this.events = new GroupCommitter((inputs) => this.write(inputs), MAX_BATCH);
  }

  /** The delivered send behind a token, or null. */
  send(token: string): Promise<TrackedSend | null> {
    const now = Date.now();
    const cached = this.sends.get(token);
    if (cached) {
      if (cached.at === 0 || now - cached.at < MISS_MS) return cached.send;
      this.sends.delete(token);
    }
    const send = this.reader.load(token);
    const entry = { at: now, send };
    this.sends.set(token, entry);
    if (this.sends.size > (this.options.maxEntries ?? 100_000)) {
      const oldest = this.sends.keys().next().value;
      if (oldest !== undefined) this.sends.delete(oldest);
    }
    send.then(
      (found) => {
        // A delivered send is held until evicted; a miss only for MISS_MS.
        if (found && this.sends.get(token) === entry) entry.at = 0;
      },
      () => {
        if (this.sends.get(token) === entry) this.sends.delete(token);
      },
    );
    return send;
  }

  /** The delivered sends behind tokens (one query). */
  private async readSends(tokens: readonly string[]): Promise<Map<string, TrackedSend>> {
    const rows = await this.db
      .selectFrom('email_send as s')
      .leftJoin('email_bodies as b', 'b.id', 's.body_id')
      .select([
        's.id',
        's.token',
        's.org_id',
        's.contact_id',
        's.email_id',
        's.campaign_id',
        's.workflow_id',
        's.node_id',
        's.links',
        's.merge_values',
        's.is_test',
        's.version_id',
        'b.links as body_links',
      ])
      .where('s.token', 'in', tokens)
      .where('s.status', '=', 'delivered')
      .execute();
    const articles = await this.editionArticles(rows.map((row) => row.version_id));
    return new Map(
      rows.map((row) => {
        // A send's own links (sends before m0025) or its body's.
        const links = sendLinks(row.links.length > 0 ? row.links : (row.body_links ?? []), row.merge_values);
        const curated = row.version_id === null ? undefined : articles.get(row.version_id);
        return [
          row.token,
          {
            id: row.id,
            orgId: row.org_id,
            contactId: row.contact_id,
            emailId: row.email_id,
            campaignId: row.campaign_id,
            workflowId: row.workflow_id,
            nodeId: row.node_id,
            versionId: row.version_id,
            links,
            linkArticles: links.map((link) => curated?.get(link) ?? null),
            isTest: row.is_test,
          } satisfies TrackedSend,
        ];
      }),
    );
  }

  /** The curated articles of editions, by edition, as link -> article id (the first in edition order). */
  private async editionArticles(
    versionIds: readonly (number | null)[],
  ): Promise<Map<number, Map<string, number>>> {
    const ids = [...new Set(versionIds.filter((id): id is number => id !== null))];
    const byVersion = new Map<number, Map<string, number>>();
    if (ids.length === 0) return byVersion;
    const rows = await this.db
      .selectFrom('edition_articles as ea')
      .innerJoin('articles as a', 'a.id', 'ea.article_id')
      .select(['ea.version_id', 'a.id', 'a.link', 'a.canonical_link'])
      .where('ea.version_id', 'in', ids)
      .orderBy('ea.version_id')
      .orderBy('ea.position')
      .execute();
    for (const row of rows) {
      let links = byVersion.get(row.version_id);
      if (!links) {
        links = new Map();
        byVersion.set(row.version_id, links);
      }
      for (const link of [row.link, row.canonical_link]) if (!links.has(link)) links.set(link, row.id);
    }
    return byVersion;
  }

  /**
   * Queues an event for the next group commit (with every sink). Resolves at once while at most
   * maxUncommitted events wait (a later failure goes to onLost), else once this event has committed (and
   * rejects if it could not be).
   */
  record(input: EmailEventInput): Promise<void> {
    const committed = this.events.add(input);
    if (this.events.pending > (this.options.maxUncommitted ?? MAX_UNCOMMITTED_EVENTS)) return committed;
    committed.catch((error: unknown) => this.onLost(error, input));
    return ACCEPTED;
  }

  /** Events recorded whose commit has not answered yet. */
  get uncommitted(): number {
    return this.events.pending;
  }

  private async write(inputs: readonly EmailEventInput[]): Promise<readonly CommitResult<void>[]> {
    await this.db.transaction().execute(async (trx) => {
      await recordEmailEvents(trx, this.sinks, inputs);
    });
    return inputs.map(() => COMMITTED);
  }

  /** Waits for the events queued so far (closing). */
  drain(): Promise<void> {
    return this.events.drain();
  }
}
