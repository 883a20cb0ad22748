import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { EmailEventSink } from '../../lib/EmailEventSink.ts';
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

type Waiting = { resolve: (send: TrackedSend | null) => void; reject: (error: unknown) => void };
type PendingEvent = { input: EmailEventInput; resolve: () => void; reject: (error: unknown) => void };

const MAX_BATCH = 500;
/** How long a token that is unknown (or not delivered yet) is remembered as such. */
const MISS_MS = 2000;

/**
 * The tracking endpoints' reads and writes, made cheap for bursts (the open pixel is the busiest URL of a
 * sending product):
 * - sends are looked up by token in batches (one query for all tokens asked for together) and delivered
 *   sends are held in memory (bounded; a delivered send never changes); unknown tokens are remembered
 *   for a moment so forged ids cannot make every request a query;
 * - events are group-committed: those arriving while a transaction is being written wait and are written
 *   together in the next one, with every sink called for each in that transaction. Each request is
 *   answered after its event has committed, so an answered open or click is durable. A batch that fails
 *   as a whole is retried event by event, so one bad event cannot lose the others.
 */
export class TrackingRecorder {
  private readonly sends = new Map<string, { at: number; send: Promise<TrackedSend | null> }>();
  private reads = new Map<string, Waiting[]>();
  private readScheduled = false;
  private queue: PendingEvent[] = [];
  private flushing = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly sinks: readonly EmailEventSink[],
    private readonly maxEntries = 100_000,
  ) {}

  /** The delivered send behind a token, or null. */
  send(token: string): Promise<TrackedSend | null> {
    const now = Date.now();
    const cached = this.sends.get(token);
    if (cached) {
      if (cached.at === 0 || now - cached.at < MISS_MS) return cached.send;
      this.sends.delete(token);
    }
    const send = new Promise<TrackedSend | null>((resolve, reject) => {
      const waiting = this.reads.get(token);
      if (waiting) waiting.push({ resolve, reject });
      else this.reads.set(token, [{ resolve, reject }]);
      if (!this.readScheduled) {
        this.readScheduled = true;
        setImmediate(() => void this.readPending());
      }
    });
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

  private async readPending(): Promise<void> {
    this.readScheduled = false;
    const pending = [...this.reads];
    this.reads = new Map();
    for (let i = 0; i < pending.length; i += MAX_BATCH) {
      const slice = pending.slice(i, i + MAX_BATCH);
      try {
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
          .where(
            'token',
            'in',
            slice.map(([token]) => token),
          )
          .where('status', '=', 'delivered')
          .execute();
        const found = new Map(
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
        for (const [token, waiting] of slice) for (const w of waiting) w.resolve(found.get(token) ?? null);
      } catch (error) {
        for (const [, waiting] of slice) for (const w of waiting) w.reject(error);
      }
    }
  }

  /** Records an event (with every sink) and resolves once it has committed. */
  record(input: EmailEventInput): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queue.push({ input, resolve, reject });
      if (!this.flushing) {
        this.flushing = true;
        setImmediate(() => void this.flush());
      }
    });
  }

  private async write(batch: readonly PendingEvent[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await recordEmailEvents(
        trx,
        this.sinks,
        batch.map((item) => item.input),
      );
    });
  }

  private async flush(): Promise<void> {
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, MAX_BATCH);
        try {
          await this.write(batch);
          for (const item of batch) item.resolve();
        } catch {
          for (const item of batch) {
            await this.write([item]).then(item.resolve, item.reject);
          }
        }
      }
    } finally {
      this.flushing = false;
    }
  }

  /** Waits for the events queued so far (closing). */
  async drain(): Promise<void> {
    while (this.flushing || this.queue.length > 0) await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
