import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DRAFT_EDITION_NAME } from '../../../domain/campaignSchemas.ts';
import { SEND_REFUSAL_KINDS, type SendRefusalKind } from '../../../domain/editionSend.ts';
import { DEMO_IDS } from '../../../server/seed/demoIds.ts';
import { createTestApp, type Session, signIn, type TestApp } from '../../helpers/testApp.ts';
import { post } from '../workflowTestKit.ts';
import { everyKindDesign } from './designFixtures.ts';
import { basicPlanColleague, C, ok, P, publishKit, refusal } from './publishTestKit.ts';

let t: TestApp;
let demo: Session;
let colleague: Session;
let kit: ReturnType<typeof publishKit>;
let listId: number;
/** The demo user's Outlook mailbox may send this many emails a day (the list has three people). */
const OUTLOOK_DAY = 2;

beforeAll(async () => {
  t = await createTestApp(
    {
      OUTLOOK_CLIENT_ID: 'publish-step-test',
      OUTLOOK_TOKEN_KEY: randomBytes(32).toString('base64'),
      OUTLOOK_DAILY_LIMIT: String(OUTLOOK_DAY),
      // A failed walk is recorded at once (no retries on pg-boss): the failure test reads it.
      EDITION_SEND_RETRIES: '0',
    },
    { captureLog: true },
  );
  kit = publishKit(t);
  demo = await signIn(t.app);
  colleague = await basicPlanColleague(t);
  listId = await kit.listOf('Publish step', 3);
});
afterAll(async () => {
  await t?.close();
});

/** A designed edition the preflight passes, sent to the three people of the list. */
async function ready(name: string): Promise<number> {
  const versionId = await kit.designed(demo, name);
  ok(await kit.settings(demo, versionId, { list_ids: String(listId) }));
  return versionId;
}

async function sendStatus(sendId: number) {
  return t.database.db
    .selectFrom('edition_sends')
    .select(['status', 'error'])
    .where('id', '=', sendId)
    .executeTakeFirstOrThrow();
}

/** Sends an edition and waits until every one of its emails is delivered (the local mailbox). */
async function sentAndDelivered(versionId: number, timeZone = 'UTC'): Promise<number> {
  const sent = ok<{ send_id: number }>(
    await post(t.app, demo, `${P}publish_email/`, { version_id: versionId, user_tz: timeZone }),
  );
  await t.app.afterReply.idle();
  await expect.poll(async () => (await kit.publishData(demo, versionId)).send?.pending_count).toBe(0);
  return sent.send_id;
}

/**
 * One way to get each refusal a send can get: the edition (and who asks) with that problem. Each is
 * refused by publish_email/ with that error, and the preflight reports it before.
 */
const SCENARIOS: Record<
  SendRefusalKind,
  () => Promise<{ session: Session; versionId: number; code: string; warning?: boolean }>
> = {
  already_sent: async () => {
    const versionId = await ready('Refusal sent');
    await sentAndDelivered(versionId);
    return { session: demo, versionId, code: 'already_sent' };
  },
  not_premium: async () => ({
    session: colleague,
    versionId: await ready('Refusal plan'),
    code: 'not_premium',
  }),
  preflight: async () => {
    const design = everyKindDesign();
    design.blocks = design.blocks.filter((block) => block.kind !== 'footer');
    const versionId = await kit.designed(demo, 'Refusal footer', design);
    ok(await kit.settings(demo, versionId, { list_ids: String(listId) }));
    return { session: demo, versionId, code: 'preference_link' };
  },
  confirm_warnings: async () => {
    const versionId = await ready('Refusal warning');
    ok(await kit.settings(demo, versionId, { subject: 'S'.repeat(151) }));
    return { session: demo, versionId, code: 'subject_length', warning: true };
  },
  no_recipients: async () => ({
    session: demo,
    versionId: await kit.designed(demo, 'Refusal audience'),
    code: 'no_recipients',
  }),
  outlook_not_connected: async () => {
    const versionId = await ready('Refusal mailbox');
    await t.database.db
      .updateTable('email_versions')
      .set({ outlook_route: true })
      .where('id', '=', versionId)
      .execute();
    return { session: demo, versionId, code: 'outlook_not_connected' };
  },
  outlook_limit: async () => {
    const versionId = await ready('Refusal limit');
    await t.database.db
      .updateTable('email_versions')
      .set({ outlook_route: true })
      .where('id', '=', versionId)
      .execute();
    await t.database.db
      .insertInto('outlook_connections')
      .values({
        user_id: DEMO_IDS.demoUserId,
        org_id: DEMO_IDS.mainOrgId,
        email_address: 'dana@contoso.test',
        display_name: 'Dana',
        access_token: 'not used',
        refresh_token: 'not used',
        expires_at: new Date(Date.now() + 3_600_000),
        status: 'connected',
      })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
    return { session: demo, versionId, code: 'outlook_limit' };
  },
};

describe('the send rules', () => {
  it('have a scenario here for every refusal a send can get', () => {
    expect(Object.keys(SCENARIOS).sort()).toEqual([...SEND_REFUSAL_KINDS].sort());
  });

  // The order matters: the mailbox is connected by the last one only.
  it.each(
    [...SEND_REFUSAL_KINDS].sort((a, b) => (a === 'outlook_limit' ? 1 : b === 'outlook_limit' ? -1 : 0)),
  )('%s: the preflight reports it before the send is refused with it', async (kind) => {
    const { session, versionId, code, warning } = await SCENARIOS[kind]();
    const found = await kit.preflight(session, versionId);
    expect((warning ? found.warnings : found.errors).map((finding) => finding.code)).toContain(code);
    const refused = refusal(await post(t.app, session, `${P}publish_email/`, { version_id: versionId }));
    expect(refused.error).toBe(kind);
  });

  it('reports an empty subject and an audience nobody is in, as the send refuses them', async () => {
    const versionId = await kit.designed(demo, 'Empty subject');
    ok(await kit.settings(demo, versionId, { subject: '' }));
    const found = await kit.preflight(demo, versionId);
    expect(found.errors.map((finding) => finding.code).sort()).toEqual(['no_recipients', 'subject']);
    expect(refusal(await post(t.app, demo, `${P}publish_email/`, { version_id: versionId })).error).toBe(
      'preflight',
    );
  });
});

describe('saving the publish step', () => {
  it('keeps every field as it is, empty ones too, and a subject with emoji, right-to-left text and markup exactly', async () => {
    const versionId = await kit.newEdition(demo, 'Saved as typed');
    const subject = 'Hello &#128075;&#8205;&#129489; שלום <b>“bold”</b> & <script>x</script>';
    ok(await kit.settings(demo, versionId, { subject, sender_name: 'Northwind ✦ نورث' }));
    expect(await kit.publishData(demo, versionId)).toMatchObject({
      subject,
      sender_name: 'Northwind ✦ نورث',
    });
    ok(await kit.settings(demo, versionId, { subject: '', sender_name: '' }));
    expect(await kit.publishData(demo, versionId)).toMatchObject({ subject: '', sender_name: '' });
    const codes = (await kit.preflight(demo, versionId)).errors.map((finding) => finding.code);
    expect(codes).toEqual(expect.arrayContaining(['subject', 'sender_name']));
  });
});

describe('a sent edition', () => {
  it('is named after the day it went out, and its progress counts the emails delivered', async () => {
    const versionId = await ready('Named when sent');
    const sendId = await sentAndDelivered(versionId, 'Pacific/Auckland');
    const data = await kit.publishData(demo, versionId);
    expect(data.send).toMatchObject({
      send_id: sendId,
      status: 'sent',
      delivered_count: 3,
      pending_count: 0,
    });
    const email = await t.database.db
      .selectFrom('email_versions')
      .select(['email_id', 'name'])
      .where('id', '=', versionId)
      .executeTakeFirstOrThrow();
    const day = new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'Pacific/Auckland',
    }).format(new Date());
    expect(email.name).toBe(`Edition of ${day}`);
    // A second edition of the email sent the same day gets a name of its own.
    const second = ok<{ version_id: number }>(
      await post(t.app, demo, `${C}create_edition/`, { asset_id: email.email_id }),
    );
    expect(
      (
        await t.database.db
          .selectFrom('email_versions')
          .select('name')
          .where('id', '=', second.version_id)
          .executeTakeFirstOrThrow()
      ).name,
    ).toBe(DRAFT_EDITION_NAME);
  });
});

describe('a send whose walk fails', () => {
  it('is recorded as failed with its error and logged, and can be resumed', async () => {
    const versionId = await kit.newEdition(demo, 'Walk fails');
    // A paused send of an edition that has no design: walking it fails.
    const row = await t.database.db
      .insertInto('edition_sends')
      .values({
        org_id: DEMO_IDS.mainOrgId,
        version_id: versionId,
        user_id: DEMO_IDS.demoUserId,
        kind: 'send',
        status: 'paused',
        list_ids: [listId],
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ok(await post(t.app, demo, `${P}resume_send/`, { send_id: row.id }));
    // The walk runs on pg-boss, woken by the queued job.
    await vi.waitFor(async () => expect((await sendStatus(row.id)).status).toBe('failed'), {
      timeout: 20_000,
      interval: 100,
    });
    const failed = await sendStatus(row.id);
    expect(failed.error).toContain('has no design');
    expect(t.logLines().some((line) => String(line.msg).includes(`edition send ${row.id} failed`))).toBe(
      true,
    );
    expect((await kit.publishData(demo, versionId)).send).toMatchObject({ status: 'failed' });
    // Resumed once the edition is designed, it walks on and sends.
    const saved = await post(t.app, demo, `${P}design/save/`, {
      version_id: versionId,
      version_name: 'Draft Edition',
      design: JSON.stringify(everyKindDesign()),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    ok(await post(t.app, demo, `${P}resume_send/`, { send_id: row.id }));
    await vi.waitFor(async () => expect(await sendStatus(row.id)).toEqual({ status: 'sent', error: null }), {
      timeout: 20_000,
      interval: 100,
    });
  });
});
