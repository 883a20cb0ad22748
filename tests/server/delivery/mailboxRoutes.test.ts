import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OTHER_ORG_LOGIN } from '../../../server/seed/demoAccounts.ts';
import { createTestApp, form, type Session, signIn, type TestApp } from '../../helpers/testApp.ts';
import { demoMaterial } from './deliveryTestKit.ts';

let t: TestApp;
let demo: Session;
let other: Session;
let material: Awaited<ReturnType<typeof demoMaterial>>;

beforeAll(async () => {
  t = await createTestApp({ TRACKING_BASE_URL: 'http://track.test:9999' });
  demo = await signIn(t.app);
  other = await signIn(t.app, OTHER_ORG_LOGIN);
  material = await demoMaterial(t.database.db, 1, 2);
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, session?: Session) =>
  t.app.inject({ method: 'GET', url, headers: session ? { cookie: session.cookie } : {} });

function firstContact() {
  const contact = material.contacts[0];
  if (!contact) throw new Error('no contact');
  return contact;
}

describe('the demo mailbox', () => {
  it('needs a session', async () => {
    for (const url of ['/api/user/mailbox/', '/api/user/mailbox/options/', '/api/user/mailbox/1/']) {
      expect((await get(url)).statusCode).toBe(403);
    }
    const response = await form(t.app, 'POST', '/api/user/mailbox/send/', {
      email_id: String(material.email.id),
      contact_id: String(firstContact().id),
      request_id: randomUUID(),
    });
    expect(response.statusCode).toBe(403);
  });

  it('offers the organisation’s design-ready emails and contacts only', async () => {
    const mine = (await get('/api/user/mailbox/options/', demo)).json();
    expect(mine.emails.length).toBeGreaterThan(0);
    expect(mine.emails.map((e: { email_id: number }) => e.email_id)).toContain(material.email.id);
    const ids = mine.contacts.map((c: { contact_id: number }) => c.contact_id);
    const orgs = await t.database.db.selectFrom('contacts').select('org_id').where('id', 'in', ids).execute();
    expect(new Set(orgs.map((o) => o.org_id))).toEqual(new Set([1]));
    const searched = (
      await get(`/api/user/mailbox/options/?q=${encodeURIComponent(firstContact().email)}`, demo)
    ).json();
    expect(searched.contacts.map((c: { contact_id: number }) => c.contact_id)).toEqual([firstContact().id]);
  });

  it('refuses a send without the CSRF token', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/mailbox/send/',
      headers: { cookie: demo.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        email_id: String(material.email.id),
        contact_id: String(firstContact().id),
        request_id: randomUUID(),
      }).toString(),
    });
    expect(response.statusCode).toBe(403);
    expect(await t.database.db.selectFrom('email_send').select('id').execute()).toEqual([]);
  });

  it('sends once per request id, lists it delivered and shows it with tracked links and pixel', async () => {
    const requestId = randomUUID();
    const fields = {
      email_id: String(material.email.id),
      contact_id: String(firstContact().id),
      request_id: requestId,
    };
    const first = await form(t.app, 'POST', '/api/user/mailbox/send/', fields, demo);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ success: true, created: true });
    const again = await form(t.app, 'POST', '/api/user/mailbox/send/', fields, demo);
    expect(again.json()).toMatchObject({ success: true, created: false, send_id: first.json().send_id });
    // The key of an earlier request, with another contact: a conflict, not the earlier send.
    const reused = await form(
      t.app,
      'POST',
      '/api/user/mailbox/send/',
      { ...fields, contact_id: String(material.contacts[1]?.id) },
      demo,
    );
    expect(reused.statusCode).toBe(409);
    expect(reused.json().message).toContain('already used for a different send');

    await expect
      .poll(async () => (await get('/api/user/mailbox/', demo)).json().data[0]?.status, { timeout: 10_000 })
      .toBe('delivered');
    const list = (await get('/api/user/mailbox/', demo)).json();
    expect(list).toMatchObject({ success: true, transport: 'mailbox', total_count: 1 });
    expect(list.data[0]).toMatchObject({
      send_id: first.json().send_id,
      to: firstContact().email,
      via: 'mailbox',
      opens: 0,
      clicks: 0,
    });

    const shown = (await get(`/api/user/mailbox/${first.json().send_id}/`, demo)).json();
    const { token } = await t.database.db
      .selectFrom('email_send')
      .select('token')
      .where('id', '=', first.json().send_id)
      .executeTakeFirstOrThrow();
    expect(shown.data.html).toContain(`src="http://track.test:9999/t/o/${token}.gif"`);
    expect(shown.data.html).toContain(`href="http://track.test:9999/t/c/${token}/0"`);

    // The viewer frames the same email as a document of its own: sandboxed, no script, its inline styles
    // and images allowed, framed by our own pages only; another organisation's send is a 404.
    const documentUrl = `/api/user/mailbox/${first.json().send_id}/html`;
    const framed = await get(documentUrl, demo);
    expect(framed.statusCode).toBe(200);
    expect(framed.headers['content-type']).toContain('text/html');
    expect(framed.body).toContain(`src="http://track.test:9999/t/o/${token}.gif"`);
    expect(framed.body).toContain('<base target="_blank">');
    const policy = String(framed.headers['content-security-policy']);
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("style-src 'unsafe-inline'");
    expect(policy).toContain('sandbox allow-popups allow-popups-to-escape-sandbox');
    expect(policy).toContain("frame-ancestors 'self'");
    expect(policy).not.toContain('script-src');
    expect(framed.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect((await get(documentUrl, other)).statusCode).toBe(404);
    expect((await get(documentUrl)).statusCode).toBe(403);

    // An open and a click show in the list's counts.
    await t.app.inject({ method: 'GET', url: `/t/o/${token}.gif` });
    await t.app.inject({ method: 'GET', url: `/t/c/${token}/1` });
    // The answers go once the events are queued; their group commit follows.
    await expect
      .poll(async () => (await get('/api/user/mailbox/', demo)).json().data[0], { timeout: 10_000 })
      .toMatchObject({ opens: 1, clicks: 1 });
  });

  it('keeps organisations apart: another organisation neither sees nor sends with our ids', async () => {
    const ours = (await get('/api/user/mailbox/', demo)).json().data[0];
    expect((await get('/api/user/mailbox/', other)).json()).toMatchObject({ total_count: 0, data: [] });
    const peek = await get(`/api/user/mailbox/${ours.send_id}/`, other);
    expect(peek.statusCode).toBe(404);
    expect(peek.json()).toEqual({ success: false, message: 'No such email in your mailbox.' });

    const otherMaterial = await demoMaterial(t.database.db, 2, 1);
    const theirContact = otherMaterial.contacts[0];
    if (!theirContact) throw new Error('no contact in organisation 2');
    const refused = [
      { email_id: String(material.email.id), contact_id: String(theirContact.id) },
      { email_id: String(otherMaterial.email.id), contact_id: String(firstContact().id) },
    ];
    for (const ids of refused) {
      const response = await form(
        t.app,
        'POST',
        '/api/user/mailbox/send/',
        { ...ids, request_id: randomUUID() },
        other,
      );
      if (ids.contact_id === String(theirContact.id)) {
        // Their contact but our email.
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toMatch(/not an email of this organisation/);
      } else {
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toMatch(/not a contact of this organisation/);
      }
    }
    const count = await t.database.db.selectFrom('email_send').select('id').execute();
    expect(count).toHaveLength(1);
  });

  it('searches the sends by recipient address or name and by subject, literally', async () => {
    const second = material.contacts[1];
    if (!second) throw new Error('no second contact');
    const sent = await form(
      t.app,
      'POST',
      '/api/user/mailbox/send/',
      { email_id: String(material.email.id), contact_id: String(second.id), request_id: randomUUID() },
      demo,
    );
    expect(sent.statusCode).toBe(200);
    const person = await t.database.db
      .selectFrom('contacts')
      .select(['first_name', 'last_name'])
      .where('id', '=', second.id)
      .executeTakeFirstOrThrow();
    const found = async (q: string) => {
      const answer = (await get(`/api/user/mailbox/?q=${encodeURIComponent(q)}`, demo)).json();
      expect(answer.total_count).toBe(answer.data.length);
      return answer.data.map((item: { to: string }) => item.to);
    };
    expect(await found(second.email.toUpperCase())).toEqual([second.email]);
    expect(await found(`${person.first_name} ${person.last_name}`)).toEqual([second.email]);
    expect(await found(firstContact().email)).toEqual([firstContact().email]);
    // Both sends are of the same email: its subject finds both, newest first.
    expect(await found(material.email.subject.slice(0, 12))).toEqual([second.email, firstContact().email]);
    // % and _ are matched literally, not as wildcards; blank is everything.
    expect(await found('%')).toEqual([]);
    expect(await found('_')).toEqual([]);
    expect(await found('   ')).toHaveLength(2);
    const tooLong = await get(`/api/user/mailbox/?q=${'x'.repeat(101)}`, demo);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({
      success: false,
      message: expect.stringMatching(/q is at most 100/),
    });
    // Another organisation's search sees none of ours.
    expect(
      (await get(`/api/user/mailbox/?q=${encodeURIComponent(second.email)}`, other)).json(),
    ).toMatchObject({
      total_count: 0,
      data: [],
    });
  });

  it('answers bad input with a 400 and a message', async () => {
    const bad = await form(
      t.app,
      'POST',
      '/api/user/mailbox/send/',
      { email_id: 'x', contact_id: '-1', request_id: 'nope' },
      demo,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().success).toBe(false);
    expect((await get('/api/user/mailbox/abc/', demo)).statusCode).toBe(400);
    expect((await get('/api/user/mailbox/?limit=1000', demo)).statusCode).toBe(400);
  });
});

describe('numbers in the mailbox calls', () => {
  it('takes decimal ids only and names the bound of a limit out of range', async () => {
    for (const id of ['0x1', 'true', '1e3', '-1', '18446744073709551616']) {
      const answer = await get(`/api/user/mailbox/${id}/`, demo);
      expect(answer.statusCode, id).toBe(400);
      expect(answer.json().message, id).toMatch(/send_id must be (a whole number|at least 1|at most)/);
    }
    const tooMany = await get('/api/user/mailbox/?limit=500', demo);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe('limit must be at most 100.');
    const send = await form(
      t.app,
      'POST',
      '/api/user/mailbox/send/',
      { email_id: 'true', contact_id: '0x1', request_id: randomUUID() },
      demo,
    );
    expect(send.statusCode).toBe(400);
  });
});
