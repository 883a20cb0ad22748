import { describe, expect, it } from 'vitest';
import { DEMO_IDS } from '../../../server/seed/demoIds.ts';
import { editionSendKey, runSend, runSendBatch } from '../../../server/services/publish/EditionSender.ts';
import type { Session, TestApp } from '../../helpers/testApp.ts';
import { get, post } from '../workflowTestKit.ts';
import { ok, P, refusal } from './publishTestKit.ts';
import { type SendPeople, sendRoutesFixture } from './sendRoutesFixture.ts';

let t: TestApp;
let demo: Session;
let other: Session;
let listId: number;
let people: SendPeople;
const { designed, addContacts, finished, sendsOf } = sendRoutesFixture((fixture) => {
  ({ t, demo, other, listId, people } = fixture);
});

describe('sending', () => {
  it('sends to every reachable person of the audience exactly once, and never again unless asked', async () => {
    const versionId = await designed('Send once');
    ok(
      await post(t.app, demo, `${P}publish_configurations/`, {
        version_id: versionId,
        list_ids: String(listId),
        contact_ids: String(people.ok[0]),
        subject: 'Hello 👋',
      }),
    );
    const started = ok<{ send_id: number }>(
      await post(t.app, demo, `${P}publish_email/`, { version_id: versionId }),
    );
    await finished(started.send_id);
    const sends = await sendsOf(versionId);
    expect(sends.map((s) => s.contact_id).sort((a, b) => a - b)).toEqual(people.ok);
    expect(sends.every((s) => s.dedupe_key === editionSendKey(versionId, s.contact_id))).toBe(true);
    expect(sends[0]?.subject).toBe('Hello 👋');
    expect(sends[0]?.from_address).toBe('dana.demo@northwind-demo.test');
    // The edition is sent: a second send is refused; a resend to new people reaches only the one added.
    expect(refusal(await post(t.app, demo, `${P}publish_email/`, { version_id: versionId })).error).toBe(
      'already_sent',
    );
    const [added] = await addContacts(1, 'late');
    people.ok.push(added as number);
    const resent = ok<{ send_id: number }>(
      await post(t.app, demo, `${P}resend_email/`, { version_id: versionId, to: 'new_contacts' }),
    );
    await finished(resent.send_id);
    const after = await sendsOf(versionId);
    expect(after.length).toBe(people.ok.length);
    expect(after.filter((s) => s.contact_id === added)).toHaveLength(1);
    // Not opened: everyone got it once and nobody opened it: once more each, under its own key.
    const again = ok<{ send_id: number }>(
      await post(t.app, demo, `${P}resend_email/`, { version_id: versionId, to: 'not_opened' }),
    );
    await finished(again.send_id);
    const third = await sendsOf(versionId);
    expect(third.length).toBe(2 * people.ok.length);
    expect(new Set(third.map((s) => s.dedupe_key)).size).toBe(third.length);
  });

  it("a list shows what was sent to it and those emails' clicks, not what its members got otherwise", async () => {
    const members = people.ok.slice(0, 3);
    const [first, second] = members as [number, number];
    const [chosen, same] = (await Promise.all(
      ['Chosen for a send', 'Same people, not chosen'].map(async (name) => {
        const row = await t.database.db
          .insertInto('contact_lists')
          .values({ org_id: DEMO_IDS.mainOrgId, user_id: DEMO_IDS.demoUserId, name, is_active: true })
          .returning('id')
          .executeTakeFirstOrThrow();
        await t.database.db
          .insertInto('list_contacts')
          .values(members.map((contact_id) => ({ list_id: row.id, contact_id })))
          .execute();
        return row.id;
      }),
    )) as [number, number];
    const summary = async (id: number) =>
      (
        (await get(t.app, demo, '/api/audience/list_details/', { list_id: id })).json() as {
          list: { totalSent: number; totalClicks: number; last_used_by: string | null };
        }
      ).list;
    const versionId = await designed('To one list');
    ok(
      await post(t.app, demo, `${P}publish_configurations/`, {
        version_id: versionId,
        list_ids: String(chosen),
      }),
    );
    const started = ok<{ send_id: number }>(
      await post(t.app, demo, `${P}publish_email/`, { version_id: versionId }),
    );
    await finished(started.send_id);
    // Delivered: each of the three got the edition once (the delivery worker records "sent").
    await expect.poll(async () => (await summary(chosen)).totalSent, { timeout: 10_000 }).toBe(3);
    // A click on the list's email counts; a click on other email of the same person does not.
    const email = await t.database.db
      .selectFrom('email_send')
      .select(['id', 'email_id'])
      .where('version_id', '=', versionId)
      .where('contact_id', '=', first)
      .executeTakeFirstOrThrow();
    await t.database.db
      .insertInto('email_event')
      .values([
        { org_id: DEMO_IDS.mainOrgId, kind: 'clicked', contact_id: first, send_id: email.id },
        { org_id: DEMO_IDS.mainOrgId, kind: 'clicked', contact_id: first },
        { org_id: DEMO_IDS.mainOrgId, kind: 'sent', contact_id: second },
      ])
      .execute();
    expect(await summary(chosen)).toMatchObject({ totalSent: 3, totalClicks: 1, last_used_by: 'Dana Demo' });
    // The list with the same people was never sent to.
    expect(await summary(same)).toMatchObject({ totalSent: 0, totalClicks: 0, last_used_by: null });
  });

  it('two runners of one send, batch by batch, queue nobody twice', async () => {
    const versionId = await designed('Two runners');
    ok(
      await post(t.app, demo, `${P}publish_configurations/`, {
        version_id: versionId,
        list_ids: String(listId),
      }),
    );
    const started = ok<{ send_id: number }>(
      await post(t.app, demo, `${P}publish_email/`, { version_id: versionId }),
    );
    await Promise.all([
      runSend(t.database.db, started.send_id, () => new Date(), 2),
      runSend(t.database.db, started.send_id, () => new Date(), 3),
    ]);
    const sends = await sendsOf(versionId);
    expect(sends.length).toBe(new Set(sends.map((s) => s.contact_id)).size);
    expect(sends.length).toBeGreaterThanOrEqual(people.ok.length);
    const row = await t.database.db
      .selectFrom('edition_sends')
      .select(['status', 'queued_count'])
      .where('id', '=', started.send_id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'sent', queued_count: sends.length });
  });

  it('pauses and resumes where it stopped', async () => {
    const versionId = await designed('Pause');
    // A send under way, walked here batch by batch (the route would walk it whole, in place, at once).
    const row = await t.database.db
      .insertInto('edition_sends')
      .values({
        org_id: DEMO_IDS.mainOrgId,
        version_id: versionId,
        kind: 'send',
        status: 'sending',
        list_ids: [listId],
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const started = { send_id: row.id };
    expect(await runSendBatch(t.database.db, started.send_id, new Date(), 3)).toBe('more');
    ok(await post(t.app, demo, `${P}pause_send/`, { send_id: started.send_id }));
    expect(await runSendBatch(t.database.db, started.send_id, new Date(), 3)).toBe('stopped');
    expect((await sendsOf(versionId)).length).toBe(3);
    refusal(await post(t.app, demo, `${P}pause_send/`, { send_id: started.send_id }));
    expect((await post(t.app, other, `${P}resume_send/`, { send_id: started.send_id })).statusCode).toBe(404);
    ok(await post(t.app, demo, `${P}resume_send/`, { send_id: started.send_id }));
    await finished(started.send_id);
    expect((await sendsOf(versionId)).length).toBe(people.ok.length);
  });

  it('schedules in the user time zone, waits until due, and can be cancelled or rescheduled until it starts', async () => {
    const versionId = await designed('Schedule');
    ok(
      await post(t.app, demo, `${P}publish_configurations/`, {
        version_id: versionId,
        list_ids: String(listId),
      }),
    );
    const scheduled = ok<{ send_id: number; scheduled_for: string }>(
      await post(t.app, demo, `${P}schedule_email/`, {
        version_id: versionId,
        date: '2031-03-10',
        time: '09:30',
        user_tz: 'America/New_York',
      }),
    );
    expect(scheduled.scheduled_for).toBe('2031-03-10T13:30:00.000Z');
    const due = new Date(scheduled.scheduled_for);
    expect(await runSendBatch(t.database.db, scheduled.send_id, new Date(due.getTime() - 1000))).toBe(
      'not_due',
    );
    // Rescheduled a day later: the old time passes with nothing sent.
    const moved = ok<{ send_id: number; scheduled_for: string }>(
      await post(t.app, demo, `${P}schedule_email/`, {
        version_id: versionId,
        date: '2031-03-11',
        time: '09:30',
        user_tz: 'America/New_York',
      }),
    );
    expect(moved.send_id).toBe(scheduled.send_id);
    expect(await runSendBatch(t.database.db, scheduled.send_id, due)).toBe('not_due');
    ok(await post(t.app, demo, `${P}schedule_email/`, { version_id: versionId, cancel: 1 }));
    expect(await runSendBatch(t.database.db, scheduled.send_id, new Date('2031-03-12T00:00:00Z'))).toBe(
      'stopped',
    );
    expect(await sendsOf(versionId)).toEqual([]);
    // Scheduled again, it starts when due and the edition reads sent.
    const again = ok<{ send_id: number; scheduled_for: string }>(
      await post(t.app, demo, `${P}schedule_email/`, {
        version_id: versionId,
        date: '2031-04-01',
        time: '08:00',
      }),
    );
    expect(await runSend(t.database.db, again.send_id, () => new Date(again.scheduled_for))).toBe('done');
    expect((await sendsOf(versionId)).length).toBe(people.ok.length);
    const version = await t.database.db
      .selectFrom('email_versions')
      .select('status')
      .where('id', '=', versionId)
      .executeTakeFirstOrThrow();
    expect(version.status).toBe('sent');
  });
});

describe('resend_email/ by email_id with resend_options', () => {
  it("sends the email's latest sent edition again; another organisation's email is a 404, bad input a 400", async () => {
    const versionId = await designed('Resend by email');
    ok(
      await post(t.app, demo, `${P}publish_configurations/`, {
        version_id: versionId,
        list_ids: String(listId),
      }),
    );
    const emailOf = async (id: number) =>
      (
        await t.database.db
          .selectFrom('email_versions')
          .select('email_id')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).email_id;
    const emailId = await emailOf(versionId);
    const neverSent = await emailOf(await designed('Never sent'));
    const resend = (fields: Record<string, string | number>, session = demo) =>
      post(t.app, session, `${P}resend_email/`, fields);
    expect(refusal(await resend({ email_id: neverSent, resend_options: 'new_contacts' })).message).toBe(
      'This email has no sent edition to send again.',
    );
    await finished(
      ok<{ send_id: number }>(await post(t.app, demo, `${P}publish_email/`, { version_id: versionId }))
        .send_id,
    );
    const before = (await sendsOf(versionId)).length;
    const [added] = await addContacts(1, 'resend-by-email');
    people.ok.push(added as number);

    const byWord = ok<{ send_id: number; to: string }>(
      await resend({ email_id: emailId, resend_options: 'new_contacts' }),
    );
    expect(byWord.to).toBe('new_contacts');
    await finished(byWord.send_id);
    const after = await sendsOf(versionId);
    expect(after.length).toBe(before + 1);
    expect(after.filter((s) => s.contact_id === added)).toHaveLength(1);
    const byJson = ok<{ send_id: number; to: string }>(
      await resend({
        email_id: emailId,
        resend_options: JSON.stringify({ to: 'not_opened', confirm_warnings: true }),
      }),
    );
    expect(byJson.to).toBe('not_opened');
    await finished(byJson.send_id);
    expect((await sendsOf(versionId)).length).toBe(2 * after.length);

    const foreign = await resend({ email_id: emailId, resend_options: 'new_contacts' }, other);
    expect(foreign.statusCode, foreign.body).toBe(404);
    const bads: Record<string, string | number>[] = [
      { email_id: emailId, resend_options: 'everyone' },
      { email_id: emailId, resend_options: '{"to":"all"}' },
      { email_id: emailId, version_id: versionId, resend_options: 'new_contacts' },
      { resend_options: 'new_contacts' },
      { email_id: emailId },
      { email_id: 'x', resend_options: 'new_contacts' },
    ];
    for (const bad of bads) expect(refusal(await resend(bad)).message.length).toBeGreaterThan(4);
  });
});
