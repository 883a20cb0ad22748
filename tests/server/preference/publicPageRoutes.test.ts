import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTHING_CHOSEN_MESSAGE } from '../../../server/services/preference/publicPageSchemas.ts';
import { createTestApp, demoRecipientUuid, type TestApp } from '../../helpers/testApp.ts';
import { preferenceTestKit, UNKNOWN_UUID } from './preferenceTestKit.ts';

let t: TestApp;
/** The demo recipient's unsubscribe id, read from the database (it is random). */
let DEMO_PREFERENCE_UUID = '';
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_RATE_LIMIT: '100000' });
  DEMO_PREFERENCE_UUID = await demoRecipientUuid(t);
});
afterAll(async () => {
  await t?.close();
});

const { details, recipient, contactStatus, fingerprint } = preferenceTestKit(() => t);

const get = (url: string) => t.app.inject({ method: 'GET', url });
/** A plain HTML form post, as a browser with JavaScript off sends it (repeated names allowed). */
const postForm = (url: string, fields: [string, string][] = []) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': 'NoScript Browser/1.0' },
    payload: new URLSearchParams(fields).toString(),
  });

/** The JSON the server wrote into the page for hydration. */
function pageData(html: string) {
  const match = html.match(/<script id="pp-data" type="application\/json">(.*?)<\/script>/s);
  if (!match?.[1]) throw new Error('The page has no data script.');
  return JSON.parse(match[1]);
}

async function ledgerSources(uuid: string): Promise<string[]> {
  const rows = await t.database.db
    .selectFrom('consent_ledger')
    .select('source')
    .where('preference_uuid', '=', uuid)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.source);
}

describe('server-rendered public pages', () => {
  it('renders the preference page with the recipient already in it', async () => {
    const response = await get(`/unsub/${DEMO_PREFERENCE_UUID}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-store');
    const html = response.body;
    const record = await details(DEMO_PREFERENCE_UUID);
    expect(html).toContain('<title>Preference Management · Northwind Analytics</title>');
    expect(html).toContain('Pick and choose the communications that you are interested in.');
    expect(html).toContain(`(${record.email})`);
    expect(html).not.toContain('Loading...');
    expect(html).toContain('method="post"');
    for (const text of ['Marketing', 'Unsubscribe All', 'No longer receive any emails.'])
      expect(html).toContain(text);
    for (const alert of record.alerts)
      expect(html).toMatch(new RegExp(`name="alert"[^>]*value="${alert.name}"`));
    expect(pageData(html).details).toEqual(record);
  });

  it('renders the unsubscribe and resubscribe pages as plain forms', async () => {
    const unsub = await get(`/unsub/i2c/${DEMO_PREFERENCE_UUID}`);
    expect(unsub.statusCode).toBe(200);
    expect(unsub.body).toContain('Are you sure you want to unsubscribe?');
    expect(unsub.body).toMatch(
      /<form[^>]*method="post"[^>]*><button type="submit"[^>]*>YES, UNSUBSCRIBE<\/button>/,
    );
    const resub = await get(`/resub/i2c/${DEMO_PREFERENCE_UUID}`);
    expect(resub.statusCode).toBe(200);
    expect(resub.body).toContain('<title>Resubscribe · Northwind Analytics</title>');
    expect((await get('/unsub-success')).body).toContain(
      'Your subscription preferences have been successfully updated.',
    );
  });

  it('confirms a save in the sender’s name, and says so plainly after Unsubscribe All', async () => {
    const saved = (await get(`/unsub-success?u=${DEMO_PREFERENCE_UUID}`)).body;
    expect(saved).toContain('<title>Preferences saved · Northwind Analytics</title>');
    expect(saved).toContain('Your subscription preferences have been successfully updated.');
    expect(saved).toContain(`href="/unsub/${DEMO_PREFERENCE_UUID}"`);
    // The sender's name stands where its logo would be; not the product's.
    expect(saved).toContain('<p class="pp-org-name">Northwind Analytics</p>');
    expect(saved).not.toContain('ui-logo__word');

    const uuid = await recipient(30);
    const posted = await t.app.inject({
      method: 'POST',
      url: `/unsub/${uuid}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'section=unsubAll',
    });
    expect(posted.headers.location).toBe(`/unsub-success?u=${uuid}`);
    const all = (await get(posted.headers.location as string)).body;
    expect(all).toContain('<title>You are unsubscribed · Northwind Analytics</title>');
    expect(all).toContain('You will no longer receive any email from Northwind Analytics.');
  });

  it('answers unknown, malformed and missing ids with the not-valid page', async () => {
    for (const url of [
      `/unsub/${UNKNOWN_UUID}`,
      '/unsub/not-a-uuid',
      `/resub/i2c/${UNKNOWN_UUID}`,
      '/unsub/',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).toContain('This link is not valid');
      expect(pageData(response.body).details, url).toBeNull();
    }
  });

  it('normalises a repeated unsub with a 301', async () => {
    const response = await get(`/unsub/unsub/${DEMO_PREFERENCE_UUID}?a=1`);
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe(`/unsub/${DEMO_PREFERENCE_UUID}?a=1`);
  });
});

describe('plain form posts (JavaScript off)', () => {
  it('saves the preference form and goes to /unsub-success, with its ledger entry', async () => {
    const uuid = await recipient(20);
    const before = await details(uuid);
    const response = await postForm(`/unsub/${uuid}`, [
      ['section', 'marketing'],
      ['section', 'webinars'],
      ['alert', before.alerts[0].name],
      ['newsletter', String(before.news_letters[0].id)],
    ]);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`/unsub-success?u=${uuid}`);
    const after = await details(uuid);
    expect(after).toMatchObject({ unsub_all: '0', marketing: '1', webinars: '1' });
    expect(after.alerts.map((a: { status: string }) => a.status)).toEqual(
      before.alerts.map((_: unknown, i: number) => (i === 0 ? '1' : '0')),
    );
    expect(after.news_letters.map((n: { status: string }) => n.status)).toEqual(
      before.news_letters.map((_: unknown, i: number) => (i === 0 ? '1' : '0')),
    );
    expect(await ledgerSources(uuid)).toEqual(['page']);
  });

  it('lets a changed section checkbox switch all its sub-options', async () => {
    const uuid = await recipient(21);
    const before = await details(uuid);
    // Alerts was rendered unchecked (not all on) and is now checked: every alert goes on.
    await postForm(`/unsub/${uuid}`, [['section', 'alerts']]);
    const on = await details(uuid);
    expect(on.alerts.every((a: { status: string }) => a.status === '1')).toBe(true);
    expect(before.alerts.length).toBeGreaterThan(0);
    // Rendered checked and now unchecked, with one alert still ticked: the section wins, all go off.
    await postForm(`/unsub/${uuid}`, [
      ['sections_rendered_checked', 'alerts'],
      ['alert', on.alerts[0].name],
      ['section', 'marketing'],
    ]);
    const off = await details(uuid);
    expect(off.alerts.every((a: { status: string }) => a.status === '0')).toBe(true);
    expect(off.marketing).toBe('1');
  });

  it('refuses a form with nothing chosen, shows why, and changes nothing', async () => {
    const uuid = await recipient(22);
    const print = await fingerprint();
    const response = await postForm(`/unsub/${uuid}`, []);
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(NOTHING_CHOSEN_MESSAGE);
    expect(response.body).toContain('role="alert"');
    expect(await fingerprint()).toBe(print);
  });

  it('unsubscribes, lands on the resubscribe page, and resubscribes from it', async () => {
    const uuid = await recipient(23);
    const unsub = await postForm(`/unsub/i2c/${uuid}`);
    expect(unsub.statusCode).toBe(303);
    expect(unsub.headers.location).toBe(`/resub/i2c/${uuid}`);
    expect((await details(uuid)).unsub_all).toBe('1');
    expect(await contactStatus(uuid)).toBe('Unsubscribed');
    expect((await get(`/resub/i2c/${uuid}`)).body).toContain('You have been unsubscribed.');

    const resub = await postForm(`/resub/i2c/${uuid}`);
    expect(resub.statusCode).toBe(303);
    expect(resub.headers.location).toBe(`/resub/i2c/${uuid}?resubscribed=1`);
    expect((await get(resub.headers.location as string)).body).toContain('You have been resubscribed.');
    expect((await details(uuid)).unsub_all).toBe('0');
    expect(await ledgerSources(uuid)).toEqual(['unsubscribe', 'resubscribe']);
  });

  it('does not claim a resubscription that did not happen', async () => {
    const uuid = await recipient(24);
    await postForm(`/unsub/i2c/${uuid}`);
    const page = await get(`/resub/i2c/${uuid}?resubscribed=1`);
    expect(page.body).not.toContain('You have been resubscribed.');
  });

  it('changes nothing for an unknown id', async () => {
    const print = await fingerprint();
    for (const url of [
      `/unsub/${UNKNOWN_UUID}`,
      `/unsub/i2c/${UNKNOWN_UUID}`,
      `/resub/i2c/${UNKNOWN_UUID}`,
    ]) {
      const response = await postForm(url, [['section', 'marketing']]);
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).toContain('This link is not valid');
    }
    expect(await fingerprint()).toBe(print);
  });

  it('answers a malformed post with 400, not 500', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/unsub/${DEMO_PREFERENCE_UUID}`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ section: { nested: true } }),
    });
    expect(response.statusCode).toBe(400);
  });
});
