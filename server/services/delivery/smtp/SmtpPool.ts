import { parseConnectionUrl } from 'nodemailer/lib/shared';
import { type SmtpEnvelope, type SmtpOptions, SmtpSession } from './SmtpSession.ts';

type Job = { envelope: SmtpEnvelope; message: Buffer; resolve: () => void; reject: (error: unknown) => void };

/**
 * SMTP_URL read as nodemailer reads it (smtp:// or smtps://, user and password, ?tls.rejectUnauthorized=false,
 * ?ignoreTLS=true, ?requireTLS=true, ?name=), so the outbox (nodemailer) and marketing email (SmtpPool)
 * understand one setting the same way.
 */
export function smtpOptionsFromUrl(url: string, timeoutMs: number): SmtpOptions {
  const parsed = parseConnectionUrl(url) as {
    host?: string;
    port?: number;
    secure?: boolean;
    auth?: { user: string; pass: string };
    ignoreTLS?: boolean;
    requireTLS?: boolean;
    tls?: SmtpOptions['tls'];
    name?: string;
  };
  const secure = parsed.secure === true;
  return {
    host: parsed.host ?? 'localhost',
    port: parsed.port ?? (secure ? 465 : 587),
    secure,
    auth: parsed.auth && (parsed.auth.user || parsed.auth.pass) ? parsed.auth : undefined,
    ignoreTLS: parsed.ignoreTLS === true,
    requireTLS: parsed.requireTLS === true,
    tls: parsed.tls,
    name: typeof parsed.name === 'string' ? parsed.name : undefined,
    timeoutMs,
  };
}

/**
 * The marketing sender's SMTP connections: up to maxConnections at once, each sending message after message
 * (a new connection after maxMessages, or when one fails). A message waits for a free connection; one whose
 * connection could not be made or failed is rejected (the delivery worker retries it after its back-off).
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
