import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_GROUP_NAME } from '../../../domain/salesGroups.ts';
import { WORKFLOW_TRIGGERS } from '../../../domain/workflowCatalogue.ts';
import {
  STARTER_EMAILS,
  STARTER_LIST_NAME,
  STARTER_SHARE_PROFILE_NAME,
} from '../../../server/services/auth/createStarterContent.ts';
import {
  createTestApp,
  form,
  loggedEmailText,
  type Session,
  signIn,
  type TestApp,
} from '../../helpers/testApp.ts';
import { get, post, sendThenEnd, W } from '../workflowTestKit.ts';

/**
 * A newly signed-up organisation can try every trigger at once: it starts with starter emails (in the same
 * emails table workflows and campaigns use), a starter list and a starter share profile, made with it.
 */
let t: TestApp;
let session: Session;
const EMAIL = 'starter.owner@example.com';
const PASSWORD = 'amber harbour lantern 57';

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT: '100000' }, { captureLog: true });
  const signup = await form(t.app, 'POST', '/api/auth/signup/', {
    first_name: 'Sam',
    last_name: 'Starter',
    email: EMAIL,
    password: PASSWORD,
  });
  expect(signup.statusCode).toBe(200);
  const key = /confirm-signup\/([A-Za-z0-9_-]{40,})/.exec(await loggedEmailText(t, EMAIL))?.[1] ?? '';
  const confirmed = await form(t.app, 'POST', '/api/auth/confirm_signup/', { signup_key: key });
  expect(confirmed.statusCode).toBe(200);
  session = await signIn(t.app, { email: EMAIL, password: PASSWORD });
});
afterAll(async () => {
  await t?.close();
});

describe('a newly signed-up organisation', () => {
  it('lists its starter emails, list and share profile, each named as a starter, and its default sales team', async () => {
    const emails = (await get(t.app, session, `${W}get_user_emails/`, { offset: 0, limit: 20 })).json();
    expect(emails.total_count).toBe(STARTER_EMAILS.length);
    const names = emails.data.emails.map((e: { email_name: string }) => e.email_name).sort();
    expect(names).toEqual(STARTER_EMAILS.map((e) => e.name).sort());
    for (const email of emails.data.emails) {
      expect(email.email_name).toMatch(/^Starter: /);
      expect(email).toMatchObject({ design_ready: true, sent_from: EMAIL, sender_name: 'Sam Starter' });
    }
    const lists = (await get(t.app, session, `${W}get_user_contact_lists/`, { offset: 0, limit: 20 })).json();
    expect(lists.data).toEqual([expect.objectContaining({ list_name: STARTER_LIST_NAME, contact_count: 0 })]);
    const statics = (await get(t.app, session, `${W}get_user_static_data/`)).json();
    expect(statics.data.share_profiles).toEqual([
      { sp_uuid: expect.any(String), name: STARTER_SHARE_PROFILE_NAME },
    ]);
    const groups = (await get(t.app, session, '/api/audience/groups_listing/')).json();
    expect(groups.data).toEqual([
      expect.objectContaining({ groupName: DEFAULT_GROUP_NAME, totalUsers: 1, isDeletable: false }),
    ]);
  });

  it('creates and publishes a workflow with every trigger, from its starters alone', async () => {
    const emails = (await get(t.app, session, `${W}get_user_emails/`, { offset: 0, limit: 20 })).json().data
      .emails as { email_id: number }[];
    const emailId = emails[0]?.email_id;
    const listId = (await get(t.app, session, `${W}get_user_contact_lists/`, { offset: 0, limit: 20 })).json()
      .data[0]?.list_id;
    const spUuid = (await get(t.app, session, `${W}get_user_static_data/`)).json().data.share_profiles[0]
      ?.sp_uuid;
    for (const trigger of WORKFLOW_TRIGGERS) {
      const subject =
        trigger.subject === 'email'
          ? { email_id: emailId }
          : trigger.subject === 'list'
            ? { list_id: listId }
            : { sp_uuid: spUuid };
      const created = await post(t.app, session, `${W}create_workflow/`, {
        trigger_id: trigger.trigger_id,
        workflow_name: `Try ${trigger.trigger_name}`,
        ...subject,
      });
      expect(created.statusCode, created.body).toBe(200);
      const id = created.json().workflow_id;
      const published = await post(t.app, session, `${W}update_workflow/`, {
        workflow_id: id,
        workflow: JSON.stringify(sendThenEnd(emailId ?? 0)),
        status: 'active',
      });
      expect(published.json(), trigger.trigger_name).toMatchObject({
        success: true,
        data: { status: 'active' },
      });
    }
  });
});
