import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchUserUrl, type ResolvedAddress, UserUrlError } from '../../../server/lib/fetchUserUrl.ts';
import { isPublicAddress } from '../../../server/lib/isPublicAddress.ts';

/** A local server whose routes the tests choose; it records the requests it got. */
const seen: { url: string; headers: http.IncomingHttpHeaders }[] = [];
let server: http.Server;
let port = 0;
const local = (path: string) => `http://127.0.0.1:${port}${path}`;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    seen.push({ url: req.url ?? '', headers: req.headers });
    const path = req.url ?? '/';
    if (path === '/feed') {
      if (req.headers['if-none-match'] === '"v1"') {
        res.writeHead(304).end();
        return;
      }
      res.writeHead(200, {
        'content-type': 'application/rss+xml',
        etag: '"v1"',
        'last-modified': 'Mon, 02 Nov 2026 10:00:00 GMT',
      });
      res.end('<rss/>');
    } else if (path.startsWith('/hop/')) {
      const left = Number(path.slice(5));
      res.writeHead(302, { location: left > 0 ? `/hop/${left - 1}` : '/feed' }).end();
    } else if (path === '/to-loopback') {
      res.writeHead(301, { location: `http://127.0.0.1:${port}/feed` }).end();
    } else if (path === '/to-internal') {
      res.writeHead(307, { location: 'http://internal.test/metadata' }).end();
    } else if (path === '/big-declared') {
      res.writeHead(200, { 'content-length': String(10_000) });
      res.end('x'.repeat(10_000));
    } else if (path === '/big-streamed') {
      res.writeHead(200, { 'content-type': 'text/plain' }); // chunked: no length up front
      for (let i = 0; i < 20; i += 1) res.write('y'.repeat(1000));
      res.end();
    } else if (path === '/bomb') {
      res.writeHead(200, { 'content-encoding': 'gzip' });
      res.end(zlib.gzipSync(Buffer.alloc(200_000)));
    } else if (path === '/slow') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('the rest never comes'); // and the answer is never ended
    } else if (path === '/error') {
      res.writeHead(500).end('broken');
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** A resolver that knows a few test names (no real DNS). */
const names: Record<string, ResolvedAddress[]> = {
  'feed.test': [{ address: '127.0.0.1', family: 4 }],
  'internal.test': [{ address: '10.1.2.3', family: 4 }],
  'metadata.test': [{ address: '169.254.169.254', family: 4 }],
  'ula.test': [{ address: 'fd12:3456::1', family: 6 }],
  'mixed.test': [
    { address: '93.184.216.34', family: 4 },
    { address: '::ffff:127.0.0.1', family: 6 },
  ],
};
const resolve = async (host: string) => {
  const found = names[host];
  if (!found) throw new Error('ENOTFOUND');
  return found;
};

async function refusal(promise: Promise<unknown>): Promise<UserUrlError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof UserUrlError) return error;
    throw error;
  }
  throw new Error('the fetch was not refused');
}

describe('fetchUserUrl', () => {
  it('fetches a local feed when the test allows private addresses, with its validators', async () => {
    const response = await fetchUserUrl(local('/feed'), { allowPrivate: true });
    expect(response.status).toBe(200);
    expect(response.body.toString()).toBe('<rss/>');
    expect(response.etag).toBe('"v1"');
    expect(response.lastModified).toBe('Mon, 02 Nov 2026 10:00:00 GMT');
  });

  it('passes If-None-Match and If-Modified-Since on, and returns a 304 with no body', async () => {
    const response = await fetchUserUrl(local('/feed'), {
      allowPrivate: true,
      etag: '"v1"',
      lastModified: 'Mon, 02 Nov 2026 10:00:00 GMT',
    });
    expect(response.status).toBe(304);
    expect(response.body.length).toBe(0);
    const last = seen.at(-1);
    expect(last?.headers['if-none-match']).toBe('"v1"');
    expect(last?.headers['if-modified-since']).toBe('Mon, 02 Nov 2026 10:00:00 GMT');
  });

  it('refuses 127.0.0.1 by default, before connecting', async () => {
    const before = seen.length;
    const error = await refusal(fetchUserUrl(local('/feed')));
    expect(error.reason).toBe('private_address');
    expect(error.message).toContain('127.0.0.1');
    expect(seen.length).toBe(before);
  });

  it.each([
    ['internal.test', '10.1.2.3'],
    ['metadata.test', '169.254.169.254'],
    ['ula.test', 'fd12:3456::1'],
    ['mixed.test', '::ffff:127.0.0.1'],
  ])('refuses %s, whose DNS answer holds the private address %s', async (host, address) => {
    const error = await refusal(fetchUserUrl(`http://${host}/feed`, { resolve }));
    expect(error.reason).toBe('private_address');
    expect(error.message).toContain(address);
  });

  it.each(['http://[::1]/', 'http://[fe80::1]/', 'http://0.0.0.0/', 'http://192.168.1.1/'])(
    'refuses the address literal %s',
    async (url) => {
      expect((await refusal(fetchUserUrl(url))).reason).toBe('private_address');
    },
  );

  it('refuses other schemes, addresses with credentials and what is not a URL', async () => {
    expect((await refusal(fetchUserUrl('file:///etc/passwd'))).reason).toBe('scheme');
    expect((await refusal(fetchUserUrl('ftp://example.com/feed'))).reason).toBe('scheme');
    expect((await refusal(fetchUserUrl('http://user:pw@example.com/'))).reason).toBe('bad_url');
    expect((await refusal(fetchUserUrl('not a url'))).reason).toBe('bad_url');
  });

  it('refuses a name DNS does not know', async () => {
    expect((await refusal(fetchUserUrl('http://nowhere.test/', { resolve }))).reason).toBe('dns');
  });

  it('checks every redirect hop: a redirect to a private address is refused', async () => {
    const allowFeedOnly = { resolve, allowPrivate: ['feed.test'] };
    const toLoopback = await refusal(fetchUserUrl(`http://feed.test:${port}/to-loopback`, allowFeedOnly));
    expect(toLoopback.reason).toBe('private_address');
    const toInternal = await refusal(fetchUserUrl(`http://feed.test:${port}/to-internal`, allowFeedOnly));
    expect(toInternal.reason).toBe('private_address');
    expect(toInternal.message).toContain('internal.test');
  });

  it('follows up to 3 redirects and refuses a fourth', async () => {
    const three = await fetchUserUrl(local('/hop/2'), { allowPrivate: true });
    expect(three.status).toBe(200);
    expect(three.url).toBe(local('/feed'));
    const four = await refusal(fetchUserUrl(local('/hop/3'), { allowPrivate: true }));
    expect(four.reason).toBe('too_many_redirects');
  });

  it('refuses an answer over the size cap: declared, streamed, or decompressed', async () => {
    const options = { allowPrivate: true, maxBytes: 5000 };
    expect((await refusal(fetchUserUrl(local('/big-declared'), options))).reason).toBe('too_large');
    expect((await refusal(fetchUserUrl(local('/big-streamed'), options))).reason).toBe('too_large');
    expect((await refusal(fetchUserUrl(local('/bomb'), options))).reason).toBe('too_large');
  });

  it('gives up on an answer that does not end within the time-out', async () => {
    const error = await refusal(fetchUserUrl(local('/slow'), { allowPrivate: true, timeoutMs: 300 }));
    expect(error.reason).toBe('timeout');
  });

  it('says so when nothing answers', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const error = await refusal(fetchUserUrl(`http://127.0.0.1:${closedPort}/`, { allowPrivate: true }));
    expect(error.reason).toBe('network');
    expect(error.message).toContain('ECONNREFUSED');
  });

  it('refuses an error status', async () => {
    const error = await refusal(fetchUserUrl(local('/error'), { allowPrivate: true }));
    expect(error.reason).toBe('http_status');
    expect(error.message).toContain('500');
  });
});

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '10.0.0.1',
    '172.16.5.4',
    '192.168.0.10',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '::1',
    '::',
    'fe80::1',
    'fc00::1',
    'fd00:ec2::254',
    '::ffff:10.0.0.1',
    '::ffff:7f00:1',
    '64:ff9b::a00:1',
    '2002:c0a8:101::1',
    'not-an-ip',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('allows %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});
