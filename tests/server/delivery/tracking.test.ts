import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmailEventSink, RecordedEmailEvent } from '../../../server/lib/EmailEventSink.ts';
import {
  newTrackingToken,
  queueMarketingEmail,
} from '../../../server/services/delivery/queueMarketingEmail.ts';
import type { EmailEventInput } from '../../../server/services/delivery/recordEmailEvent.ts';
import { TrackingRecorder } from '../../../server/services/delivery/TrackingRecorder.ts';
import { INVALID_LINK_MESSAGE, PIXEL_GIF } from '../../../server/services/delivery/trackingRoutes.ts';
import { createTestApp, type TestApp } from '../../helpers/testApp.ts';
import { demoMaterial, eventsOf, lastEventId, sendRow } from './deliveryTestKit.ts';

let t: TestApp;
let baseline = 0;
const sunk: { event: RecordedEmailEvent; inTransaction: boolean }[] = [];
type Send = { id: number; token: string; contactId: number; links: string[] };
let sendA: Send;
let sendB: Send;
let otherOrgSend: Send;
let queuedOnly: Send;

async function deliveredSend(
  orgId: number,
  contactIndex: number,
  key: string,
  deliver = true,
): Promise<Send> {
  const material = await demoMaterial(t.database.db, orgId, contactIndex + 1);
  const contact = material.contacts[contactIndex];
  if (!contact) throw new Error('no contact');
  // An undelivered send is queued for tomorrow in the same transaction, so the worker cannot take it.
  const { sendId } = await t.database.db.transaction().execute(async (trx) => {
    const queued = await queueMarketingEmail(trx, {
      orgId,
      contactId: contact.id,
      emailId: material.email.id,
      dedupeKey: key,
    });
    if (!deliver) {
      await trx
        .updateTable('email_send')
        .set({ next_attempt_at: new Date(Date.now() + 86_400_000) })
        .where('id', '=', queued.sendId)
        .execute();
    }
    return queued;
  });
  if (deliver) {
    const worker = t.app.deliveryWorker;
    if (!worker) throw new Error('no delivery worker');
    await worker.deliverDue();
  }
  const row = await sendRow(t.database.db, sendId);
  expect(row.status).toBe(deliver ? 'delivered' : 'queued');
  const body = await t.database.db
    .selectFrom('email_bodies')
    .select('links')
    .where('id', '=', row.body_id)
    .executeTakeFirstOrThrow();
  return { id: row.id, token: row.token, contactId: contact.id, links: body.links };
}

beforeAll(async () => {
  // No SMTP_URL: the demo mailbox is the transport. Polling off: the test delivers when it wants.
  t = await createTestApp({ DELIVERY_POLL_MS: '0', TRACKING_RATE_LIMIT: '100000' });
  t.app.emailEventSinks.push(async (trx, event) => {
    sunk.push({ event, inTransaction: trx.isTransaction });
  });
  baseline = await lastEventId(t.database.db);
  sendA = await deliveredSend(1, 0, 'test:tracking:a');
  sendB = await deliveredSend(1, 1, 'test:tracking:b');
  otherOrgSend = await deliveredSend(2, 0, 'test:tracking:other');
  queuedOnly = await deliveredSend(1, 2, 'test:tracking:queued', false);
  // Send A keeps one link only (its own links, as a send stored before shared bodies has), so index 1
  // exists in B but not in A.
  await t.database.db
    .updateTable('email_send')
    .set({ links: JSON.stringify(sendA.links.slice(0, 1)) })
    .where('id', '=', sendA.id)
    .execute();
  sendA.links = sendA.links.slice(0, 1);
});
afterAll(async () => {
  await t?.close();
});

/** Waits for the events of the requests answered so far to be written (the answer comes first). */
const committed = () => t.app.trackingRecorder.drain();

const changedLast = (token: string) => `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;

const pixel = (path: string, ua = 'Mozilla/5.0 (Test pixel)') =>
  t.app.inject({ method: 'GET', url: path, headers: { 'user-agent': ua } });

function expectGif(response: Awaited<ReturnType<typeof pixel>>) {
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('image/gif');
  expect(response.headers['cache-control']).toContain('no-store');
  expect(response.rawPayload.equals(PIXEL_GIF)).toBe(true);
}

const openCount = async (contactId: number) =>
  (await eventsOf(t.database.db, contactId, baseline)).filter((e) => e.kind === 'opened').length;

describe('the open pixel', () => {
  it('answers a 1x1 GIF and records the open with the user agent for a delivered send', async () => {
    const response = await pixel(`/t/o/${sendA.token}.gif`);
    expectGif(response);
    await committed();
    const opened = (await eventsOf(t.database.db, sendA.contactId, baseline)).filter(
      (e) => e.kind === 'opened',
    );
    expect(opened).toHaveLength(1);
    expect(opened[0]?.user_agent).toBe('Mozilla/5.0 (Test pixel)');
    const event = sunk.find((s) => s.event.kind === 'opened' && s.event.contactId === sendA.contactId);
    expect(event?.inTransaction).toBe(true);
    expect(event?.event.emailId).not.toBeNull();
  });

  it('answers the same GIF for bad, forged, unknown and undelivered tokens and records nothing', async () => {
    await committed();
    const before = await lastEventId(t.database.db);
    for (const path of [
      `/t/o/${newTrackingToken()}.gif`, // well-formed, never issued
      `/t/o/${sendA.token}`, // no .gif
      `/t/o/${changedLast(sendA.token)}.gif`, // one character changed
      `/t/o/${sendA.token.slice(1)}.gif`,
      '/t/o/',
      '/t/o/%00.gif',
      `/t/o/${'a'.repeat(2000)}.gif`,
      "/t/o/' OR '1'='1.gif",
      '/t/o/😀.gif',
      `/t/o/${queuedOnly.token}.gif`, // queued, not delivered
    ]) {
      expectGif(await pixel(path));
    }
    await committed();
    expect(await lastEventId(t.database.db)).toBe(before);
  });

  it('records every open of a real token, also from another organisation’s send, under that send', async () => {
    expectGif(await pixel(`/t/o/${otherOrgSend.token}.gif`));
    await committed();
    const [event] = (await eventsOf(t.database.db, otherOrgSend.contactId, baseline)).filter(
      (e) => e.kind === 'opened',
    );
    expect(event).toBeDefined();
    const row = await t.database.db
      .selectFrom('email_event')
      .select('org_id')
      .where('contact_id', '=', otherOrgSend.contactId)
      .where('kind', '=', 'opened')
      .executeTakeFirstOrThrow();
    expect(row.org_id).toBe(2);
  });
});

describe('the click endpoint', () => {
  it('records the click with its link and redirects to the original link of that email', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/t/c/${sendB.token}/1`,
      headers: { 'user-agent': 'Clicker/1.0' },
    });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(sendB.links[1]);
    expect(response.headers['cache-control']).toContain('no-store');
    await committed();
    const clicked = (await eventsOf(t.database.db, sendB.contactId, baseline)).filter(
      (e) => e.kind === 'clicked',
    );
    expect(clicked).toEqual([expect.objectContaining({ link: sendB.links[1], user_agent: 'Clicker/1.0' })]);
  });

  it('ignores any url parameter: there is nowhere else to go', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/t/c/${sendB.token}/0?url=https://evil.example/&redirect=https://evil.example/`,
    });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(sendB.links[0]);
  });

  it('refuses links that were not in the email: unknown, forged, foreign or out-of-range ids record nothing', async () => {
    await committed();
    const before = await lastEventId(t.database.db);
    const cases = [
      `/t/c/${sendA.token}/1`, // index 1 exists in B's email, not in A's
      `/t/c/${sendA.token}/99`,
      `/t/c/${sendA.token}/-1`,
      `/t/c/${sendA.token}/01`,
      `/t/c/${sendA.token}/1e0`,
      `/t/c/${sendA.token}/abc`,
      `/t/c/${newTrackingToken()}/0`, // forged
      `/t/c/${changedLast(sendA.token)}/0`,
      `/t/c/${queuedOnly.token}/0`, // not delivered
      `/t/c/${'x'.repeat(150)}/0`,
      `/t/c/${sendA.token}/0/extra`,
      `/t/c/https%3A%2F%2Fevil.example/0`,
    ];
    for (const url of cases) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers.location, url).toBeUndefined();
      if (response.headers['content-type']?.toString().startsWith('text/html')) {
        expect(response.body).toContain(INVALID_LINK_MESSAGE);
      }
    }
    await committed();
    expect(await lastEventId(t.database.db)).toBe(before);
  });

  it('answers the safe page (not JSON, not a redirect) for a well-formed but unknown click', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/t/c/${newTrackingToken()}/0` });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain(INVALID_LINK_MESSAGE);
  });
});

describe('rate limits', () => {
  it('over the limit the pixel still answers its GIF but records nothing', async () => {
    const limited = await createTestApp({ DELIVERY_POLL_MS: '0', TRACKING_RATE_LIMIT: '2' });
    try {
      const material = await demoMaterial(limited.database.db, 1, 1);
      const contact = material.contacts[0];
      if (!contact) throw new Error('no contact');
      const { sendId } = await queueMarketingEmail(limited.database.db, {
        orgId: 1,
        contactId: contact.id,
        emailId: material.email.id,
        dedupeKey: 'test:limit',
      });
      await limited.app.deliveryWorker?.deliverDue();
      const { token } = await sendRow(limited.database.db, sendId);
      const start = await lastEventId(limited.database.db);
      for (let i = 0; i < 4; i += 1) {
        const response = await limited.app.inject({ method: 'GET', url: `/t/o/${token}.gif` });
        expect(response.statusCode).toBe(200);
        expect(response.rawPayload.equals(PIXEL_GIF)).toBe(true);
      }
      await limited.app.trackingRecorder.drain();
      const opens = await limited.database.db
        .selectFrom('email_event')
        .select('id')
        .where('id', '>', start)
        .where('kind', '=', 'opened')
        .execute();
      expect(opens).toHaveLength(2);
      const clicks = [];
      for (let i = 0; i < 4; i += 1)
        clicks.push(await limited.app.inject({ method: 'GET', url: `/t/c/${token}/0` }));
      expect(clicks.map((click) => click.statusCode)).toEqual([302, 302, 429, 429]);
      // Retry-After says when the minute's window ends.
      const retryAfter = Number(clicks[3]?.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
    } finally {
      await limited.close();
    }
  });
});

it('records no open for a click', async () => {
  expect(await openCount(sendB.contactId)).toBe(0);
});

it('stores a clicked link exactly, whatever characters it holds', async () => {
  const odd = 'https://x.test/q?a={b},c\\d&e=NULL&f="g"';
  const send = await deliveredSend(1, 3, 'test:tracking:odd');
  await t.database.db
    .updateTable('email_send')
    .set({ links: JSON.stringify([odd, 'https://x.test/second']) })
    .where('id', '=', send.id)
    .execute();
  for (const index of [0, 1]) {
    const response = await t.app.inject({ method: 'GET', url: `/t/c/${send.token}/${index}` });
    expect(response.statusCode).toBe(302);
  }
  await committed();
  const clicked = (await eventsOf(t.database.db, send.contactId, baseline)).filter(
    (e) => e.kind === 'clicked',
  );
  expect(clicked.map((e) => e.link)).toEqual([odd, 'https://x.test/second']);
});

/** A sink that holds its transaction open until released (so a commit can be caught in the middle). */
function gatedSink() {
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  let entered = 0;
  const sink: EmailEventSink = async () => {
    entered += 1;
    await gate;
  };
  return { sink, release, entered: () => entered };
}

const openOf = (send: Send, userAgent: string): EmailEventInput => ({
  orgId: 1,
  kind: 'opened',
  contactId: send.contactId,
  emailId: null,
  sendId: send.id,
  userAgent,
});

describe('answers ahead of the commit', () => {
  it('answers the pixel and the click while their events are still being written, then writes them', async () => {
    const gated = gatedSink();
    t.app.emailEventSinks.push(gated.sink);
    try {
      expectGif(await pixel(`/t/o/${sendA.token}.gif`, 'Ahead/1.0'));
      const click = await t.app.inject({
        method: 'GET',
        url: `/t/c/${sendB.token}/0`,
        headers: { 'user-agent': 'Ahead/1.0' },
      });
      expect(click.statusCode).toBe(302);
      // Both answered; the transaction holding the open is still open.
      await expect.poll(gated.entered).toBeGreaterThan(0);
      expect(t.app.trackingRecorder.uncommitted).toBe(2);
    } finally {
      gated.release();
      t.app.emailEventSinks.splice(t.app.emailEventSinks.indexOf(gated.sink), 1);
    }
    await committed();
    expect(t.app.trackingRecorder.uncommitted).toBe(0);
    const ahead = await t.database.db
      .selectFrom('email_event')
      .select(['kind', 'contact_id'])
      .where('user_agent', '=', 'Ahead/1.0')
      .orderBy('id')
      .execute();
    expect(ahead).toEqual([
      { kind: 'opened', contact_id: sendA.contactId },
      { kind: 'clicked', contact_id: sendB.contactId },
    ]);
  });

  it('waits for its own commit once more events than the bound are uncommitted', async () => {
    const gated = gatedSink();
    const lost: unknown[] = [];
    const recorder = new TrackingRecorder(t.database.db, [gated.sink], (error) => lost.push(error), {
      maxUncommitted: 1,
    });
    await recorder.record(openOf(sendA, 'Bound/1'));
    let secondDone = false;
    const second = recorder.record(openOf(sendA, 'Bound/2')).then(() => {
      secondDone = true;
    });
    await expect.poll(gated.entered).toBe(1);
    // The first event's transaction is held open: the second cannot have committed.
    expect(recorder.uncommitted).toBe(2);
    expect(secondDone).toBe(false);
    gated.release();
    await second;
    expect(secondDone).toBe(true);
    await recorder.drain();
    const rows = await t.database.db
      .selectFrom('email_event')
      .select('user_agent')
      .where('user_agent', 'in', ['Bound/1', 'Bound/2'])
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.user_agent)).toEqual(['Bound/1', 'Bound/2']);
    expect(lost).toEqual([]);
  });

  it('reports an answered event that could not be written, and writes the others of its batch', async () => {
    const refuse: EmailEventSink = async (_trx, event) => {
      if (event.userAgent === 'Lost/2') throw new Error('refused by a sink');
    };
    const lost: { error: unknown; input: EmailEventInput }[] = [];
    const recorder = new TrackingRecorder(t.database.db, [refuse], (error, input) =>
      lost.push({ error, input }),
    );
    await Promise.all(['Lost/1', 'Lost/2', 'Lost/3'].map((ua) => recorder.record(openOf(sendA, ua))));
    await recorder.drain();
    expect(lost).toEqual([{ error: new Error('refused by a sink'), input: openOf(sendA, 'Lost/2') }]);
    const rows = await t.database.db
      .selectFrom('email_event')
      .select('user_agent')
      .where('user_agent', 'like', 'Lost/%')
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.user_agent)).toEqual(['Lost/1', 'Lost/3']);
  });
});
