import { randomBytes } from 'node:crypto';

export type MimeMessage = {
  from: { name: string; address: string };
  to: string;
  subject: string;
  /** With its angle brackets: <id@domain>. */
  messageId: string;
  date: Date;
  /** More header fields (List-Unsubscribe and List-Unsubscribe-Post); values must be ASCII. */
  headers: Record<string, string>;
  /** Without it the message is the text alone (account email may have no HTML part). */
  html?: string | undefined;
  text: string;
};

/** A new Message-ID (with its angle brackets) in the domain of the sender's address. */
export function newMessageId(fromAddress: string): string {
  const domain = fromAddress.split('@')[1]?.replace(/[^A-Za-z0-9.-]/g, '') || 'workbench.local';
  return `<${randomBytes(12).toString('hex')}@${domain}>`;
}

/** A mailbox the way it is configured (SMTP_FROM): "Name <a@b>", "\"Name\" <a@b>", "<a@b>" or "a@b". */
export function parseMailbox(text: string): { name: string; address: string } {
  const named = /^\s*(?:"((?:[^"\\]|\\.)*)"|([^"<>]*?))\s*<([^<>\s]+@[^<>\s]+)>\s*$/.exec(text);
  if (named) {
    return {
      name: (named[1] ?? '').replace(/\\(.)/g, '$1') || (named[2] ?? ''),
      address: named[3] as string,
    };
  }
  const bare = /^\s*([^<>\s"]+@[^<>\s"]+)\s*$/.exec(text);
  if (bare) return { name: '', address: bare[1] as string };
  throw new Error(
    `Not an email address with an optional name: "${text}" (write it as Name <address@example.com>)`,
  );
}

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
/** A display name that needs no quoting (RFC 5322 atext and spaces). */
const PLAIN_PHRASE = /^[A-Za-z0-9!#$%&'*+\-/=?^_`{|}~ ]*$/;

/** RFC 2047 encoded words (UTF-8, base64) of at most 45 bytes of text each, on folded lines. */
function encodedWords(value: string): string {
  const words: string[] = [];
  let chunk = '';
  let bytes = 0;
  for (const char of value) {
    const size = Buffer.byteLength(char);
    if (bytes + size > 45) {
      words.push(chunk);
      chunk = '';
      bytes = 0;
    }
    chunk += char;
    bytes += size;
  }
  if (chunk) words.push(chunk);
  return words.map((word) => `=?UTF-8?B?${Buffer.from(word).toString('base64')}?=`).join('\r\n ');
}

/** An unstructured header value: as it is when printable ASCII, else encoded words. */
export function headerText(value: string): string {
  const clean = value.replace(/[\r\n]+/g, ' ');
  return PRINTABLE_ASCII.test(clean) ? clean : encodedWords(clean);
}

/** An address with its display name: Name <a@b>, "Quoted, Name" <a@b> or encoded words. */
export function mailbox(name: string, address: string): string {
  const clean = name.replace(/[\r\n]+/g, ' ').trim();
  if (!clean) return `<${address}>`;
  if (PLAIN_PHRASE.test(clean)) return `${clean} <${address}>`;
  if (PRINTABLE_ASCII.test(clean)) return `"${clean.replace(/(["\\])/g, '\\$1')}" <${address}>`;
  return `${encodedWords(clean)} <${address}>`;
}

/** Base64 of the text in lines of 76 characters (RFC 2045). */
function base64Lines(text: string): string {
  const encoded = Buffer.from(text, 'utf8').toString('base64');
  const lines: string[] = [];
  for (let at = 0; at < encoded.length; at += 76) lines.push(encoded.slice(at, at + 76));
  return lines.join('\r\n');
}

const TEXT_PART = 'Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n';
const HTML_PART = 'Content-Type: text/html; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n';

/**
 * One email as a complete MIME message (multipart/alternative: text, then HTML, both UTF-8 in base64; the
 * text alone when there is no HTML), the one composer of every email the product sends, composed directly: a campaign sends thousands of messages that differ only in a few places, and a
 * general-purpose composer's per-message work (choosing an encoding by scanning the body, quoted-printable
 * in JavaScript) cost more than everything else of a send. Base64 lines never contain the boundary
 * (it has '_' and '.', which base64 does not use) and never start with a dot.
 */
export function composeMime(message: MimeMessage): Buffer {
  const head = [
    `From: ${mailbox(message.from.name, message.from.address)}`,
    `To: <${message.to}>`,
    `Subject: ${headerText(message.subject)}`,
    `Message-ID: ${message.messageId}`,
    `Date: ${message.date.toUTCString().replace('GMT', '+0000')}`,
    'MIME-Version: 1.0',
    ...Object.entries(message.headers).map(([name, value]) => `${name}: ${value.replace(/[\r\n]+/g, ' ')}`),
  ].join('\r\n');
  if (message.html === undefined) {
    return Buffer.from(`${head}\r\n${TEXT_PART}${base64Lines(message.text)}\r\n`, 'utf8');
  }
  const boundary = `=_wb.${randomBytes(12).toString('hex')}`;
  return Buffer.from(
    `${head}\r\nContent-Type: multipart/alternative; boundary="${boundary}"\r\n\r\n` +
      `--${boundary}\r\n${TEXT_PART}${base64Lines(message.text)}\r\n` +
      `--${boundary}\r\n${HTML_PART}${base64Lines(message.html)}\r\n` +
      `--${boundary}--\r\n`,
    'utf8',
  );
}
