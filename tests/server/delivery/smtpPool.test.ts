import net, { type AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerOptions, type SMTPServerSession } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import type { SmtpError } from '../../../server/services/delivery/smtp/SmtpError.ts';
import { SmtpPool } from '../../../server/services/delivery/smtp/SmtpPool.ts';
import { SmtpSession } from '../../../server/services/delivery/smtp/SmtpSession.ts';
import { smtpData } from '../../../server/services/delivery/smtp/smtpData.ts';
import { smtpOptionsFromUrl } from '../../../server/services/delivery/smtp/smtpOptionsFromUrl.ts';

/**
 * The marketing sender's own SMTP client, against a real SMTP server (the smtp-server package): every way
 * SMTP_URL can ask to connect (plain, STARTTLS, TLS from the start, AUTH PLAIN and LOGIN), with and
 * without pipelining, refusals that leave the connection usable, dot-stuffing, and the pool's limits.
 */
type Received = { from: string; to: string[]; data: string; secure: boolean; user: string | undefined };
/** Messages received per connection (smtp-server's session id). */
type PerConnection = Map<string, number>;

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

async function startServer(options: Partial<SMTPServerOptions> = {}) {
  const received: Received[] = [];
  const perConnection: PerConnection = new Map();
  const sessions = new Set<string>();
  let open = 0;
  let mostOpen = 0;
  const server = new SMTPServer({
    authOptional: true,
    logger: false,
    onConnect(session, callback) {
      sessions.add(session.id);
      open += 1;
      mostOpen = Math.max(mostOpen, open);
      callback();
    },
    onClose() {
      open -= 1;
    },
    onAuth(auth, _session, callback) {
      if (auth.username === 'marketer' && auth.password === 'p@ss:word')
        return callback(null, { user: 'marketer' });
      return callback(new Error('Invalid username or password'));
    },
    onRcptTo(address, _session, callback) {
      if (address.address.startsWith('refuse')) {
        const error = new Error('No such user here') as Error & { responseCode: number };
        error.responseCode = 550;
        return callback(error);
      }
      return callback();
    },
    onData(stream, session: SMTPServerSession, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        perConnection.set(session.id, (perConnection.get(session.id) ?? 0) + 1);
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          data: Buffer.concat(chunks).toString('utf8'),
          secure: session.secure,
          user: session.user as string | undefined,
        });
        callback();
      });
    },
    ...options,
  });
  // A client that gives up during the TLS handshake (the certificate test) is reported here, not thrown.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const { port } = server.server.address() as AddressInfo;
  return { port, received, perConnection, connections: () => sessions.size, mostOpen: () => mostOpen };
}

const MESSAGE = Buffer.from(
  'From: <news@example.com>\r\nTo: <ana@example.com>\r\nSubject: Hello\r\n\r\nLine one\r\n.starts with a dot\r\nLast line\r\n',
);

async function pool(
  url: string,
  extra: { maxConnections?: number; maxMessages?: number; timeoutMs?: number } = {},
) {
  const made = new SmtpPool({
    ...smtpOptionsFromUrl(url, extra.timeoutMs ?? 5000),
    maxConnections: extra.maxConnections ?? 2,
    maxMessages: extra.maxMessages ?? 100,
  });
  closers.push(() => made.close());
  return made;
}

describe('smtpData', () => {
  it('passes a message of CRLF lines with no leading dot as it is, ended by the terminator', () => {
    const parts = smtpData(Buffer.from('a\r\nb\r\n'));
    expect(parts[0]?.toString()).toBe('a\r\nb\r\n');
    expect(Buffer.concat(parts).toString()).toBe('a\r\nb\r\n.\r\n');
  });

  it('doubles a dot that starts a line, makes every line end CRLF and ends the last line', () => {
    expect(Buffer.concat(smtpData(Buffer.from('.a\nb\r.c\r\n\r\n.\r\nend'))).toString()).toBe(
      '..a\r\nb\r\n..c\r\n\r\n..\r\nend\r\n.\r\n',
    );
    expect(Buffer.concat(smtpData(Buffer.from('no end'))).toString()).toBe('no end\r\n.\r\n');
  });
});

describe.each([
  ['with pipelining', false],
  ['without pipelining', true],
] as const)('a message %s', (_name, hidePIPELINING) => {
  it('arrives byte for byte, a line starting with a dot included', async () => {
    const smtp = await startServer({ disabledCommands: ['STARTTLS'], hidePIPELINING });
    const sender = await pool(`smtp://127.0.0.1:${smtp.port}`);
    await sender.send({ from: 'news@example.com', to: ['ana@example.com'] }, MESSAGE);
    expect(smtp.received).toEqual([
      {
        from: 'news@example.com',
        to: ['ana@example.com'],
        data: MESSAGE.toString(),
        secure: false,
        user: undefined,
      },
    ]);
  });

  it('refused for its recipient rejects with the code, and the connection sends the next one', async () => {
    const smtp = await startServer({ disabledCommands: ['STARTTLS'], hidePIPELINING });
    const sender = await pool(`smtp://127.0.0.1:${smtp.port}`, { maxConnections: 1 });
    const refused = sender.send({ from: 'news@example.com', to: ['refuse@example.com'] }, MESSAGE);
    await expect(refused).rejects.toMatchObject({ name: 'SmtpError', responseCode: 550 });
    await sender.send({ from: 'news@example.com', to: ['ben@example.com'] }, MESSAGE);
    expect(smtp.received.map((r) => r.to)).toEqual([['ben@example.com']]);
    expect(smtp.connections()).toBe(1);
  });
});

describe('SMTP_URL', () => {
  it('upgrades with STARTTLS when offered and signs in with AUTH PLAIN', async () => {
    const smtp = await startServer();
    const sender = await pool(
      `smtp://marketer:${encodeURIComponent('p@ss:word')}@127.0.0.1:${smtp.port}/?tls.rejectUnauthorized=false`,
    );
    await sender.send({ from: 'news@example.com', to: ['ana@example.com'] }, MESSAGE);
    expect(smtp.received[0]).toMatchObject({ secure: true, user: 'marketer', data: MESSAGE.toString() });
  });

  it('signs in with AUTH LOGIN when the server offers only that', async () => {
    const smtp = await startServer({ disabledCommands: ['STARTTLS'], authMethods: ['LOGIN'] });
    const sender = await pool(`smtp://marketer:${encodeURIComponent('p@ss:word')}@127.0.0.1:${smtp.port}`);
    await sender.send({ from: 'news@example.com', to: ['ana@example.com'] }, MESSAGE);
    expect(smtp.received[0]).toMatchObject({ secure: false, user: 'marketer' });
  });

  it('refuses a wrong password with the server’s code', async () => {
    const smtp = await startServer({ disabledCommands: ['STARTTLS'] });
    const sender = await pool(`smtp://marketer:wrong@127.0.0.1:${smtp.port}`);
    await expect(
      sender.send({ from: 'news@example.com', to: ['ana@example.com'] }, MESSAGE),
    ).rejects.toMatchObject({
      responseCode: 535,
    });
    expect(smtp.received).toEqual([]);
  });

  it('speaks TLS from the start with smtps://', async () => {
    const smtp = await startServer({ secure: true });
    const sender = await pool(`smtps://127.0.0.1:${smtp.port}/?tls.rejectUnauthorized=false`);
    await sender.send({ from: 'news@example.com', to: ['ana@example.com'] }, MESSAGE);
    expect(smtp.received[0]).toMatchObject({ secure: true });
  });

  it('checks the server’s certificate unless told not to', async () => {
    const smtp = await startServer({ secure: true });
    const sender = await pool(`smtps://127.0.0.1:${smtp.port}`);
    await expect(sender.send({ from: 'news@example.com', to: ['ana@example.com'] }, MESSAGE)).rejects.toThrow(
      /certificate/i,
    );
  });

  it('sends nothing in the clear when requireTLS is set and the server offers no STARTTLS', async () => {
    const smtp = await startServer({ disabledCommands: ['STARTTLS'] });
    const sender = await pool(`smtp://127.0.0.1:${smtp.port}/?requireTLS=true`);
    await expect(sender.send({ from: 'news@example.com', to: ['ana@example.com'] }, MESSAGE)).rejects.toThrow(
      /requires TLS/,
    );
    expect(smtp.received).toEqual([]);
  });
});

describe('the pool', () => {
  it('opens at most maxConnections and a new connection after maxMessages', async () => {
    const smtp = await startServer({ disabledCommands: ['STARTTLS'] });
    const sender = await pool(`smtp://127.0.0.1:${smtp.port}`, { maxConnections: 3, maxMessages: 5 });
    await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        sender.send({ from: 'news@example.com', to: [`p${i}@example.com`] }, MESSAGE),
      ),
    );
    expect(smtp.received).toHaveLength(30);
    expect(new Set(smtp.received.map((r) => r.to[0])).size).toBe(30);
    expect(smtp.mostOpen()).toBeLessThanOrEqual(3);
    // Each connection sent 5 messages at most, so 6 at least were made (more when the last messages were
    // shared between connections that were not yet full).
    expect(Math.max(...smtp.perConnection.values())).toBe(5);
    expect(smtp.connections()).toBeGreaterThanOrEqual(6);
  });

  it('rejects a message whose connection could not be made, without a response code (retried later)', async () => {
    const unused = net.createServer();
    await new Promise<void>((resolve) => unused.listen(0, '127.0.0.1', resolve));
    const { port } = unused.address() as AddressInfo;
    await new Promise<void>((resolve) => unused.close(() => resolve()));
    const sender = await pool(`smtp://127.0.0.1:${port}`);
    const failure = await sender
      .send({ from: 'news@example.com', to: ['ana@example.com'] }, MESSAGE)
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as SmtpError).responseCode).toBeUndefined();
  });

  it('gives up on a server that never greets within the time-out', async () => {
    const silent = net.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    closers.push(
      () =>
        new Promise<void>((resolve) => {
          silent.close(() => resolve());
          for (const socket of openSockets) socket.destroy();
        }),
    );
    const openSockets: net.Socket[] = [];
    silent.on('connection', (socket) => openSockets.push(socket));
    const { port } = silent.address() as AddressInfo;
    const session = SmtpSession.open({ host: '127.0.0.1', port, secure: false, timeoutMs: 300 });
    await expect(session).rejects.toThrow(/did not answer in time/);
  });

  it('opens a new connection after the server closed the last one', async () => {
    const smtp = await startServer({ disabledCommands: ['STARTTLS'], socketTimeout: 200 });
    const sender = await pool(`smtp://127.0.0.1:${smtp.port}`, { maxConnections: 1 });
    await sender.send({ from: 'news@example.com', to: ['ana@example.com'] }, MESSAGE);
    await new Promise((resolve) => setTimeout(resolve, 500));
    await sender.send({ from: 'news@example.com', to: ['ben@example.com'] }, MESSAGE);
    expect(smtp.received).toHaveLength(2);
    expect(smtp.connections()).toBe(2);
  });
});
