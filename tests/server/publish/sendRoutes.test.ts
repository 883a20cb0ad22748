import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmailDesign } from '../../../domain/emailDesign.ts';
import { NOT_PREMIUM } from '../../../domain/sendSchemas.ts';
import { OTHER_ORG_LOGIN } from '../../../server/seed/demoAccounts.ts';
import { DEMO_IDS } from '../../../server/seed/demoIds.ts';
import { editionSendKey, runSend, runSendBatch } from '../../../server/services/publish/EditionSender.ts';
import { createTestApp, type Session, signIn, type TestApp } from '../../helpers/testApp.ts';
import { get, post } from '../workflowTestKit.ts';
import { everyKindDesign } from './designFixtures.ts';
import { addToList, basicPlanColleague, ok, publishKit, refusal } from './publishTestKit.ts';

const P = '/api/publish/';
let t: TestApp;
let demo: Session;
let other: Session;
let colleague: Session;
let listId: number;
/** The list's contacts by what they are: subscribed, unsubscribed, bounced, no consent. */
const people: Record<'ok' | 'unsubscribed' | 'bounced' | 'noConsent', number[]> = {
  ok: [],
  unsubscribed: [],
  bounced: [],
  noConsent: [],
};

/** A campaign with one ad hoc email; answers its Draft Edition's id. */
const newEdition = (session: Session, name: string) => publishKit(t).newEdition(session, name);

/** A design the preflight passes: every kind of block, all links set, alt texts, footer with both. */
function goodDesign(): EmailDesign {
  return everyKindDesign();
}

async function designed(name: string, design: EmailDesign = goodDesign()): Promise<number> {
  const versionId = await newEdition(demo, name);
  const saved = await post(t.app, demo, `${P}design/save/`, {
    version_id: versionId,
    version_name: `${name} edition`,
    design: JSON.stringify(design),
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return versionId;
}

const addContacts = (count: number, tag: string, status?: 'Subscribed' | 'Unsubscribed' | 'Hard Bounce') =>
  addToList(t, listId, tag, count, status);

/** Waits until a send has walked its whole audience (without pg-boss the app walks it in place). */
async function finished(sendId: number): Promise<void> {
  await expect
    .poll(
      async () =>
        (
          await t.database.db
            .selectFrom('edition_sends')
            .select('status')
            .where('id', '=', sendId)
            .executeTakeFirstOrThrow()
        ).status,
      { timeout: 10_000 },
    )
    .toBe('sent');
}

const sendsOf = (versionId: number) =>
  t.database.db
    .selectFrom('email_send')
    .select(['contact_id', 'dedupe_key', 'subject', 'from_address'])
    .where('version_id', '=', versionId)
    .where('is_test', '=', false)
    .execute()
    .then((rows) => rows.map((row) => ({ ...row, contact_id: row.contact_id as number })));

beforeAll(async () => {
  t = await createTestApp();
  demo = await signIn(t.app);
  other = await signIn(t.app, OTHER_ORG_LOGIN);
  colleague = await basicPlanColleague(t);
  const list = await t.database.db
    .insertInto('contact_lists')
    .values({
      org_id: DEMO_IDS.mainOrgId,
      user_id: DEMO_IDS.demoUserId,
      name: 'Send test list',
      is_active: true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  listId = list.id;
  people.ok = await addContacts(7, 'ok');
  people.unsubscribed = await addContacts(2, 'unsub', 'Unsubscribed');
  people.bounced = await addContacts(1, 'bounce', 'Hard Bounce');
  people.noConsent = await addContacts(2, 'noconsent');
  await t.database.db
    .insertInto('preferences')
    .values(
      people.noConsent.map((contact_id, i) => ({
        uuid: crypto.randomUUID(),
        org_id: DEMO_IDS.mainOrgId,
        contact_id,
        email: `noconsent-${i}@send.test`,
        marketing: false,
        webinars: true,
        unsub_all: false,
      })),
    )
    .execute();
});
afterAll(async () => {
  await t?.close();
});

describe('publish settings and recipients', () => {
  it('counts who a send reaches, leaving out Unsubscribed, Hard Bounce and no-consent people', async () => {
    const versionId = await newEdition(demo, 'Count');
    const counted = ok<{ count: number; excluded: Record<string, number> }>(
      await post(t.app, demo, `${P}recipients_count/`, { version_id: versionId, list_ids: String(listId) }),
    );
    expect(counted).toEqual({ count: 7, excluded: { unsubscribed: 2, bounced: 1, no_consent: 2 } });
    // A contact chosen as well as on the list counts once.
    const both = ok<{ count: number }>(
      await post(t.app, demo, `${P}recipients_count/`, {
        version_id: versionId,
        list_ids: String(listId),
        contact_ids: String(people.ok[0]),
      }),
    );
    expect(both.count).toBe(7);
  });

  it('saves the sender, subject and audience; the publish data shows them with the default sender first', async () => {
    const versionId = await newEdition(demo, 'Settings');
    const data = ok<{
      sender_emails: { id: number; isDefault: boolean }[];
      outlook_remaining_emails: number;
    }>(await get(t.app, demo, `${P}publish_email/`, { version_id: versionId }));
    expect(data.sender_emails[0]?.isDefault).toBe(true);
    expect(data.outlook_remaining_emails).toBe(500);
    const senderId = data.sender_emails[1]?.id as number;
    ok(
      await post(t.app, demo, `${P}publish_configurations/`, {
        version_id: versionId,
        sender_address_id: senderId,
        sender_name: 'Northwind News',
        subject: 'Hello 👋 {{first_name|there}}',
        list_ids: String(listId),
      }),
    );
    const after = ok<{ sender_address_id: number; sender_name: string; subject: string; list_ids: number[] }>(
      await get(t.app, demo, `${P}publish_email/`, { version_id: versionId }),
    );
    expect(after).toMatchObject({
      sender_address_id: senderId,
      sender_name: 'Northwind News',
      subject: 'Hello 👋 {{first_name|there}}',
      list_ids: [listId],
    });
  });

  it('refuses bad input with 400 and foreign editions, lists and senders with 404', async () => {
    const versionId = await newEdition(demo, 'Refusals');
    const otherVersion = await newEdition(other, 'Other refusals');
    expect((await get(t.app, demo, `${P}publish_email/`, { version_id: otherVersion })).statusCode).toBe(404);
    expect((await get(t.app, demo, `${P}publish_email/`, { version_id: 'x' })).statusCode).toBe(400);
    const foreignList = await t.database.db
      .selectFrom('contact_lists')
      .select('id')
      .where('org_id', '=', DEMO_IDS.otherOrgId)
      .executeTakeFirst();
    if (foreignList) {
      const answer = await post(t.app, demo, `${P}publish_configurations/`, {
        version_id: versionId,
        list_ids: String(foreignList.id),
      });
      expect(answer.statusCode).toBe(404);
    }
    expect(
      (
        await post(t.app, demo, `${P}publish_configurations/`, {
          version_id: versionId,
          sender_address_id: 999999,
        })
      ).statusCode,
    ).toBe(404);
    // A blank subject is saved as empty (nothing typed is thrown away); the preflight asks for one.
    ok(await post(t.app, demo, `${P}publish_configurations/`, { version_id: versionId, subject: '   ' }));
    const blank = ok<{ errors: { code: string }[] }>(
      await get(t.app, demo, `${P}preflight/`, { version_id: versionId }),
    );
    expect(blank.errors.map((e) => e.code)).toContain('subject');
    refusal(await post(t.app, demo, `${P}schedule_email/`, { version_id: versionId, date: '2030-13-45' }));
    refusal(await post(t.app, demo, `${P}resend_email/`, { version_id: versionId, to: 'everyone' }));
  });
});

describe('preflight', () => {
  it('blocks a design without a preference link or postal address, and a link without a target', async () => {
    const design = goodDesign();
    design.blocks = design.blocks.map((block) =>
      block.kind === 'footer' ? { ...block, showPreferenceLink: false, postalAddress: '' } : block,
    );
    const versionId = await designed('No footer', design);
    const found = ok<{ errors: { code: string }[]; warnings: { code: string }[] }>(
      await get(t.app, demo, `${P}preflight/`, { version_id: versionId }),
    );
    // No audience chosen yet: the preflight says so too, as the send would.
    expect(found.errors.map((e) => e.code).sort()).toEqual([
      'no_recipients',
      'postal_address',
      'preference_link',
    ]);
    ok(
      await post(t.app, demo, `${P}publish_configurations/`, {
        version_id: versionId,
        list_ids: String(listId),
      }),
    );
    const refused = refusal(await post(t.app, demo, `${P}publish_email/`, { version_id: versionId }));
    expect(refused.error).toBe('preflight');
    expect(await sendsOf(versionId)).toEqual([]);
  });

  it('warns about a missing alt text and a long subject, and sends only once the warnings are confirmed', async () => {
    const design = goodDesign();
    design.blocks = design.blocks.map((block) => (block.kind === 'image' ? { ...block, alt: '' } : block));
    const versionId = await designed('Warnings', design);
    ok(
      await post(t.app, demo, `${P}publish_configurations/`, {
        version_id: versionId,
        list_ids: String(listId),
        subject: 'S'.repeat(151),
      }),
    );
    const found = ok<{ errors: unknown[]; warnings: { code: string }[] }>(
      await get(t.app, demo, `${P}preflight/`, { version_id: versionId }),
    );
    expect(found.errors).toEqual([]);
    expect(found.warnings.map((w) => w.code).sort()).toEqual(['alt_text', 'subject_length']);
    expect(refusal(await post(t.app, demo, `${P}publish_email/`, { version_id: versionId })).error).toBe(
      'confirm_warnings',
    );
    ok(await post(t.app, demo, `${P}publish_email/`, { version_id: versionId, confirm_warnings: 1 }));
  });

  it('gives a user without the premium plan the not-premium refusal instead of a send', async () => {
    const versionId = await designed('Not premium');
    const answer = refusal(await post(t.app, colleague, `${P}publish_email/`, { version_id: versionId }));
    expect(answer.error).toBe(NOT_PREMIUM);
  });
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

describe('preflight rules', () => {
  it('counts a subject as the reader sees it: an emoji stored as a numeric reference is one character', async () => {
    const { preflightChecks } = await import('../../../server/services/publish/preflightChecks.ts');
    const base = { design: goodDesign(), senderAddress: 'a@b.test', senderName: 'A', uploadSizes: new Map() };
    const codes = (subject: string) => preflightChecks({ ...base, subject }).warnings.map((w) => w.code);
    expect(codes(`${'S'.repeat(149)}&#128075;`)).toEqual([]);
    expect(codes(`${'S'.repeat(150)}&#128075;`)).toEqual(['subject_length']);
  });
});

describe('test emails', () => {
  it('sends a test to your own addresses as recipients get it, marked as a test and apart from the send', async () => {
    const versionId = await designed('Test email');
    const answer = ok<{ send_id: number; message: string }>(
      await post(t.app, demo, `${P}send_test_email/`, {
        version_id: versionId,
        emails: 'demo@workbench.test, dana.demo@northwind-demo.test',
      }),
    );
    expect(answer.message).toBe('Test sent to demo@workbench.test, dana.demo@northwind-demo.test.');
    const rows = await t.database.db
      .selectFrom('email_send')
      .select(['id', 'to_address', 'subject', 'is_test', 'contact_id', 'preference_uuid', 'dedupe_key'])
      .where('version_id', '=', versionId)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.to_address)).toEqual(['demo@workbench.test', 'dana.demo@northwind-demo.test']);
    expect(rows.every((r) => r.is_test && r.subject.startsWith('[Test] ') && r.preference_uuid)).toBe(true);
    expect(rows[0]?.contact_id).toBeNull();
    // Delivered like any email (the demo mailbox here), with events marked as tests.
    await t.app.deliveryWorker?.deliverDue();
    await expect
      .poll(async () =>
        (
          await t.database.db
            .selectFrom('email_event')
            .select(['kind', 'is_test'])
            .where(
              'send_id',
              'in',
              rows.map((r) => r.id),
            )
            .execute()
        ).map((e) => `${e.kind}:${e.is_test}`),
      )
      .toEqual(expect.arrayContaining(['sent:true', 'delivered:true']));
    const page = await get(t.app, demo, '/api/user/mailbox/', { q: '[Test]' });
    expect(page.statusCode, page.body).toBe(200);
    const shown = (page.json() as { data: { send_id: number; is_test: boolean }[] }).data.find(
      (item) => item.send_id === rows[0]?.id,
    );
    expect(shown?.is_test).toBe(true);
    // The publish step's send is still none: a test is not the edition's send, and it can still be sent.
    const data = ok<{ send: unknown; status: string }>(
      await get(t.app, demo, `${P}publish_email/`, { version_id: versionId }),
    );
    expect(data.send).toBeNull();
    expect(data.status).toBe('draft');
    expect(await sendsOf(versionId)).toEqual([]);
  });

  it('refuses addresses outside the organisation, bad or too many addresses, and foreign editions', async () => {
    const versionId = await designed('Test email refusals');
    const to = (emails: string) =>
      post(t.app, demo, `${P}send_test_email/`, { version_id: versionId, emails });
    expect(refusal(await to('someone@elsewhere.test')).message).toContain(
      'someone@elsewhere.test is neither',
    );
    expect(refusal(await to('not-an-address')).message).toBe(
      'Enter real email addresses, separated by commas.',
    );
    expect(refusal(await to('')).message).toBe('Enter an address to send the test to.');
    expect(refusal(await to(Array.from({ length: 6 }, () => 'demo@workbench.test').join(','))).message).toBe(
      'A test goes to at most 5 addresses.',
    );
    const undesigned = await newEdition(demo, 'Test email undesigned');
    expect(
      refusal(
        await post(t.app, demo, `${P}send_test_email/`, {
          version_id: undesigned,
          emails: 'demo@workbench.test',
        }),
      ).message,
    ).toBe('Design this edition before sending a test.');
    const foreign = await post(t.app, other, `${P}send_test_email/`, {
      version_id: versionId,
      emails: 'owner@harborlane.test',
    });
    expect(foreign.statusCode).toBe(404);
    const none = await t.database.db
      .selectFrom('email_send')
      .select('id')
      .where('version_id', 'in', [versionId, undesigned])
      .execute();
    expect(none).toEqual([]);
  });
});
