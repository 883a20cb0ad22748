import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { BatchReader } from '../../lib/BatchReader.ts';
import type { EmailEventSink } from '../../lib/EmailEventSink.ts';
import { type CommitResult, GroupCommitter } from '../../lib/GroupCommitter.ts';
import { type EmailEventInput, recordEmailEvents } from './recordEmailEvent.ts';

/** What tracking needs of a delivered send (it never changes once delivered). */
export type TrackedSend = {
  id: number;
  orgId: number;
  contactId: number;
  emailId: number;
  campaignId: number | null;
  workflowId: number | null;
  nodeId: string | null;
  links: readonly string[];
};

const MAX_BATCH = 500;
/** How long a token that is unknown (or not delivered yet) is remembered as such. */
const MISS_MS = 2000;
/** Every event of a committed batch has the same answer: nothing (shared, so a batch allocates one array). */
const COMMITTED: CommitResult<void> = { outcome: undefined };

/**
 * The tracking endpoints' reads and writes, made cheap for bursts (the open pixel is the busiest URL of a
 * sending product):
 * - sends are looked up by token in batches (BatchReader: one query for all tokens asked for together) and
 *   delivered sends are held in memory (bounded; a delivered send never changes); unknown tokens are
 *   remembered for a moment so forged ids cannot make every request a query;
 * - events are group-committed: those arriving while a transaction is being written wait and are written
 *   together in the next one (GroupCommitter), with every sink called for each in that transaction. Each
 *   request is answered after its event has committed, so an answered open or click is durable. A batch
 *   that fails as a whole is retried event by event, so one bad event cannot lose the others.
 */
export class TrackingRecorder {
  private readonly sends = new Map<string, { at: number; send: Promise<TrackedSend | null> }>();
  private readonly reader: BatchReader<string, TrackedSend>;
  private readonly events: GroupCommitter<EmailEventInput, void>;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly sinks: readonly EmailEventSink[],
    private readonly maxEntries = 100_000,
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
    if (this.sends.size > this.maxEntries) {
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
      .selectFrom('email_send')
      .select([
        'id',
        'token',
        'org_id',
        'contact_id',
        'email_id',
        'campaign_id',
        'workflow_id',
        'node_id',
        'links',
      ])
      .where('token', 'in', tokens)
      .where('status', '=', 'delivered')
      .execute();
    return new Map(
      rows.map((row) => [
        row.token,
        {
          id: row.id,
          orgId: row.org_id,
          contactId: row.contact_id,
          emailId: row.email_id,
          campaignId: row.campaign_id,
          workflowId: row.workflow_id,
          nodeId: row.node_id,
          links: row.links,
        } satisfies TrackedSend,
      ]),
    );
  }

  /** Records an event (with every sink) and resolves once it has committed. */
  record(input: EmailEventInput): Promise<void> {
    return this.events.add(input);
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
