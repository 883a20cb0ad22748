import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmailVersion } from '../../domain/workflowTypes.ts';
import { DEMO_LOGIN, OTHER_ORG_LOGIN } from '../../server/seed/demoAccounts.ts';
import { DEMO_SHARE_PROFILES } from '../../server/seed/demoWorkflows.ts';
import { TEST_SENDS_PER_USER } from '../../server/services/delivery/testSendRules.ts';
import { createTestApp, type Session, signIn, type TestApp } from '../helpers/testApp.ts';
import { createInternalUser } from '../helpers/testUsers.ts';
import { get, post, W } from './workflowTestKit.ts';

let t: TestApp;
let demo: Session;
let admin: Session;
let other: Session;

beforeAll(async () => {
  t = await createTestApp();
  demo = await signIn(t.app);
  admin = await signIn(t.app, await createInternalUser(t.database.db, 2));
  other = await signIn(t.app, OTHER_ORG_LOGIN);
});
afterAll(async () => {
  await t?.close();
});

describe('get_user_emails/', () => {
  it('pages the emails an ordinary user owns, with the email version fields', async () => {
    const body = (await get(t.app, demo, `${W}get_user_emails/`, { offset: 0 })).json();
    expect(body).toMatchObject({ success: true, total_count: 21, internal_user: false });
    expect(body.data.emails).toHaveLength(20); // the default page of 20
    const email: EmailVersion = body.data.emails[0];
    expect(Object.keys(email).sort()).toEqual(
      [
        'campaign_id',
        'campaign_name',
        'created_on',
        'design_ready',
        'email_id',
        'email_name',
        'email_platform',
        'email_type',
        'sender_name',
        'sent_from',
        'subject',
        'thumbnail',
      ].sort(),
    );
    const page2 = (await get(t.app, demo, `${W}get_user_emails/`, { offset: 15, limit: 10 })).json();
    expect(page2.data.emails).toHaveLength(6);
    const digests = (await get(t.app, demo, `${W}get_user_emails/`, { email_type: 0 })).json();
    expect(digests.data.emails.every((e: EmailVersion) => e.email_type === 0)).toBe(true);
    const search = (await get(t.app, demo, `${W}get_user_emails/`, { search: ' welcome ' })).json();
    // By name or subject, newest first: the newcomer's "Welcome to Northwind", then "Welcome" (its subject).
    expect(search.data.emails.map((e: EmailVersion) => e.email_name)).toEqual([
      'Welcome to Northwind',
      'Welcome',
    ]);
  });

  it('gives internal users every email of their organisation, and no one another organisation', async () => {
    const body = (await get(t.app, admin, `${W}get_user_emails/`, { limit: 100 })).json();
    expect(body).toMatchObject({ total_count: 26, internal_user: true });
    const studio = (await get(t.app, other, `${W}get_user_emails/`)).json();
    expect(studio.data.emails.map((e: EmailVersion) => e.email_id).sort()).toEqual([25, 26]);
  });

  it('refuses bad filters with 400', async () => {
    for (const query of [{ email_type: 5 }, { offset: 'x' }, { limit: 0 }]) {
      expect((await get(t.app, demo, `${W}get_user_emails/`, query)).statusCode).toBe(400);
    }
  });
});

describe('get_user_contact_lists/', () => {
  it("lists the organisation's lists with member counts, searchable", async () => {
    const body = (await get(t.app, demo, `${W}get_user_contact_lists/`)).json();
    expect(body.success).toBe(true);
    expect(body.data.map((l: { list_name: string }) => l.list_name)).toContain('Enterprise Prospects');
    expect(body.data).toHaveLength(11);
    const search = (await get(t.app, demo, `${W}get_user_contact_lists/`, { list_name: 'webinar' })).json();
    expect(search.data).toEqual([{ list_id: 2, list_name: 'Webinar Attendees Q3', contact_count: 14 }]);
    const studio = (await get(t.app, other, `${W}get_user_contact_lists/`)).json();
    expect(studio.data).toEqual([{ list_id: 7, list_name: 'Studio Clients', contact_count: 4 }]);
  });
});

describe('get_emails_links/', () => {
  it('answers the links of the emails, duplicates removed, others left out', async () => {
    const body = (
      await get(t.app, demo, `${W}get_emails_links/`, { email_ids: '4,1,25', node_id: '1', workflow_id: 2 })
    ).json();
    expect(body.success).toBe(true);
    expect(body.data.map((e: { email_id: number }) => e.email_id)).toEqual([1, 4]);
    const story = body.data.find((e: { email_id: number }) => e.email_id === 4);
    expect(story.links).toEqual([
      { url: 'https://northwind-demo.test/case-studies/acme', text: 'Read it on our site' },
      { url: 'https://northwind-demo.test/pricing', text: 'pricing' },
      { url: 'https://northwind-demo.test/demo', text: 'book a demo' },
      { url: 'https://northwind-demo.test/demo?utm_source=email&utm_medium=workflow', text: 'Book a demo' },
    ]);
    const json = (await get(t.app, demo, `${W}get_emails_links/`, { email_ids: '[4]' })).json();
    expect(json.data[0].links).toHaveLength(4);
  });

  it("answers 404 for another user's workflow and 400 without email_ids", async () => {
    expect(
      (await get(t.app, other, `${W}get_emails_links/`, { email_ids: '25', workflow_id: 1 })).statusCode,
    ).toBe(404);
    expect((await get(t.app, demo, `${W}get_emails_links/`)).statusCode).toBe(400);
    expect((await get(t.app, demo, `${W}get_emails_links/`, { email_ids: 'a,b' })).statusCode).toBe(400);
  });
});

describe('email_mapping/', () => {
  it('adds and removes emails; an email in both lists cancels out', async () => {
    const start = (await post(t.app, demo, `${W}email_mapping/`, { workflow_id: 1 })).json();
    expect(start).toEqual({ success: true, data: { email_ids: [16, 17, 19] } });
    const changed = (
      await post(t.app, demo, `${W}email_mapping/`, {
        workflow_id: 1,
        add_emails: '2,5',
        remove_emails: '[5,19]',
      })
    ).json();
    expect(changed.data.email_ids).toEqual([2, 16, 17]);
    const refused = await post(t.app, demo, `${W}email_mapping/`, { workflow_id: 1, add_emails: '25' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('add_emails: 25 is not an email of your organisation.');
    expect((await post(t.app, demo, `${W}email_mapping/`, { workflow_id: 1 })).json().data.email_ids).toEqual(
      [2, 16, 17],
    );
  });
});

describe('get_user_static_data/', () => {
  it("answers the builder's option lists", async () => {
    const { data, success } = (await get(t.app, demo, `${W}get_user_static_data/`)).json();
    expect(success).toBe(true);
    expect(data.timezones).toContain('Europe/London');
    expect(data.timezones.length).toBeGreaterThan(300);
    expect(data.weekdays).toEqual([
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ]);
    expect(data.hours).toHaveLength(24);
    expect(data.hours[0]).toEqual({ label: '12 am', value: 0 });
    expect(data.hours[1]).toEqual({ label: '1 am', value: 1 });
    expect(data.hours[12]).toEqual({ label: '12 pm', value: 12 });
    expect(data.hours[23]).toEqual({ label: '11 pm', value: 23 });
    // A browser in UTC finds its zone by that name, first.
    expect(data.timezones[0]).toBe('UTC');
    expect(data.timezones.filter((zone: string) => zone === 'UTC')).toHaveLength(1);
    expect(data.day_options).toEqual([
      { label: 'All days', value: 'all' },
      { label: 'Business days (Mon-Fri)', value: 'business' },
    ]);
    expect(data.templates.length).toBeGreaterThan(0);
    expect(data.signatures.length).toBeGreaterThan(0);
    expect(data.share_profiles.map((p: { name: string }) => p.name)).toEqual([
      'Account executive profile',
      'Customer success profile',
      'Founder introduction',
    ]);
  });
});

describe('send_test_share_profile/', () => {
  async function outbox() {
    return t.database.db
      .selectFrom('outbox')
      .selectAll()
      .where('kind', '=', 'share_profile_test')
      .orderBy('id')
      .execute();
  }

  it('writes a test email to the outbox, to the user by default', async () => {
    const sent = (
      await post(t.app, demo, `${W}send_test_share_profile/`, { sp_uuid: DEMO_SHARE_PROFILES[0].uuid })
    ).json();
    expect(sent).toEqual({ success: true, message: `A test email has been sent to ${DEMO_LOGIN.email}.` });
    const config = {
      template: null,
      personalityMetrics: [],
      senderName: 'Tess <Test>',
      sendFrom: 'marketing@northwind-demo.test',
      emailSubject: 'Hello from Tess',
      replyTo: 'marketing@northwind-demo.test',
      initials: 'TT',
      signature: null,
      sendPlatform: 'workbench',
    };
    const custom = await post(t.app, demo, `${W}send_test_share_profile/`, {
      config: JSON.stringify(config),
      to: 'ada.admin@northwind-demo.test',
    });
    expect(custom.json().message).toBe('A test email has been sent to ada.admin@northwind-demo.test.');
    const viaWorkflow = await post(t.app, demo, `${W}send_test_share_profile/`, { workflow_id: 6 });
    expect(viaWorkflow.json().success).toBe(true);
    const rows = await outbox();
    expect(rows.map((r) => r.to_address)).toEqual([
      DEMO_LOGIN.email,
      'ada.admin@northwind-demo.test',
      DEMO_LOGIN.email,
    ]);
    expect(rows[1]?.subject).toBe('[Test] Hello from Tess');
    expect(rows[1]?.html_body).toContain('Tess &#60;Test&#62;');
  });

  it("refuses another organisation's profile (404) and a request with nothing to send (400)", async () => {
    const before = (await outbox()).length;
    expect(
      (await post(t.app, demo, `${W}send_test_share_profile/`, { sp_uuid: DEMO_SHARE_PROFILES[3].uuid }))
        .statusCode,
    ).toBe(404);
    expect((await post(t.app, demo, `${W}send_test_share_profile/`, {})).statusCode).toBe(400);
    expect((await post(t.app, demo, `${W}send_test_share_profile/`, { workflow_id: 1 })).statusCode).toBe(
      400,
    );
    expect(
      (await post(t.app, demo, `${W}send_test_share_profile/`, { config: '{"template":1}' })).statusCode,
    ).toBe(400);
    expect((await post(t.app, other, `${W}send_test_share_profile/`, { workflow_id: 6 })).statusCode).toBe(
      404,
    );
    expect(await outbox()).toHaveLength(before);
  });

  it('is no relay: only to the organisation, only from its verified senders, and rate limited', async () => {
    const before = (await outbox()).length;
    const config = (sendFrom: string) =>
      JSON.stringify({
        template: null,
        personalityMetrics: [],
        senderName: 'Someone',
        sendFrom,
        emailSubject: 'Your account is locked',
        replyTo: sendFrom,
        initials: 'S',
        signature: null,
        sendPlatform: 'workbench',
      });
    const outside = await post(t.app, demo, `${W}send_test_share_profile/`, {
      config: config('marketing@northwind-demo.test'),
      to: 'victim@example.test',
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().message).toContain('victim@example.test is neither');
    const spoofed = await post(t.app, demo, `${W}send_test_share_profile/`, {
      config: config('security@bank.example'),
    });
    expect(spoofed.statusCode).toBe(400);
    expect(spoofed.json().message).toContain('security@bank.example is not one');
    // Another organisation's verified sender is not this one's.
    const foreign = await post(t.app, demo, `${W}send_test_share_profile/`, {
      config: config('hello@harborlane.test'),
    });
    expect(foreign.statusCode).toBe(400);
    expect(await outbox()).toHaveLength(before);

    const statuses: number[] = [];
    for (let i = 0; i < TEST_SENDS_PER_USER + 2; i += 1) {
      const answer = await post(t.app, other, `${W}send_test_share_profile/`, {
        sp_uuid: DEMO_SHARE_PROFILES[3].uuid,
      });
      statuses.push(answer.statusCode);
      if (answer.statusCode === 429) expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(TEST_SENDS_PER_USER);
    expect(statuses.slice(TEST_SENDS_PER_USER)).toEqual([429, 429]);
  });
});
