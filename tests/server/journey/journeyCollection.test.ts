import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OTHER_ORG_LOGIN } from '../../../server/seed/demoAccounts.ts';
import { CLICK_TOKEN_TTL_MS } from '../../../server/services/journey/clickTokens.ts';
import { createTestApp, type Session, signIn, type TestApp } from '../../helpers/testApp.ts';
import {
  declareDomains,
  deliveredSendTo,
  OTHER_SITE,
  postFrom,
  SITE,
  trackingIdOf,
  view,
  viewsOf,
} from './journeyTestKit.ts';

let t: TestApp;
let now = Date.now();
let tid: string;
let otherTid: string;

beforeAll(async () => {
  t = await createTestApp(
    { DELIVERY_POLL_MS: '0', TRACKING_RATE_LIMIT: '100000', JOURNEY_RATE_LIMIT: '100000' },
    { clock: () => new Date(now) },
  );
  tid = await trackingIdOf(t.database.db, 1);
  otherTid = await trackingIdOf(t.database.db, 2);
  await declareDomains(t.database.db, 1, ['www.acme-site.test']);
  await declareDomains(t.database.db, 2, ['harbor-site.test']);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('tracking ids', () => {
  it('gives every organisation its own unguessable tracking id, new ones too', async () => {
    expect(tid).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    expect(otherTid).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    expect(otherTid).not.toBe(tid);
    const created = await t.database.db
      .insertInto('organisations')
      .values({ name: 'Signed up today' })
      .returning(['journey_tracking_id', 'journey_token_key'])
      .executeTakeFirstOrThrow();
    expect(created.journey_tracking_id).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    expect(created.journey_token_key.length).toBeGreaterThanOrEqual(32);
  });
});

describe('collect/', () => {
  it('stores a page view from a declared domain, with its UTM parameters, and answers 204 with CORS for that origin', async () => {
    const body = view(
      tid,
      'visitor-utm-1',
      `${SITE}/pricing?utm_source=news&utm_medium=cpc&utm_campaign=spring`,
    );
    const response = await postFrom(t.app, 'collect', SITE, body);
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe(SITE);
    expect(await viewsOf(t, 1, 'visitor-utm-1')).toEqual([
      expect.objectContaining({
        path: '/pricing',
        source: 'direct',
        utm_source: 'news',
        utm_medium: 'cpc',
        utm_campaign: 'spring',
        contact_id: null,
      }),
    ]);
  });

  it('reads a text/plain body, as navigator.sendBeacon sends it', async () => {
    const response = await postFrom(t.app, 'collect', SITE, view(tid, 'visitor-beacon', `${SITE}/`), {
      'content-type': 'text/plain;charset=UTF-8',
    });
    expect(response.statusCode).toBe(204);
    expect(await viewsOf(t, 1, 'visitor-beacon')).toHaveLength(1);
  });

  it('stores a replayed body once', async () => {
    const body = view(tid, 'visitor-replay', `${SITE}/again`);
    const answers = await Promise.all([1, 2, 3].map(() => postFrom(t.app, 'collect', SITE, body)));
    expect(answers.map((a) => a.statusCode)).toEqual([204, 204, 204]);
    expect((await postFrom(t.app, 'collect', SITE, body)).statusCode).toBe(204);
    expect(await viewsOf(t, 1, 'visitor-replay')).toHaveLength(1);
  });

  it('refuses garbage, cut-short and oversized bodies with a 400 and stores nothing', async () => {
    const cases: [string, string, Record<string, string>][] = [
      ['not json', '{"tid": ', {}],
      ['cut short', JSON.stringify(view(tid, 'visitor-garbage', `${SITE}/x`)).slice(0, 40), {}],
      ['plain garbage', '\u0000\u0001 nonsense', { 'content-type': 'text/plain' }],
      ['an array', '[1,2,3]', {}],
      [
        'wrong types',
        JSON.stringify({ tid: 5, vid: [], eid: null, type: 'click', url: 'javascript:alert(1)' }),
        {},
      ],
      ['not http', JSON.stringify(view(tid, 'visitor-garbage', 'ftp://www.acme-site.test/')), {}],
      ['empty', '', {}],
      [
        'oversized',
        JSON.stringify({ ...view(tid, 'visitor-garbage', `${SITE}/`), title: 'x'.repeat(20_000) }),
        {},
      ],
    ];
    for (const [name, payload, headers] of cases) {
      const response = await postFrom(t.app, 'collect', SITE, payload, headers);
      expect(response.statusCode, name).toBe(400);
      expect(response.json().message, name).toEqual(expect.any(String));
    }
    expect(await viewsOf(t, 1, 'visitor-garbage')).toEqual([]);
  });

  it('refuses a page of another site, and a request from no page, with a 403 that allows no origin', async () => {
    for (const origin of ['https://evil.test', 'https://acme-site.test.evil.test', 'null', null]) {
      const response = await postFrom(t.app, 'collect', origin, view(tid, 'visitor-cross', `${SITE}/`));
      expect(response.statusCode, String(origin)).toBe(403);
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
    }
    // Another organisation's declared site cannot post under this organisation's tracking id.
    const foreign = await postFrom(
      t.app,
      'collect',
      OTHER_SITE,
      view(tid, 'visitor-cross', `${OTHER_SITE}/`),
    );
    expect(foreign.statusCode).toBe(403);
    expect(await viewsOf(t, 1, 'visitor-cross')).toEqual([]);
  });

  it('refuses an unknown tracking id with a 400', async () => {
    const response = await postFrom(t.app, 'collect', SITE, view('A'.repeat(22), 'visitor-x', `${SITE}/`));
    expect(response.statusCode).toBe(400);
  });

  it('stores nothing for a browser asking not to be tracked (DNT, GPC)', async () => {
    for (const header of [{ dnt: '1' }, { 'sec-gpc': '1' }] as Record<string, string>[]) {
      const response = await postFrom(t.app, 'collect', SITE, view(tid, 'visitor-dnt', `${SITE}/`), header);
      expect(response.statusCode).toBe(204);
    }
    expect(await viewsOf(t, 1, 'visitor-dnt')).toEqual([]);
  });

  it('answers the CORS preflight for declared origins only', async () => {
    const preflight = (origin: string) =>
      t.app.inject({
        method: 'OPTIONS',
        url: '/api/journey/collect/',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type',
        },
      });
    const allowed = await preflight(SITE);
    expect(allowed.statusCode).toBe(204);
    expect(allowed.headers['access-control-allow-origin']).toBe(SITE);
    expect(allowed.headers['access-control-allow-methods']).toBe('POST');
    const refused = await preflight('https://evil.test');
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('keeps the source of the visit for the pages browsed inside the site', async () => {
    await postFrom(
      t.app,
      'collect',
      SITE,
      view(tid, 'visitor-social', `${SITE}/blog`, 'https://www.linkedin.com/feed/'),
    );
    await postFrom(t.app, 'collect', SITE, view(tid, 'visitor-social', `${SITE}/pricing`, `${SITE}/blog`));
    expect((await viewsOf(t, 1, 'visitor-social')).map((v) => [v.path, v.source, v.referrer_host])).toEqual([
      ['/blog', 'social', 'www.linkedin.com'],
      ['/pricing', 'social', null],
    ]);
  });
});

describe('identify/ through the email click-through token', () => {
  it('adds a token to a link on a declared domain only; the visitor becomes the contact, once', async () => {
    const send = await deliveredSendTo(t, 1, 'journey:click:1', `${SITE}/pricing?plan=pro`);
    // An anonymous view of the visitor before they clicked.
    await postFrom(t.app, 'collect', SITE, view(tid, 'visitor-clicker', `${SITE}/`));
    const click = await t.app.inject({ method: 'GET', url: `/t/c/${send.token}/0` });
    expect(click.statusCode).toBe(302);
    const destination = new URL(click.headers.location as string);
    expect(destination.origin + destination.pathname).toBe(`${SITE}/pricing`);
    expect(destination.searchParams.get('plan')).toBe('pro');
    const token = destination.searchParams.get('wb_jt') as string;
    expect(token).toBeTruthy();

    const landing = view(tid, 'visitor-clicker', destination.toString());
    expect((await postFrom(t.app, 'collect', SITE, landing)).statusCode).toBe(204);
    const identify = await postFrom(t.app, 'identify', SITE, { tid, vid: 'visitor-clicker', token });
    expect(identify.statusCode).toBe(200);
    expect(identify.json()).toEqual({ identified: true });
    const views = await viewsOf(t, 1, 'visitor-clicker');
    expect(views.map((v) => v.contact_id)).toEqual([send.contactId, send.contactId]);
    // The landing page came from email; the token itself is not stored.
    expect(views[1]).toMatchObject({ source: 'email', url: `${SITE}/pricing?plan=pro` });

    // Later views of the visitor are the contact's.
    await postFrom(t.app, 'collect', SITE, view(tid, 'visitor-clicker', `${SITE}/docs`, `${SITE}/pricing`));
    expect((await viewsOf(t, 1, 'visitor-clicker')).at(-1)).toMatchObject({
      contact_id: send.contactId,
      source: 'email',
    });

    // The token works once.
    const reused = await postFrom(t.app, 'identify', SITE, { tid, vid: 'visitor-someone-else', token });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toMatch(/already used/);
  });

  it('adds no token to a link off the declared domains', async () => {
    const send = await deliveredSendTo(t, 1, 'journey:click:2', 'https://elsewhere.test/page');
    const click = await t.app.inject({ method: 'GET', url: `/t/c/${send.token}/0` });
    expect(click.statusCode).toBe(302);
    expect(click.headers.location).toBe('https://elsewhere.test/page');
  });

  it('refuses forged, expired and foreign tokens with a 400 and links nothing', async () => {
    const send = await deliveredSendTo(t, 1, 'journey:click:3', `${SITE}/features`);
    const location = (await t.app.inject({ method: 'GET', url: `/t/c/${send.token}/0` })).headers
      .location as string;
    const token = new URL(location).searchParams.get('wb_jt') as string;
    const parts = token.split('.');
    const otherContact = [parts[0], String(Number(parts[1]) + 1), ...parts.slice(2)].join('.');
    const badSignature = [...parts.slice(0, 4), 'A'.repeat(22)].join('.');
    for (const forged of [otherContact, badSignature, 'garbage', `${token}x`]) {
      const response = await postFrom(t.app, 'identify', SITE, { tid, vid: 'visitor-forger', token: forged });
      expect(response.statusCode, forged).toBe(400);
    }
    // A token of organisation 1 presented under organisation 2's tracking id.
    const foreign = await postFrom(t.app, 'identify', OTHER_SITE, {
      tid: otherTid,
      vid: 'visitor-forger',
      token,
    });
    expect(foreign.statusCode).toBe(400);

    now += CLICK_TOKEN_TTL_MS + 1000;
    try {
      const expired = await postFrom(t.app, 'identify', SITE, { tid, vid: 'visitor-forger', token });
      expect(expired.statusCode).toBe(400);
      expect(expired.json().message).toMatch(/expired/);
    } finally {
      now -= CLICK_TOKEN_TTL_MS + 1000;
    }
    const linked = await t.database.db
      .selectFrom('journey_visitor')
      .select('contact_id')
      .where('visitor_key', '=', 'visitor-forger')
      .execute();
    expect(linked.every((row) => row.contact_id === null)).toBe(true);
  });
});

describe('tracking/ and sources/ (signed in)', () => {
  let session: Session;
  let other: Session;
  beforeAll(async () => {
    session = await signIn(t.app);
    other = await signIn(t.app, OTHER_ORG_LOGIN);
  });
  const call = (s: Session, method: 'GET' | 'POST', url: string, body?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: {
        cookie: s.cookie,
        'x-csrftoken': s.csrf,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { payload: JSON.stringify(body) } : {}),
    });

  it("reads the organisation's tracking id, domains and snippet, and replaces the domains", async () => {
    const read = await call(session, 'GET', '/api/journey/tracking/');
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ tracking_id: tid, domains: ['www.acme-site.test'] });
    expect(read.json().snippet).toBe(
      `<script async src="${t.config.publicOrigin}/j/journey.js" data-tid="${tid}"></script>`,
    );
    const saved = await call(session, 'POST', '/api/journey/tracking/', {
      domains: ['https://Shop.Acme-Site.test/cart', 'www.acme-site.test', 'www.acme-site.test'],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().domains).toEqual(['shop.acme-site.test', 'www.acme-site.test']);
    // At once, the new domain may post.
    const fromShop = await postFrom(
      t.app,
      'collect',
      'https://shop.acme-site.test',
      view(tid, 'visitor-shop', 'https://shop.acme-site.test/'),
    );
    expect(fromShop.statusCode).toBe(204);
    // The other organisation's settings are its own.
    expect((await call(other, 'GET', '/api/journey/tracking/')).json()).toMatchObject({
      tracking_id: otherTid,
      domains: ['harbor-site.test'],
    });
  });

  it('refuses a domain that is no hostname, and a save without the CSRF token', async () => {
    const bad = await call(session, 'POST', '/api/journey/tracking/', { domains: ['not a domain!'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/not a website domain/);
    const noCsrf = await t.app.inject({
      method: 'POST',
      url: '/api/journey/tracking/',
      headers: { cookie: session.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ domains: [] }),
    });
    expect(noCsrf.statusCode).toBe(403);
    expect((await call(session, 'GET', '/api/journey/tracking/')).json().domains).toContain(
      'www.acme-site.test',
    );
  });

  it("counts the organisation's own page views by source, UTM and referrer", async () => {
    const otherViews = await postFrom(
      t.app,
      'collect',
      OTHER_SITE,
      view(otherTid, 'visitor-harbor', `${OTHER_SITE}/`, 'https://duckduckgo.com/'),
    );
    expect(otherViews.statusCode).toBe(204);
    // The demo organisation's seeded website traffic is counted too: the search visit adds one.
    const organicBefore = (await call(session, 'GET', '/api/journey/sources/'))
      .json()
      .sources.find((s: { source: string }) => s.source === 'organic').views;
    await postFrom(t.app, 'collect', SITE, view(tid, 'visitor-search', `${SITE}/`, 'https://www.google.de/'));
    await t.app.pageViews.drain();
    const response = await call(session, 'GET', '/api/journey/sources/');
    expect(response.statusCode).toBe(200);
    const report = response.json();
    const stored = await t.database.db
      .selectFrom('page_view')
      .select(['source', 'visitor_id', 'referrer_host'])
      .where('org_id', '=', 1)
      .execute();
    expect(report.total_views).toBe(stored.length);
    expect(report.total_visitors).toBe(new Set(stored.map((row) => String(row.visitor_id))).size);
    expect(report.sources.map((s: { source: string }) => s.source)).toEqual([
      'email',
      'organic',
      'social',
      'referral',
      'direct',
    ]);
    for (const row of report.sources) {
      const views = stored.filter((s) => s.source === row.source).length;
      expect(row.views, row.source).toBe(views);
      expect(row.share).toBeCloseTo(views / stored.length);
    }
    expect(report.sources.find((s: { source: string }) => s.source === 'organic').views).toBe(
      organicBefore + 1,
    );
    expect(report.utm).toContainEqual({
      utm_source: 'news',
      utm_medium: 'cpc',
      utm_campaign: 'spring',
      views: 1,
    });
    expect(report.referrers).toEqual(
      expect.arrayContaining([
        { referrer_host: 'www.google.de', views: 1 },
        {
          referrer_host: 'www.linkedin.com',
          views: stored.filter((s) => s.referrer_host === 'www.linkedin.com').length,
        },
      ]),
    );
    expect(report.referrers.map((r: { referrer_host: string }) => r.referrer_host)).not.toContain(
      'duckduckgo.com',
    );

    const otherReport = (await call(other, 'GET', '/api/journey/sources/')).json();
    expect(otherReport.total_views).toBe(1);
    expect(otherReport.referrers).toEqual([{ referrer_host: 'duckduckgo.com', views: 1 }]);
  });

  it('counts the days asked for, and refuses a period that ends before it starts', async () => {
    const future = await call(
      session,
      'GET',
      '/api/journey/sources/?start_date=2099-01-01&end_date=2099-01-31',
    );
    expect(future.json()).toMatchObject({ total_views: 0, total_visitors: 0, utm: [], referrers: [] });
    const backwards = await call(
      session,
      'GET',
      '/api/journey/sources/?start_date=2026-02-01&end_date=2026-01-01',
    );
    expect(backwards.statusCode).toBe(400);
    const garbage = await call(session, 'GET', '/api/journey/sources/?start_date=yesterday');
    expect(garbage.statusCode).toBe(400);
  });

  it('describes every journey call in the OpenAPI document', async () => {
    const paths = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json().paths as Record<
      string,
      Record<string, unknown>
    >;
    expect(Object.keys(paths['/api/journey/collect/'] ?? {})).toEqual(
      expect.arrayContaining(['post', 'options']),
    );
    expect(Object.keys(paths['/api/journey/identify/'] ?? {})).toEqual(
      expect.arrayContaining(['post', 'options']),
    );
    expect(Object.keys(paths['/api/journey/tracking/'] ?? {})).toEqual(
      expect.arrayContaining(['get', 'post']),
    );
    expect(Object.keys(paths['/api/journey/sources/'] ?? {})).toEqual(['get']);
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/journey/sources/' })).statusCode).toBe(403);
  });
});
