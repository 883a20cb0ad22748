import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordedEmailEvent } from '../../../server/lib/EmailEventSink.ts';
import {
  queueMarketingEmail,
  queueMarketingEmails,
} from '../../../server/services/delivery/queueMarketingEmail.ts';
import {
  type DeliveryWorker,
  startDeliveryWorker,
} from '../../../server/services/delivery/startDeliveryWorker.ts';
import { createTestApp, type TestApp } from '../../helpers/testApp.ts';
import {
  decodeBody,
  demoMaterial,
  eventsOf,
  headerOf,
  lastEventId,
  manualClock,
  sendRow,
  startSmtp,
} from './deliveryTestKit.ts';

const TRACKING = 'https://track.example.test';
const ORIGIN = 'https://app.example.test';
const BACKOFF = 60_000;

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let worker: DeliveryWorker;
let clock = manualClock();
const sunk: { event: RecordedEmailEvent; inTransaction: boolean }[] = [];
let material: Awaited<ReturnType<typeof demoMaterial>>;
let seq = 0;
let baseline = 0;

beforeAll(async () => {
  smtp = await startSmtp();
  // The app's own worker is off: this file drives one with a clock it moves by hand.
  t = await createTestApp({ DELIVERY_WORKER: 'false', PUBLIC_ORIGIN: ORIGIN, TRACKING_BASE_URL: TRACKING });
  // Started once the database exists (creating one on PostgreSQL takes a few seconds).
  clock = manualClock();
  worker = startDeliveryWorker({
    db: t.database.db,
    sinks: [
      async (trx, event) => {
        sunk.push({ event, inTransaction: trx.isTransaction });
      },
    ],
    smtpUrl: smtp.url,
    trackingBaseUrl: TRACKING,
    publicOrigin: ORIGIN,
    preferenceBase: '/api/preference/',
    log: { warn: () => {}, error: () => {} },
    now: () => clock.now(),
    pollMs: 0,
    wakeOnQueue: false,
    maxAttempts: 3,
    backoffBaseMs: BACKOFF,
  });
  material = await demoMaterial(t.database.db, 1, 12);
  baseline = await lastEventId(t.database.db);
});
afterAll(async () => {
  await worker?.stop();
  await t?.close();
  await smtp?.close();
});

function contact(i: number) {
  const found = material.contacts[i];
  if (!found) throw new Error(`no seeded contact number ${i}`);
  return found;
}

function queue(contactId: number, emailId = material.email.id) {
  seq += 1;
  return queueMarketingEmail(t.database.db, {
    orgId: 1,
    contactId,
    emailId,
    dedupeKey: `test:smtp:${seq}`,
  });
}

describe('delivery over SMTP', () => {
  it('sends with List-Unsubscribe headers, the open pixel and every link rewritten to the click endpoint', async () => {
    const to = contact(0);
    const { sendId, created } = await queue(to.id);
    expect(created).toBe(true);
    expect(await worker.deliverDue()).toBe(1);

    const row = await sendRow(t.database.db, sendId);
    expect(row.status).toBe('delivered');
    expect(row.via).toBe('smtp');
    expect(row.token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const mail = smtp.received.find((m) => m.to.includes(to.email));
    if (!mail) throw new Error('nothing received');
    const pref = await t.database.db
      .selectFrom('preferences')
      .select('uuid')
      .where('uuid', '=', row.preference_uuid ?? '')
      .executeTakeFirstOrThrow();
    expect(headerOf(mail.data, 'List-Unsubscribe')).toBe(
      `<${ORIGIN}/api/preference/one_click/${pref.uuid}/>`,
    );
    expect(headerOf(mail.data, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(headerOf(mail.data, 'Message-ID')).toBe(row.message_id);
    expect(headerOf(mail.data, 'Subject')).toBeTruthy();

    const body = decodeBody(mail.data);
    expect(body).toContain(`<img src="${TRACKING}/t/o/${row.token}.gif"`);
    expect(body).toContain(`href="${TRACKING}/t/c/${row.token}/0"`);
    expect(body).toContain(`href="${TRACKING}/t/c/${row.token}/1"`);
    expect(body).toContain(`href="${ORIGIN}/unsub/${pref.uuid}"`);
    // No original http(s) link is left in an anchor of the HTML part.
    const originals = [...(material.email.html ?? '').matchAll(/href="(https?:[^"]+)"/g)].map((m) => m[1]);
    expect(originals.length).toBeGreaterThan(0);
    const storedBody = await t.database.db
      .selectFrom('email_bodies')
      .select('links')
      .where('id', '=', row.body_id)
      .executeTakeFirstOrThrow();
    expect(storedBody.links).toEqual(originals);
    const htmlPart = body.slice(body.indexOf('<!doctype html>'));
    for (const url of originals) expect(htmlPart).not.toContain(`href="${url}"`);
    expect(body).not.toContain('%%wb-');

    const events = await eventsOf(t.database.db, to.id, baseline);
    expect(events.map((e) => e.kind)).toEqual(['sent', 'delivered']);
    expect(events[0]).toMatchObject({ email_id: material.email.id, campaign_id: material.email.campaign_id });
    const mine = sunk.filter((s) => s.event.contactId === to.id);
    expect(mine.map((s) => [s.event.kind, s.inTransaction])).toEqual([
      ['sent', true],
      ['delivered', true],
    ]);
  });

  it('queues a dedupe key once: the second call returns the first send and nothing is sent twice', async () => {
    const to = contact(1);
    const first = await queueMarketingEmail(t.database.db, {
      orgId: 1,
      contactId: to.id,
      emailId: material.email.id,
      workflowId: null,
      nodeId: 'n1',
      dedupeKey: 'wf:dedupe-test:n1:1',
    });
    await worker.deliverDue();
    const second = await queueMarketingEmail(t.database.db, {
      orgId: 1,
      contactId: to.id,
      emailId: material.email.id,
      nodeId: 'n1',
      dedupeKey: 'wf:dedupe-test:n1:1',
    });
    expect(second).toEqual({ sendId: first.sendId, created: false });
    await worker.deliverDue();
    expect(smtp.received.filter((m) => m.to.includes(to.email))).toHaveLength(1);
    const rows = await t.database.db
      .selectFrom('email_send')
      .select('id')
      .where('dedupe_key', '=', 'wf:dedupe-test:n1:1')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('queues many sends with one call: an answer per input, errors of their own, a key twice sent once', async () => {
    const db = t.database.db;
    const [a, b] = [contact(10), contact(11)];
    const foreign = await db
      .selectFrom('contacts')
      .select('id')
      .where('org_id', '!=', 1)
      .executeTakeFirstOrThrow();
    const undesigned = await db
      .selectFrom('emails')
      .select('id')
      .where('org_id', '=', 1)
      .where('html', 'is', null)
      .executeTakeFirstOrThrow();
    await db.deleteFrom('preferences').where('contact_id', 'in', [a.id, b.id]).execute();
    const base = { orgId: 1, emailId: material.email.id };
    const answers = await queueMarketingEmails(db, [
      { ...base, contactId: a.id, dedupeKey: 'test:batch:a' },
      { ...base, contactId: foreign.id, dedupeKey: 'test:batch:foreign' },
      { ...base, contactId: b.id, dedupeKey: 'test:batch:b' },
      { ...base, contactId: a.id, dedupeKey: 'test:batch:a' },
      { ...base, contactId: b.id, emailId: undesigned.id, dedupeKey: 'test:batch:undesigned' },
      { ...base, contactId: b.id, dedupeKey: 'test:batch:b2' },
    ]);
    expect(answers[0]).toEqual({ sendId: expect.any(Number), created: true });
    expect(answers[1]).toBeInstanceOf(Error);
    expect((answers[1] as Error).message).toBe(
      `Contact ${foreign.id} is not a contact of this organisation.`,
    );
    expect(answers[2]).toEqual({ sendId: expect.any(Number), created: true });
    expect(answers[3]).toEqual({ sendId: (answers[0] as { sendId: number }).sendId, created: false });
    expect((answers[4] as Error).message).toBe(`Email ${undesigned.id} has no design yet.`);
    expect(answers[5]).toEqual({ sendId: expect.any(Number), created: true });
    // One preference record (unsubscribe id) per contact, shared by that contact's sends.
    const preferences = await db
      .selectFrom('preferences')
      .select(['contact_id', 'uuid'])
      .where('contact_id', 'in', [a.id, b.id])
      .execute();
    expect(preferences).toHaveLength(2);
    const sends = await db
      .selectFrom('email_send')
      .select(['contact_id', 'preference_uuid', 'token', 'html'])
      .where('dedupe_key', 'like', 'test:batch:%')
      .orderBy('id')
      .execute();
    expect(sends.map((send) => send.contact_id)).toEqual([a.id, b.id, b.id]);
    for (const send of sends) {
      expect(send.preference_uuid).toBe(preferences.find((p) => p.contact_id === send.contact_id)?.uuid);
    }
    expect(new Set(sends.map((send) => send.token)).size).toBe(3);
    // Asked again, nothing new is made.
    const again = await queueMarketingEmails(db, [{ ...base, contactId: a.id, dedupeKey: 'test:batch:a' }]);
    expect(again).toEqual([{ sendId: (answers[0] as { sendId: number }).sendId, created: false }]);
    await worker.deliverDue();
    expect(smtp.received.filter((m) => m.to.includes(a.email))).toHaveLength(1);
    expect(smtp.received.filter((m) => m.to.includes(b.email))).toHaveLength(2);
  });

  it('retries a temporary failure with back-off and the same Message-ID, then delivers', async () => {
    const to = contact(2);
    smtp.setRule((address) =>
      address === to.email ? { code: 451, message: 'Try again later (greylisted)' } : null,
    );
    const { sendId } = await queue(to.id);
    await worker.deliverDue();
    let row = await sendRow(t.database.db, sendId);
    expect(row).toMatchObject({ status: 'queued', attempts: 1 });
    expect(row.last_error).toContain('greylisted');
    expect(new Date(row.next_attempt_at).getTime()).toBe(clock.now().getTime() + BACKOFF);

    // Not due yet: nothing happens.
    clock.advance(BACKOFF - 1000);
    await worker.deliverDue();
    expect((await sendRow(t.database.db, sendId)).attempts).toBe(1);

    smtp.setRule(() => null);
    clock.advance(1000);
    await worker.deliverDue();
    row = await sendRow(t.database.db, sendId);
    expect(row).toMatchObject({ status: 'delivered', attempts: 2, last_error: null });
    const mails = smtp.received.filter((m) => m.to.includes(to.email));
    expect(mails).toHaveLength(1);
    expect(headerOf(mails[0]?.data ?? '', 'Message-ID')).toBe(row.message_id);
    expect((await eventsOf(t.database.db, to.id, baseline)).map((e) => e.kind)).toEqual([
      'sent',
      'delivered',
    ]);
  });

  it('gives up after the last attempt: failed, no event, the contact untouched', async () => {
    const to = contact(3);
    smtp.setRule((address) =>
      address === to.email ? { code: 421, message: 'Service not available' } : null,
    );
    const { sendId } = await queue(to.id);
    await worker.deliverDue();
    clock.advance(BACKOFF);
    await worker.deliverDue();
    expect((await sendRow(t.database.db, sendId)).status).toBe('queued');
    clock.advance(2 * BACKOFF);
    await worker.deliverDue();
    const row = await sendRow(t.database.db, sendId);
    expect(row).toMatchObject({ status: 'failed', attempts: 3 });
    expect(await eventsOf(t.database.db, to.id, baseline)).toEqual([]);
    const person = await t.database.db
      .selectFrom('contacts')
      .select('status')
      .where('id', '=', to.id)
      .executeTakeFirstOrThrow();
    expect(person.status).toBe('Subscribed');
    smtp.setRule(() => null);
  });

  it('marks a permanent failure bounced and the contact Hard Bounce, with a bounced event', async () => {
    const to = contact(4);
    smtp.setRule((address) => (address === to.email ? { code: 550, message: 'No such user here' } : null));
    const { sendId } = await queue(to.id);
    await worker.deliverDue();
    const row = await sendRow(t.database.db, sendId);
    expect(row.status).toBe('bounced');
    expect(row.last_error).toContain('No such user');
    const person = await t.database.db
      .selectFrom('contacts')
      .select('status')
      .where('id', '=', to.id)
      .executeTakeFirstOrThrow();
    expect(person.status).toBe('Hard Bounce');
    expect((await eventsOf(t.database.db, to.id, baseline)).map((e) => e.kind)).toEqual(['bounced']);
    smtp.setRule(() => null);

    // A later marketing email to the bounced contact is suppressed, not sent.
    const again = await queue(to.id);
    await worker.deliverDue();
    expect((await sendRow(t.database.db, again.sendId)).status).toBe('suppressed');
    expect(smtp.received.filter((m) => m.to.includes(to.email))).toHaveLength(0);
  });

  it('checks at send time: a contact unsubscribed or bounced after queueing is not sent to', async () => {
    const unsubscribed = contact(5);
    const bounced = contact(6);
    const unsubAll = contact(7);
    const sends = [await queue(unsubscribed.id), await queue(bounced.id), await queue(unsubAll.id)];
    const db = t.database.db;
    await db
      .updateTable('contacts')
      .set({ status: 'Unsubscribed' })
      .where('id', '=', unsubscribed.id)
      .execute();
    await db.updateTable('contacts').set({ status: 'Hard Bounce' }).where('id', '=', bounced.id).execute();
    // The preference says unsubscribe-all although the contact row still says Subscribed.
    await db
      .updateTable('preferences')
      .set({ unsub_all: true })
      .where('contact_id', '=', unsubAll.id)
      .execute();
    await worker.deliverDue();
    for (const { sendId } of sends) expect((await sendRow(db, sendId)).status).toBe('suppressed');
    for (const person of [unsubscribed, bounced, unsubAll]) {
      expect(smtp.received.filter((m) => m.to.includes(person.email))).toHaveLength(0);
      expect(await eventsOf(db, person.id, baseline)).toEqual([]);
    }
  });

  it('takes over a send whose process died mid-send once its lease has run out, with the same Message-ID', async () => {
    const to = contact(8);
    const { sendId } = await queue(to.id);
    const db = t.database.db;
    // As a process that claimed the row and was killed would leave it: sending, leased until later.
    const leaseEnd = new Date(clock.now().getTime() + 30_000);
    await db
      .updateTable('email_send')
      .set({ status: 'sending', attempts: 1, lease_until: leaseEnd, next_attempt_at: leaseEnd })
      .where('id', '=', sendId)
      .execute();
    await worker.deliverDue();
    expect((await sendRow(db, sendId)).status).toBe('sending');
    expect(smtp.received.filter((m) => m.to.includes(to.email))).toHaveLength(0);

    clock.advance(30_000);
    await worker.deliverDue();
    const row = await sendRow(db, sendId);
    expect(row).toMatchObject({ status: 'delivered', attempts: 2 });
    const mails = smtp.received.filter((m) => m.to.includes(to.email));
    expect(mails).toHaveLength(1);
    expect(headerOf(mails[0]?.data ?? '', 'Message-ID')).toBe(row.message_id);
  });

  it('gives up on a send whose every attempt was interrupted', async () => {
    const to = contact(9);
    const { sendId } = await queue(to.id);
    const db = t.database.db;
    // Three claims (maxAttempts) ended by crashes: the lease of the last one has run out.
    await db
      .updateTable('email_send')
      .set({ status: 'sending', attempts: 3, lease_until: clock.now(), next_attempt_at: clock.now() })
      .where('id', '=', sendId)
      .execute();
    await worker.deliverDue();
    expect(await sendRow(db, sendId)).toMatchObject({ status: 'failed', attempts: 4 });
    expect(smtp.received.filter((m) => m.to.includes(to.email))).toHaveLength(0);
  });

  it('refuses to queue another organisation’s contact or email', async () => {
    const other = await demoMaterial(t.database.db, 2, 1);
    const otherContact = other.contacts[0];
    if (!otherContact) throw new Error('no contact in organisation 2');
    await expect(queue(otherContact.id)).rejects.toThrow(/not a contact of this organisation/);
    await expect(queue(contact(0).id, other.email.id)).rejects.toThrow(/not an email of this organisation/);
  });
});

describe('several workers on one queue', () => {
  it('deliver every send exactly once between them', async () => {
    const many = await demoMaterial(t.database.db, 1, 40);
    const people = many.contacts.slice(10, 40);
    const before = smtp.received.length;
    const ids: number[] = [];
    for (const person of people) ids.push((await queue(person.id)).sendId);
    const workers = [0, 1, 2].map(() =>
      startDeliveryWorker({
        db: t.database.db,
        sinks: [],
        smtpUrl: smtp.url,
        trackingBaseUrl: TRACKING,
        publicOrigin: ORIGIN,
        preferenceBase: '/api/preference/',
        log: { warn: () => {}, error: () => {} },
        now: clock.now,
        pollMs: 0,
        wakeOnQueue: false,
        batchSize: 4,
      }),
    );
    try {
      const handled = await Promise.all(workers.map((w) => w.deliverDue()));
      expect(handled.reduce((a, b) => a + b, 0)).toBe(people.length);
    } finally {
      await Promise.all(workers.map((w) => w.stop()));
    }
    const rows = await t.database.db
      .selectFrom('email_send')
      .select(['status', 'attempts'])
      .where('id', 'in', ids)
      .execute();
    expect(rows.every((r) => r.status === 'delivered' && r.attempts === 1)).toBe(true);
    const delivered = smtp.received.slice(before).flatMap((m) => m.to);
    expect(delivered.sort()).toEqual(people.map((p) => p.email).sort());
  });
});
