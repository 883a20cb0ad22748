import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AiVariant } from '../../../domain/aiEmailSchemas.ts';
import { OTHER_ORG_LOGIN } from '../../../server/seed/demoAccounts.ts';
import { createTestApp, type Session, signIn, type TestApp } from '../../helpers/testApp.ts';
import { decodeBody, headerOf, startSmtp } from '../delivery/deliveryTestKit.ts';
import { get, post } from '../workflowTestKit.ts';
import { C, ok, personalityList } from './aiTestKit.ts';

const P = '/api/publish/';

/** A message's Subject header, its RFC 2047 words decoded. */
const mailSubject = (raw: string) =>
  (headerOf(raw, 'Subject') ?? '').replace(/=\?UTF-8\?B\?([^?]*)\?=\s*/gi, (_m, b64: string) =>
    Buffer.from(b64, 'base64').toString('utf8'),
  );
let t: TestApp;
let demo: Session;
let other: Session;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let list: Awaited<ReturnType<typeof personalityList>>;
let made: { generation_id: number; emails: AiVariant[] };

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ SMTP_URL: smtp.url, DELIVERY_POLL_MS: '200' });
  demo = await signIn(t.app);
  other = await signIn(t.app, OTHER_ORG_LOGIN);
  const campaignId = ok<{ campaign_id: number }>(
    await post(t.app, demo, `${C}create_campaign/`, { campaign_name: 'AI send' }),
  ).campaign_id;
  list = await personalityList(t, 'Send list', { Dominant: 2, Influencer: 2, Steady: 1, Conscientious: 1 });
  made = ok(
    await post(t.app, demo, `${C}create_ai_email/`, {
      email_name: 'Sent AI',
      campaign_id: campaignId,
      prompt: 'Our spring pricing update.',
      list_ids: list.listId,
      personalities: 'DIS',
      ai_id: randomUUID(),
    }),
  );
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('publish_ai_email/', () => {
  it('checks every variant with its segment as its audience (preflight_ai_email/), sending nothing', async () => {
    expect(
      (await post(t.app, other, `${P}preflight_ai_email/`, { generation_id: made.generation_id })).statusCode,
    ).toBe(404);
    expect((await post(t.app, demo, `${P}preflight_ai_email/`, { generation_id: 'x' })).statusCode).toBe(400);
    const checked = ok<{
      variants: { ai_type: string; recipients: number; errors: { message: string }[] }[];
    }>(await post(t.app, demo, `${P}preflight_ai_email/`, { generation_id: made.generation_id }));
    // Before, each variant's own preflight found nobody in its audience: the segment is its audience now.
    expect(checked.variants.map((v) => [v.ai_type, v.recipients])).toEqual([
      ['Dominant', 2],
      ['Influencer', 2],
      ['Steady', 1],
    ]);
    for (const variant of checked.variants)
      expect(variant.errors.map((e) => e.message).join(' ')).not.toMatch(/Nobody in this audience/);
    const sends = await t.database.db
      .selectFrom('email_send')
      .select('id')
      .where(
        'version_id',
        'in',
        made.emails.map((e) => e.version_id),
      )
      .execute();
    expect(sends).toHaveLength(0);
  });

  it('sends each recipient its own variant, once, through the send path; personalities without a variant get none', async () => {
    const versionId = made.emails[0]?.version_id ?? 0;
    const data = ok<{ sender_emails: { id: number; email: string }[] }>(
      await get(t.app, demo, `${P}publish_email/`, { version_id: versionId }),
    );
    const senderId = data.sender_emails[0]?.id ?? 0;
    expect(
      (await post(t.app, other, `${P}publish_ai_email/`, { generation_id: made.generation_id })).statusCode,
    ).toBe(404);
    expect((await post(t.app, demo, `${P}publish_ai_email/`, { generation_id: 'x' })).statusCode).toBe(400);
    const sent = await post(t.app, demo, `${P}publish_ai_email/`, {
      generation_id: made.generation_id,
      sender_address_id: senderId,
      sender_name: 'Northwind',
      confirm_warnings: 1,
    });
    const answer = ok<{ sends: { ai_type: string; recipients: number; send_id: number }[] }>(sent);
    expect(answer.sends.map((s) => [s.ai_type, s.recipients])).toEqual([
      ['Dominant', 2],
      ['Influencer', 2],
      ['Steady', 1],
    ]);
    const contacts = await t.database.db
      .selectFrom('contacts')
      .select(['id', 'email', 'personality_type'])
      .where('id', 'in', Object.values(list.ids).flat())
      .execute();
    const expected = contacts.filter((c) => c.personality_type !== 'Conscientious');
    await expect.poll(() => smtp.received.length, { timeout: 20_000 }).toBe(expected.length);
    const subjectOf = new Map(made.emails.map((e) => [e.ai_type, e.subject]));
    for (const contact of expected) {
      const mails = smtp.received.filter((m) => m.to.includes(contact.email));
      expect(mails, contact.email).toHaveLength(1);
      expect(mailSubject(mails[0]?.data ?? '')).toBe(
        subjectOf.get(contact.personality_type as AiVariant['ai_type']),
      );
      // Tracked like every send: the open pixel.
      expect(decodeBody(mails[0]?.data ?? '')).toMatch(/\/t\/o\/[\w-]+\.gif/);
    }
    const rows = await t.database.db
      .selectFrom('email_send')
      .select(['contact_id', 'version_id'])
      .where(
        'version_id',
        'in',
        made.emails.map((e) => e.version_id),
      )
      .execute();
    expect(rows).toHaveLength(expected.length);
    for (const row of rows) {
      const contact = contacts.find((c) => c.id === row.contact_id);
      const variant = made.emails.find((e) => e.version_id === row.version_id);
      expect(variant?.ai_type).toBe(contact?.personality_type);
    }
    // Sent once: publishing again is refused.
    const again = await post(t.app, demo, `${P}publish_ai_email/`, {
      generation_id: made.generation_id,
      confirm_warnings: 1,
    });
    expect(again.statusCode).toBe(400);
    // resend_email/ with generation_id: each sent variant again, to who did not open it.
    const resent = await post(t.app, demo, `${P}resend_email/`, {
      generation_id: made.generation_id,
      resend_options: 'not_opened',
      confirm_warnings: 1,
    });
    expect(ok<{ sends: { ai_type: string }[] }>(resent).sends.map((s) => s.ai_type)).toEqual([
      'Dominant',
      'Influencer',
      'Steady',
    ]);
    await expect.poll(() => smtp.received.length, { timeout: 20_000 }).toBe(expected.length * 2);
  });
});
