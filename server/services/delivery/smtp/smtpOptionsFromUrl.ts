import type { SmtpOptions } from './SmtpSession.ts';

/** The query options SMTP_URL may carry (besides tls.<option>, passed to the TLS connection). */
const FLAGS = ['ignoreTLS', 'requireTLS'] as const;
const KNOWN = [...FLAGS, 'name', 'tls.<option>'];

/** A query value as the option wants it: true/false as booleans, a number as a number, else the text. */
function optionValue(raw: string): string | number | boolean {
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  return raw.trim() !== '' && Number.isFinite(Number(raw)) ? Number(raw) : raw;
}

function decoded(part: string, what: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    throw new Error(`SMTP_URL: the ${what} is not valid percent-encoding`);
  }
}

/**
 * Where and how the SMTP client connects, read from SMTP_URL: smtp://host:port (port 587 by default; STARTTLS
 * when the server offers it) or smtps://host:port (TLS from the start, port 465 by default), with an optional
 * user:password@ (percent-encoded) and the query options ignoreTLS=true, requireTLS=true, name=<EHLO name>
 * and tls.<option>=<value> (e.g. tls.rejectUnauthorized=false). Anything else is refused with a message that
 * names it: a setting the client would silently ignore is a setting the operator believes is in force.
 */
export function smtpOptionsFromUrl(text: string, timeoutMs: number): SmtpOptions {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error('SMTP_URL is not a URL: write it as smtp://user:password@host:587 or smtps://host:465');
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') {
    throw new Error(`SMTP_URL must start with smtp:// or smtps://, not ${url.protocol}//`);
  }
  const secure = url.protocol === 'smtps:';
  // An IPv6 address keeps its brackets in a URL; the socket wants it without.
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (host === '') throw new Error('SMTP_URL names no host');
  const options: SmtpOptions = {
    host,
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    timeoutMs,
  };
  const user = decoded(url.username, 'user name');
  const pass = decoded(url.password, 'password');
  if (user || pass) options.auth = { user, pass };
  const tls: Record<string, unknown> = {};
  for (const [key, raw] of url.searchParams) {
    const value = optionValue(raw);
    if (key.startsWith('tls.') && key.length > 4) {
      const option = key.slice(4);
      if (option === '__proto__' || option === 'constructor' || option === 'prototype') continue;
      tls[option] = value;
    } else if ((FLAGS as readonly string[]).includes(key)) {
      if (typeof value !== 'boolean') throw new Error(`SMTP_URL: ${key} must be true or false, not "${raw}"`);
      options[key as (typeof FLAGS)[number]] = value;
    } else if (key === 'name') {
      // The name goes into the EHLO command: a host name or an address literal, nothing that ends a line.
      if (!/^[A-Za-z0-9.:[\]-]+$/.test(raw))
        throw new Error(`SMTP_URL: name must be a host name, not "${raw}"`);
      options.name = raw;
    } else {
      throw new Error(`SMTP_URL: unknown option "${key}" (known: ${KNOWN.join(', ')})`);
    }
  }
  if (Object.keys(tls).length > 0) options.tls = tls as SmtpOptions['tls'];
  return options;
}
