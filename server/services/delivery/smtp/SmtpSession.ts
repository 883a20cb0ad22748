import net from 'node:net';
import os from 'node:os';
import tls from 'node:tls';
import { SmtpError, type SmtpReply } from './SmtpError.ts';
import { smtpData } from './smtpData.ts';

/** Where and how to connect (from SMTP_URL: smtpOptionsFromUrl.ts). */
export type SmtpOptions = {
  host: string;
  port: number;
  /** TLS from the start (smtps://, usually port 465); otherwise STARTTLS when the server offers it. */
  secure: boolean;
  auth?: { user: string; pass: string };
  /** Never upgrade with STARTTLS. */
  ignoreTLS?: boolean;
  /** Refuse to send unless the connection is encrypted. */
  requireTLS?: boolean;
  /** Options for the TLS connection (e.g. rejectUnauthorized: false for a test server). */
  tls?: tls.ConnectionOptions;
  /** The name this client gives in EHLO. */
  name?: string;
  /** Each wait for the server (connecting, a reply) is bounded by this. */
  timeoutMs: number;
};

export type SmtpEnvelope = { from: string; to: readonly string[] };

const QUIT_WAIT_MS = 1000;

/** Characters an address in a command may not hold (they would end or change the command). */
const UNSAFE_ADDRESS = /[\r\n<>\s]/;

function clientName(options: SmtpOptions): string {
  if (options.name) return options.name;
  const host = os.hostname();
  return host.includes('.') ? host : '[127.0.0.1]';
}

type Waiter = { resolve: (reply: SmtpReply) => void; reject: (error: Error) => void };

/**
 * One SMTP connection (RFC 5321): greeting, EHLO, STARTTLS when offered (or TLS from the start), AUTH PLAIN
 * or LOGIN, then messages one after another. With PIPELINING (RFC 2920) a message's MAIL, RCPT and DATA go
 * out in one write and its data in one more: two round trips a message. Any failure of the connection
 * itself (an error, a close, a reply late by more than timeoutMs) makes it unusable and fails what waits.
 */
export class SmtpSession {
  private socket: net.Socket;
  private received = '';
  private replyLines: string[] = [];
  private readonly replies: SmtpReply[] = [];
  private readonly waiters: Waiter[] = [];
  private failure: Error | null = null;
  private extensions = new Map<string, string>();
  /** Messages accepted on this connection. */
  sent = 0;

  private constructor(
    private readonly options: SmtpOptions,
    socket: net.Socket,
  ) {
    this.socket = socket;
    this.listen(socket);
  }

  /** Connects, greets, encrypts and signs in as the options say. */
  static async open(options: SmtpOptions): Promise<SmtpSession> {
    const socket = await connect(options);
    const session = new SmtpSession(options, socket);
    try {
      await session.handshake();
    } catch (error) {
      session.destroy(error instanceof Error ? error : new Error(String(error)));
      throw error;
    }
    return session;
  }

  /** False once the connection has failed or closed. */
  get usable(): boolean {
    return this.failure === null;
  }

  /** Sends one message; resolves once the server has accepted it, rejects with an SmtpError otherwise. */
  async send(envelope: SmtpEnvelope, message: Buffer): Promise<void> {
    for (const address of [envelope.from, ...envelope.to]) {
      if (UNSAFE_ADDRESS.test(address))
        throw new SmtpError(`Address not allowed: ${JSON.stringify(address)}`, 553);
    }
    if (envelope.to.length === 0) throw new SmtpError('No recipient', 554);
    const commands = [`MAIL FROM:<${envelope.from}>`, ...envelope.to.map((to) => `RCPT TO:<${to}>`), 'DATA'];
    let refusal: SmtpError | null = null;
    let dataOpen = false;
    if (this.extensions.has('PIPELINING')) {
      const pending = Promise.all(commands.map(() => this.nextReply()));
      this.write(`${commands.join('\r\n')}\r\n`);
      for (const [i, reply] of (await pending).entries()) {
        const command = commands[i] as string;
        if (command === 'DATA') dataOpen = reply.code === 354;
        if (!refusal && !accepted(command, reply))
          refusal = SmtpError.fromReply(command.split(':')[0] as string, reply);
      }
    } else {
      for (const command of commands) {
        const reply = await this.command(command);
        if (command === 'DATA') dataOpen = reply.code === 354;
        if (!accepted(command, reply)) {
          refusal = SmtpError.fromReply(command.split(':')[0] as string, reply);
          break;
        }
      }
    }
    if (refusal) {
      // A server that opened DATA anyway (all replies pipelined) gets an empty message ended, then RSET.
      if (dataOpen) await this.command('.');
      await this.command('RSET');
      throw refusal;
    }
    const reply = this.nextReply();
    this.socket.cork();
    for (const part of smtpData(message)) this.socket.write(part);
    this.socket.uncork();
    const done = await reply;
    if (done.code !== 250) throw SmtpError.fromReply('DATA', done);
    this.sent += 1;
  }

  /** Says QUIT and closes, whatever the answer (waiting a second at most for it). */
  async quit(): Promise<void> {
    if (!this.failure) {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, QUIT_WAIT_MS);
      });
      await Promise.race([Promise.allSettled([this.command('QUIT')]), late]);
      clearTimeout(timer);
    }
    this.destroy(new SmtpError('SMTP connection closed'));
  }

  private async handshake(): Promise<void> {
    const greeting = await this.nextReply();
    if (greeting.code !== 220) throw SmtpError.fromReply('Greeting', greeting);
    await this.hello();
    const secure = this.options.secure || this.socket instanceof tls.TLSSocket;
    if (!secure && !this.options.ignoreTLS && this.extensions.has('STARTTLS')) {
      const reply = await this.command('STARTTLS');
      if (reply.code !== 220) throw SmtpError.fromReply('STARTTLS', reply);
      await this.upgrade();
      await this.hello();
    } else if (!secure && this.options.requireTLS) {
      throw new SmtpError('The SMTP server does not offer STARTTLS, and SMTP_URL requires TLS');
    }
    if (this.options.auth) await this.login(this.options.auth);
  }

  private async hello(): Promise<void> {
    const name = clientName(this.options);
    let reply = await this.command(`EHLO ${name}`);
    if (reply.code !== 250) {
      reply = await this.command(`HELO ${name}`);
      if (reply.code !== 250) throw SmtpError.fromReply('HELO', reply);
    }
    this.extensions = new Map(
      reply.lines.slice(1).map((line) => {
        const [keyword = '', ...rest] = line.trim().split(/\s+/);
        return [keyword.toUpperCase(), rest.join(' ').toUpperCase()];
      }),
    );
  }

  private async login(auth: { user: string; pass: string }): Promise<void> {
    const methods = (this.extensions.get('AUTH') ?? 'PLAIN').split(' ');
    if (methods.includes('PLAIN') || !methods.includes('LOGIN')) {
      const token = Buffer.from(`\u0000${auth.user}\u0000${auth.pass}`, 'utf8').toString('base64');
      const reply = await this.command(`AUTH PLAIN ${token}`);
      if (reply.code !== 235) throw SmtpError.fromReply('AUTH PLAIN', reply);
      return;
    }
    let reply = await this.command('AUTH LOGIN');
    if (reply.code !== 334) throw SmtpError.fromReply('AUTH LOGIN', reply);
    reply = await this.command(Buffer.from(auth.user, 'utf8').toString('base64'));
    if (reply.code !== 334) throw SmtpError.fromReply('AUTH LOGIN', reply);
    reply = await this.command(Buffer.from(auth.pass, 'utf8').toString('base64'));
    if (reply.code !== 235) throw SmtpError.fromReply('AUTH LOGIN', reply);
  }

  private upgrade(): Promise<void> {
    const plain = this.socket;
    plain.removeAllListeners('data');
    plain.removeAllListeners('error');
    plain.removeAllListeners('close');
    plain.removeAllListeners('timeout');
    return new Promise((resolve, reject) => {
      const secured = tls.connect({
        socket: plain,
        servername: net.isIP(this.options.host) ? undefined : this.options.host,
        ...this.options.tls,
      });
      const failed = (error: Error) => reject(error);
      secured.once('error', failed);
      secured.once('secureConnect', () => {
        secured.off('error', failed);
        this.socket = secured;
        this.listen(secured);
        resolve();
      });
    });
  }

  private listen(socket: net.Socket): void {
    socket.setTimeout(this.options.timeoutMs);
    socket.on('data', (chunk: Buffer) => this.onData(chunk));
    socket.on('error', (error) => this.destroy(error));
    socket.on('close', () => this.destroy(new SmtpError('The SMTP server closed the connection')));
    socket.on('timeout', () => this.destroy(new SmtpError('The SMTP server did not answer in time')));
  }

  private onData(chunk: Buffer): void {
    this.received += chunk.toString('utf8');
    let end = this.received.indexOf('\n');
    while (end >= 0) {
      const line = this.received.slice(0, end).replace(/\r$/, '');
      this.received = this.received.slice(end + 1);
      const parsed = /^(\d{3})([ -]?)(.*)$/.exec(line);
      if (!parsed) {
        this.destroy(new SmtpError(`Not an SMTP reply: ${JSON.stringify(line.slice(0, 100))}`));
        return;
      }
      this.replyLines.push(parsed[3] ?? '');
      if (parsed[2] !== '-') {
        const reply = { code: Number(parsed[1]), lines: this.replyLines };
        this.replyLines = [];
        const waiter = this.waiters.shift();
        if (waiter) waiter.resolve(reply);
        else this.replies.push(reply);
      }
      end = this.received.indexOf('\n');
    }
    if (this.received.length > 64 * 1024) this.destroy(new SmtpError('SMTP reply line too long'));
  }

  /** The next reply, in order. */
  private nextReply(): Promise<SmtpReply> {
    const ready = this.replies.shift();
    if (ready) return Promise.resolve(ready);
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => this.waiters.push({ resolve, reject }));
  }

  private command(line: string): Promise<SmtpReply> {
    const reply = this.nextReply();
    this.write(`${line}\r\n`);
    return reply;
  }

  private write(text: string): void {
    if (!this.failure) this.socket.write(text, 'utf8');
  }

  private destroy(error: Error): void {
    if (this.failure) return;
    this.failure = error;
    for (const waiter of this.waiters.splice(0)) waiter.reject(error);
    this.socket.destroy();
  }
}

function accepted(command: string, reply: SmtpReply): boolean {
  if (command === 'DATA') return reply.code === 354;
  if (command.startsWith('RCPT')) return reply.code === 250 || reply.code === 251;
  return reply.code === 250;
}

function connect(options: SmtpOptions): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = options.secure
      ? tls.connect({
          host: options.host,
          port: options.port,
          servername: net.isIP(options.host) ? undefined : options.host,
          ...options.tls,
        })
      : net.connect({ host: options.host, port: options.port });
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new SmtpError(`Could not connect to the SMTP server ${options.host}:${options.port} in time`));
    }, options.timeoutMs);
    const failed = (error: Error) => {
      clearTimeout(timer);
      reject(error);
    };
    socket.once('error', failed);
    socket.once(options.secure ? 'secureConnect' : 'connect', () => {
      clearTimeout(timer);
      socket.off('error', failed);
      resolve(socket);
    });
  });
}
