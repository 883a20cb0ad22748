import { type SmtpEnvelope, type SmtpOptions, SmtpSession } from './SmtpSession.ts';

type Job = { envelope: SmtpEnvelope; message: Buffer; resolve: () => void; reject: (error: unknown) => void };

/**
 * The product's one SMTP client, a pool per delivery queue (marketing email, the outbox): up to
 * maxConnections at once, each sending message after message (a new connection after maxMessages, or when one
 * fails). A message waits for a free connection; one whose connection could not be made or failed is
 * rejected (its queue retries it after its back-off).
 * Messages go as they are given (composeMime's raw MIME): nothing is re-encoded here.
 */
export class SmtpPool {
  private readonly idle: SmtpSession[] = [];
  private readonly queue: Job[] = [];
  private opened = 0;
  private closed = false;

  constructor(private readonly options: SmtpOptions & { maxConnections: number; maxMessages: number }) {}

  send(envelope: SmtpEnvelope, message: Buffer): Promise<void> {
    if (this.closed) return Promise.reject(new Error('The SMTP pool is closed'));
    return new Promise((resolve, reject) => {
      this.queue.push({ envelope, message, resolve, reject });
      this.pump();
    });
  }

  /** Closes idle connections at once and busy ones when their message is done; rejects what still waits. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new Error('The SMTP pool is closed'));
    await Promise.all(this.idle.splice(0).map((session) => session.quit()));
  }

  private pump(): void {
    while (this.queue.length > 0) {
      let session = this.idle.pop();
      while (session && !session.usable) {
        this.opened -= 1;
        session = this.idle.pop();
      }
      if (session) {
        void this.run(session, this.queue.shift() as Job);
      } else if (this.opened < this.options.maxConnections) {
        this.opened += 1;
        void this.start(this.queue.shift() as Job);
      } else {
        return;
      }
    }
  }

  private async start(job: Job): Promise<void> {
    let session: SmtpSession;
    try {
      session = await SmtpSession.open(this.options);
    } catch (error) {
      this.opened -= 1;
      job.reject(error);
      this.pump();
      return;
    }
    await this.run(session, job);
  }

  private async run(session: SmtpSession, job: Job): Promise<void> {
    try {
      await session.send(job.envelope, job.message);
      job.resolve();
    } catch (error) {
      job.reject(error);
    }
    if (this.closed || !session.usable || session.sent >= this.options.maxMessages) {
      this.opened -= 1;
      void session.quit();
    } else {
      this.idle.push(session);
    }
    this.pump();
  }
}
