import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGIN } from '../../server/seed/demoAccounts.ts';
import { createTestApp, type Session, signIn, type TestApp } from '../helpers/testApp.ts';

/**
 * Every route of the API description gets bodies that no client should send: broken multipart, truncated
 * JSON, a content type that is not the body's, a huge field, and ids that are not decimal numbers. None may
 * be answered with a 5xx, and a body cut short is the 400 of its content type on every route that accepts
 * that type. (tests/server/badInput.test.ts checks the messages and that nothing changes.)
 */

type Operation = { method: string; path: string; fields: string[]; query: string[]; types: string[] };
type OpenApiOperation = {
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
  parameters?: Array<{ in: string; name: string }>;
};

const ODD_IDS = ['0x1', 'true', '1e3', '-1', '18446744073709551616', '1.5', ' ', '[]'];
const BOUNDARY = 'wbfuzz';

type Body = { label: string; contentType?: string; payload?: string; query?: string };

function bodies(op: Operation): Body[] {
  const field = op.fields[0] ?? 'id';
  const list: Body[] = [];
  if (op.method === 'GET') {
    for (const odd of ODD_IDS) {
      const query = (op.query.length ? op.query : ['id'])
        .map((q) => `${q}=${encodeURIComponent(odd)}`)
        .join('&');
      list.push({ label: `query ${odd}`, query });
    }
    return list;
  }
  const multipart = `multipart/form-data; boundary=${BOUNDARY}`;
  list.push({
    label: 'multipart cut short',
    contentType: multipart,
    payload: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"\r\n\r\nabc`,
  });
  list.push({
    label: 'multipart bad header',
    contentType: multipart,
    payload: `--${BOUNDARY}\r\nnot a header\r\n\r\nv\r\n--${BOUNDARY}--\r\n`,
  });
  list.push({ label: 'multipart no boundary', contentType: 'multipart/form-data', payload: 'x' });
  list.push({ label: 'multipart garbage', contentType: multipart, payload: '\u0000\u0001garbage' });
  list.push({ label: 'truncated JSON', contentType: 'application/json', payload: `{"${field}": [1, {"a":` });
  list.push({ label: 'JSON said, form sent', contentType: 'application/json', payload: `${field}=1&x=2` });
  list.push({
    label: 'form said, JSON sent',
    contentType: 'application/x-www-form-urlencoded',
    payload: `{"${field}":1}`,
  });
  list.push({ label: 'unknown content type', contentType: 'application/x-unknown', payload: 'abc' });
  list.push({ label: 'xml', contentType: 'text/xml', payload: '<a>1</a>' });
  list.push({
    label: 'huge field',
    contentType: 'application/x-www-form-urlencoded',
    payload: `${field}=${'x'.repeat(300_000)}`,
  });
  for (const odd of ODD_IDS) {
    const form = (op.fields.length ? op.fields : ['id'])
      .map((f) => `${f}=${encodeURIComponent(odd)}`)
      .join('&');
    list.push({ label: `form ${odd}`, contentType: 'application/x-www-form-urlencoded', payload: form });
    const json = JSON.stringify(
      Object.fromEntries(
        (op.fields.length ? op.fields : ['id']).map((f) => [f, odd === 'true' ? true : odd]),
      ),
    );
    list.push({ label: `json ${odd}`, contentType: 'application/json', payload: json });
  }
  return list;
}

/**
 * The recipients' form posts, left out of the API description (they answer pages, not JSON), take form
 * bodies all the same.
 */
const HIDDEN_FORM_POSTS: Operation[] = ['/unsub/1', '/unsub/i2c/1', '/resub/i2c/1', '/f/1'].map((path) => ({
  method: 'POST',
  path,
  fields: ['email'],
  query: [],
  types: ['application/x-www-form-urlencoded', 'multipart/form-data'],
}));

const MALFORMED_MULTIPART = /^The multipart form data is malformed/;
const INVALID_JSON = /^The request body is not valid JSON\.$/;

/** Bodies of each content type cut short, with the 400 message each must get. */
function cutShort(op: Operation): (Body & { message: RegExp })[] {
  const field = op.fields[0] ?? 'id';
  const part = (name: string, value: string) =>
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}`;
  const multipart = `multipart/form-data; boundary=${BOUNDARY}`;
  const list: (Body & { message: RegExp })[] = [];
  if (op.types.includes('multipart/form-data')) {
    for (const [label, payload] of [
      ['in its first part', part(field, 'abc')],
      ['after one complete part', `${part(field, 'abc')}\r\n${part('other', 'xy')}`],
      ['in a part header', `--${BOUNDARY}\r\nContent-Disposition: form-da`],
      ['before its closing boundary', `${part(field, 'abc')}\r\n`],
      ['in its closing boundary', `${part(field, 'abc')}\r\n--${BOUNDARY.slice(0, 3)}`],
    ] as const) {
      list.push({
        label: `multipart cut short ${label}`,
        contentType: multipart,
        payload,
        message: MALFORMED_MULTIPART,
      });
    }
  }
  if (op.types.includes('application/json')) {
    list.push({
      label: 'JSON cut short in a value',
      contentType: 'application/json',
      payload: `{"${field}": "ab`,
      message: INVALID_JSON,
    });
    list.push({
      label: 'JSON cut short after a complete member',
      contentType: 'application/json',
      payload: `{"${field}": 1,`,
      message: INVALID_JSON,
    });
  }
  return list;
}

let t: TestApp;
let session: Session;
let operations: Operation[];

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT: '100000', PUBLIC_RATE_LIMIT: '100000' });
  session = await signIn(t.app, DEMO_LOGIN);
  const doc = t.app.swagger() as { paths: Record<string, Record<string, OpenApiOperation>> };
  operations = Object.entries(doc.paths)
    .flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({
        method: method.toUpperCase(),
        path: path.replace(/\{[^}]+\}/g, '1'),
        fields: Object.keys(Object.values(op.requestBody?.content ?? {})[0]?.schema?.properties ?? {}),
        query: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
        types: Object.keys(op.requestBody?.content ?? {}),
      })),
    )
    .concat(HIDDEN_FORM_POSTS)
    // Sign-out last: the session serves every other route.
    .sort((a, b) => Number(a.path.endsWith('logout/')) - Number(b.path.endsWith('logout/')));
});
afterAll(async () => {
  await t?.close();
});

describe('bodies cut short on every route that accepts their content type', () => {
  it('answer 400 with the message of their content type', async () => {
    const withMultipart = operations.filter((op) => op.types.includes('multipart/form-data'));
    // The sign-in, the public preference calls and pages, the import and upload calls among them.
    for (const path of [
      '/api/auth/login/',
      '/api/preference/unsubscribe/',
      '/unsub/1',
      '/api/audience/create_list/',
    ]) {
      expect(withMultipart.map((op) => op.path)).toContain(path);
    }
    // Before the test below, which signs out last and spends the fixed rate limits (test sends: 20 in 10 minutes).
    const own = await signIn(t.app, DEMO_LOGIN);
    const wrong: string[] = [];
    for (const op of operations) {
      for (const body of cutShort(op)) {
        const response = await t.app.inject({
          method: op.method as 'POST',
          url: op.path,
          headers: { cookie: own.cookie, 'x-csrftoken': own.csrf, 'content-type': body.contentType },
          payload: body.payload,
        });
        const message = String((response.json() as { message?: unknown }).message ?? '');
        if (response.statusCode !== 400 || !body.message.test(message)) {
          wrong.push(
            `${op.method} ${op.path} [${body.label}] -> ${response.statusCode}: ${message.slice(0, 120)}`,
          );
        }
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);
});

describe('malformed bodies on every route', () => {
  it('never answer 5xx', async () => {
    expect(operations.length).toBeGreaterThan(30);
    const failures: string[] = [];
    let sent = 0;
    for (const op of operations) {
      for (const body of bodies(op)) {
        const response = await t.app.inject({
          method: op.method as 'POST',
          url: body.query ? `${op.path}?${body.query}` : op.path,
          headers: {
            cookie: session.cookie,
            'x-csrftoken': session.csrf,
            ...(body.contentType ? { 'content-type': body.contentType } : {}),
          },
          ...(body.payload !== undefined ? { payload: body.payload } : {}),
        });
        sent += 1;
        if (response.statusCode >= 500) {
          failures.push(
            `${op.method} ${op.path} [${body.label}] -> ${response.statusCode}: ${response.body.slice(0, 160)}`,
          );
        }
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(500);
  }, 120_000);
});
