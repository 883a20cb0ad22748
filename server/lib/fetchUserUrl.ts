import { lookup as dnsLookup } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { isPublicAddress } from './isPublicAddress.ts';

/** Why a fetch of a user-given URL was refused or failed; `message` says it in words a user can read. */
export type UserUrlFailure =
  | 'bad_url'
  | 'scheme'
  | 'dns'
  | 'private_address'
  | 'too_many_redirects'
  | 'timeout'
  | 'too_large'
  | 'http_status'
  | 'network';

export class UserUrlError extends Error {
  constructor(
    readonly reason: UserUrlFailure,
    message: string,
  ) {
    super(message);
    this.name = 'UserUrlError';
  }
}

export type ResolvedAddress = { address: string; family: 4 | 6 };

export type FetchUserUrlOptions = {
  /** The whole fetch (every hop: DNS, connection, headers, body) ends by then (ms, default 10,000). */
  timeoutMs?: number;
  /** The body is read as a stream and the fetch stops once more than this arrives (bytes, default 5 MB). */
  maxBytes?: number;
  /** Redirects are followed by hand, each hop checked like the first (default 3). */
  maxRedirects?: number;
  /** Validators of an earlier answer (conditional request): an unchanged resource answers 304. */
  etag?: string | null;
  lastModified?: string | null;
  accept?: string;
  /**
   * Tests only, never set in the product: allow private and loopback addresses (a local test server):
   * true for every host, or a list of the host names (as in the URL) that may resolve to one.
   */
  allowPrivate?: boolean | readonly string[];
  /** DNS resolution (tests replace it to point a name at a private address). */
  resolve?: (hostname: string) => Promise<ResolvedAddress[]>;
};

export type UserUrlResponse = {
  /** 200..299 with a body, or 304 (not modified: empty body). */
  status: number;
  /** The URL that answered (after redirects). */
  url: string;
  body: Buffer;
  contentType: string | null;
  etag: string | null;
  lastModified: string | null;
};

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** What the deadline answers a race with once the whole fetch has taken too long. */
const TIMED_OUT = Symbol('timed out');
const USER_AGENT = 'WorkbenchFeedReader/1.0 (+https://workbench.local)';

async function systemResolve(hostname: string): Promise<ResolvedAddress[]> {
  const answers = await dnsLookup(hostname, { all: true, verbatim: true });
  return answers.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
}

/** Parses and checks a URL: http or https only, no user name or password in it. */
function checkUrl(raw: string, base?: string): URL {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    throw new UserUrlError('bad_url', `Not a valid web address: ${raw.slice(0, 200)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UserUrlError('scheme', `Only http and https addresses can be fetched, not ${url.protocol}`);
  if (url.username || url.password)
    throw new UserUrlError('bad_url', 'A web address with a user name or password cannot be fetched.');
  return url;
}

/**
 * Resolves the URL's host and checks every address it resolves to before anything connects: one private,
 * loopback, link-local or unique-local address refuses the URL (so a name that answers both public and
 * private addresses cannot be used to reach inside). The connection then goes to the checked address
 * only (no second DNS answer can differ from the one checked).
 */
async function checkedAddress(url: URL, options: FetchUserUrlOptions): Promise<ResolvedAddress> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: ResolvedAddress[];
  const family = isIP(host);
  if (family !== 0) {
    addresses = [{ address: host, family: family === 6 ? 6 : 4 }];
  } else {
    try {
      addresses = await (options.resolve ?? systemResolve)(host);
    } catch {
      throw new UserUrlError('dns', `The name ${host} could not be resolved.`);
    }
    if (addresses.length === 0) throw new UserUrlError('dns', `The name ${host} could not be resolved.`);
  }
  const allowed =
    options.allowPrivate === true ||
    (Array.isArray(options.allowPrivate) && options.allowPrivate.includes(host));
  if (!allowed) {
    const inside = addresses.find((a) => !isPublicAddress(a.address));
    if (inside)
      throw new UserUrlError(
        'private_address',
        `${host} points at a private or local address (${inside.address}); only public addresses can be fetched.`,
      );
  }
  return addresses[0] as ResolvedAddress;
}

type Hop = { response: IncomingMessage; abort: () => void };

/** One request to a checked address, with SNI and Host for the URL's name. */
function request(
  url: URL,
  target: ResolvedAddress,
  headers: Record<string, string>,
  signal: AbortSignal,
): Promise<Hop> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(url, {
      method: 'GET',
      headers,
      signal,
      // Connect to the checked address, whatever DNS would answer now.
      lookup: (_hostname, opts, callback) => {
        const cb = callback as (...args: unknown[]) => void;
        if ((opts as { all?: boolean }).all) cb(null, [target]);
        else cb(null, target.address, target.family);
      },
    });
    req.on('response', (response) => resolve({ response, abort: () => req.destroy() }));
    req.on('error', reject);
    req.end();
  });
}

/** Reads the body, decoding gzip / deflate / br, and stops once more than maxBytes arrived. */
async function readCapped(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers['content-length']);
  const encoding = String(response.headers['content-encoding'] ?? '').toLowerCase();
  if (!encoding && Number.isFinite(declared) && declared > maxBytes) {
    response.destroy();
    throw tooLarge(maxBytes);
  }
  let stream: Readable = response;
  if (encoding === 'gzip' || encoding === 'x-gzip') stream = response.pipe(zlib.createGunzip());
  else if (encoding === 'deflate') stream = response.pipe(zlib.createInflate());
  else if (encoding === 'br') stream = response.pipe(zlib.createBrotliDecompress());
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream) {
      size += (chunk as Buffer).length;
      if (size > maxBytes) throw tooLarge(maxBytes);
      chunks.push(chunk as Buffer);
    }
  } finally {
    if (size > maxBytes) {
      response.destroy();
      stream.destroy();
    }
  }
  return Buffer.concat(chunks);
}

function tooLarge(maxBytes: number): UserUrlError {
  return new UserUrlError('too_large', `The answer is larger than ${Math.round(maxBytes / 1024)} KB.`);
}

const header = (response: IncomingMessage, name: string) => {
  const value = response.headers[name];
  return typeof value === 'string' ? value : null;
};

/**
 * The one way the server fetches a URL a user gave (feeds now; anything later): http and https only; the
 * host's DNS answer is checked against private, loopback, link-local and unique-local ranges (IPv4 and
 * IPv6) before connecting, and again on every redirect hop (followed by hand, at most maxRedirects); one
 * deadline for the whole fetch; the body read as a stream and cut at maxBytes (decoded size); the
 * validators of an earlier answer sent as If-None-Match / If-Modified-Since. Every refusal is a
 * UserUrlError with a reason and a message fit to show.
 */
export async function fetchUserUrl(
  rawUrl: string,
  options: FetchUserUrlOptions = {},
): Promise<UserUrlResponse> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maxBytes = options.maxBytes ?? 5 * 1024 * 1024;
  const maxRedirects = options.maxRedirects ?? 3;
  const controller = new AbortController();
  let timedOut = false;
  let endDeadline: () => void = () => {};
  // DNS cannot be cancelled: a slow answer loses the race against the deadline.
  const deadline = new Promise<typeof TIMED_OUT>((resolve) => {
    endDeadline = () => resolve(TIMED_OUT);
  });
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
    endDeadline();
  }, timeoutMs);
  const headers: Record<string, string> = {
    'user-agent': USER_AGENT,
    accept: options.accept ?? '*/*',
    'accept-encoding': 'gzip, deflate, br',
  };
  if (options.etag) headers['if-none-match'] = options.etag;
  if (options.lastModified) headers['if-modified-since'] = options.lastModified;
  try {
    let url = checkUrl(rawUrl);
    for (let hop = 0; ; hop += 1) {
      const target = await Promise.race([checkedAddress(url, options), deadline]);
      if (target === TIMED_OUT) throw new Error('timeout');
      const { response, abort } = await request(url, target, headers, controller.signal);
      const status = response.statusCode ?? 0;
      if (REDIRECTS.has(status)) {
        abort();
        const location = header(response, 'location');
        if (!location)
          throw new UserUrlError('http_status', `The server answered ${status} without a Location.`);
        if (hop >= maxRedirects)
          throw new UserUrlError('too_many_redirects', `More than ${maxRedirects} redirects.`);
        url = checkUrl(location, url.href);
        continue;
      }
      if (status === 304) {
        abort();
        return {
          status,
          url: url.href,
          body: Buffer.alloc(0),
          contentType: null,
          etag: header(response, 'etag') ?? options.etag ?? null,
          lastModified: header(response, 'last-modified') ?? options.lastModified ?? null,
        };
      }
      if (status < 200 || status >= 300) {
        abort();
        throw new UserUrlError('http_status', `The server answered ${status}.`);
      }
      const body = await readCapped(response, maxBytes);
      return {
        status,
        url: url.href,
        body,
        contentType: header(response, 'content-type'),
        etag: header(response, 'etag'),
        lastModified: header(response, 'last-modified'),
      };
    }
  } catch (error) {
    if (error instanceof UserUrlError) throw error;
    if (timedOut) throw new UserUrlError('timeout', `No complete answer within ${timeoutMs / 1000} s.`);
    const code = (error as { code?: string }).code;
    throw new UserUrlError('network', `The server could not be reached${code ? ` (${code})` : ''}.`);
  } finally {
    clearTimeout(timer);
  }
}
