import type { AddressInfo } from 'node:net';
import type { Kysely } from 'kysely';
import { SMTPServer } from 'smtp-server';
import type { Database } from '../../../server/db/schema.ts';

export type ReceivedMail = { to: string[]; data: string };

/** How the local SMTP server answers a recipient: accept (null), or an SMTP error code with a message. */
export type RcptRule = (address: string) => { code: number; message: string } | null;

/** A local SMTP server (the smtp-server package) that records what it accepts. */
export async function startSmtp(rule: RcptRule = () => null) {
  const received: ReceivedMail[] = [];
  let currentRule = rule;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const refusal = currentRule(address.address);
      if (!refusal) return callback();
      const error = new Error(refusal.message) as Error & { responseCode: number };
      error.responseCode = refusal.code;
      return callback(error);
    },
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => {
        data += chunk.toString('utf8');
      });
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    setRule: (next: RcptRule) => {
      currentRule = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The decoded text of every part of a raw MIME message (base64 or quoted-printable), in order. */
export function decodeBody(raw: string): string {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join('\r\n\r\n');
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(head.replace(/\r?\n[ \t]+/g, ' '))?.[1];
  const decodePart = (part: string): string => {
    const [partHead = '', ...partBody] = part.split(/\r?\n\r?\n/);
    const content = partBody.join('\r\n\r\n');
    if (/content-transfer-encoding:\s*base64/i.test(partHead)) {
      return Buffer.from(content.replace(/\s+/g, ''), 'base64').toString('utf8');
    }
    if (/content-transfer-encoding:\s*quoted-printable/i.test(partHead)) {
      return content
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    }
    return content;
  };
  if (!boundary) return decodePart(raw);
  return body
    .split(`--${boundary}`)
    .slice(1)
    .filter((part) => !part.startsWith('--'))
    .map((part) => decodePart(part.replace(/^\r?\n/, '')))
    .join('\n');
}

/** A header's value in a raw message (folded lines joined). */
export function headerOf(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/)[0]?.replace(/\r?\n[ \t]+/g, ' ') ?? '';
  const line = head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

/** A design-ready email and some Subscribed contacts (not unsubscribed from everything) of an organisation. */
export async function demoMaterial(db: Kysely<Database>, orgId: number, contacts = 6) {
  const email = await db
    .selectFrom('emails')
    .select(['id', 'html', 'campaign_id', 'subject'])
    .where('org_id', '=', orgId)
    .where('design_ready', '=', true)
    .where('html', 'is not', null)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const people = await db
    .selectFrom('contacts')
    .select(['id', 'email'])
    .where('org_id', '=', orgId)
    .where('status', '=', 'Subscribed')
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('preferences')
            .select('uuid')
            .whereRef('preferences.contact_id', '=', 'contacts.id')
            .where('unsub_all', '=', true),
        ),
      ),
    )
    .orderBy('id')
    .limit(contacts)
    .execute();
  return { email, contacts: people };
}

/** A clock tests move by hand; it starts a little ahead so rows queued just now are already due. */
export function manualClock(start = new Date(Date.now() + 60_000)) {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    advance: (ms: number) => {
      now += ms;
    },
  };
}

/** The highest email event id so far (the seed records events too): later reads look past it. */
export async function lastEventId(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('email_event')
    .select((eb) => eb.fn.max('id').as('max'))
    .executeTakeFirst();
  return Number(row?.max ?? 0);
}

/** A contact's email events recorded after the event id `after`. */
export function eventsOf(db: Kysely<Database>, contactId: number, after: number) {
  return db
    .selectFrom('email_event')
    .select(['kind', 'email_id', 'campaign_id', 'workflow_id', 'node_id', 'link', 'user_agent'])
    .where('contact_id', '=', contactId)
    .where('id', '>', after)
    .orderBy('id')
    .execute();
}

export function sendRow(db: Kysely<Database>, sendId: number) {
  return db.selectFrom('email_send').selectAll().where('id', '=', sendId).executeTakeFirstOrThrow();
}
