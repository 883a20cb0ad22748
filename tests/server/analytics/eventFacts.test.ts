import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyNewEvents } from '../../../server/services/analytics/applyNewEvents.ts';
import { rebuildRollups } from '../../../server/services/analytics/rebuildRollups.ts';
import { deleteContacts } from '../../../server/services/audience/deleteContacts.ts';
import { queueMarketingEmail } from '../../../server/services/delivery/queueMarketingEmail.ts';
import { changePreferences } from '../../../server/services/preference/changePreference.ts';
import { createTestApp, type TestApp } from '../../helpers/testApp.ts';
import { type AnalyticsWorld, makeAnalyticsWorld, recordEvents } from './analyticsTestKit.ts';
import { storedRollups } from './recountEvents.ts';

let t: TestApp;
let world: AnalyticsWorld;

beforeAll(async () => {
  t = await createTestApp({ DELIVERY_POLL_MS: '0', TRACKING_RATE_LIMIT: '100000' });
  world = await makeAnalyticsWorld(t.database.db, { contacts: 40, emails: 4, timeZone: 'Europe/Paris' });
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.database.db;

/** The last events of a send, oldest first. */
const eventsOfSend = (sendId: number) =>
  db()
    .selectFrom('email_event')
    .select(['kind', 'version_id', 'article_id', 'account_id', 'email_id', 'send_id', 'link'])
    .where('send_id', '=', sendId)
    .orderBy('id')
    .execute();

/** A delivered send of an edition whose design links to two curated articles and one page of no article. */
async function deliveredEditionSend(contactIndex: number) {
  const email = world.emails[0] as AnalyticsWorld['emails'][number];
  const versionId = email.versionIds[0] as number;
  const articles = await db()
    .selectFrom('articles')
    .select(['id', 'link'])
    .where('id', 'in', world.articleIds.slice(0, 2))
    .orderBy('id')
    .execute();
  await db()
    .updateTable('email_versions')
    .set({
      html: `<html><body>${articles.map((a) => `<a href="${a.link}">Read</a>`).join('')}<a href="https://elsewhere.test/page">Us</a></body></html>`,
    })
    .where('id', '=', versionId)
    .execute();
  await db()
    .insertInto('edition_articles')
    .values(articles.map((a, position) => ({ version_id: versionId, article_id: a.id, position })))
    .onConflict((oc) => oc.doNothing())
    .execute();
  const contactId = world.contacts[contactIndex] as number;
  const { sendId } = await db()
    .transaction()
    .execute((trx) =>
      queueMarketingEmail(trx, {
        orgId: world.orgId,
        contactId,
        emailId: email.id,
        campaignId: email.campaignId,
        versionId,
        dedupeKey: `facts:${contactIndex}`,
      }),
    );
  await t.app.deliveryWorker?.deliverDue();
  const send = await db()
    .selectFrom('email_send as s')
    .innerJoin('email_bodies as b', 'b.id', 's.body_id')
    .select(['s.id', 's.token', 's.status', 'b.links'])
    .where('s.id', '=', sendId)
    .executeTakeFirstOrThrow();
  expect(send.status).toBe('delivered');
  return { ...send, versionId, contactId, emailId: email.id, articles };
}

describe('what an email event records for analytics', () => {
  it('a tracked open and click carry the edition, the article a link is and the contact’s account', async () => {
    const send = await deliveredEditionSend(1);
    const articleIndex = send.links.indexOf(send.articles[1]?.link as string);
    const otherIndex = send.links.indexOf('https://elsewhere.test/page');
    expect(articleIndex).toBeGreaterThanOrEqual(0);
    expect(otherIndex).toBeGreaterThanOrEqual(0);
    await t.app.inject({ method: 'GET', url: `/t/o/${send.token}.gif` });
    await t.app.inject({ method: 'GET', url: `/t/c/${send.token}/${articleIndex}` });
    await t.app.inject({ method: 'GET', url: `/t/c/${send.token}/${otherIndex}` });
    await t.app.trackingRecorder.drain();
    const account = world.accountOf.get(send.contactId) ?? null;
    expect(account).not.toBeNull();
    const events = await eventsOfSend(send.id);
    expect(events.map((e) => [e.kind, e.version_id, e.article_id, e.account_id])).toEqual([
      ['sent', send.versionId, null, account],
      ['delivered', send.versionId, null, account],
      ['opened', send.versionId, null, account],
      ['clicked', send.versionId, send.articles[1]?.id, account],
      ['clicked', send.versionId, null, account],
    ]);
  });

  it('the rollups catch up on their own, woken by the commit of the events', async () => {
    const send = await deliveredEditionSend(2);
    await t.app.inject({ method: 'GET', url: `/t/o/${send.token}.gif` });
    // No catch-up is asked for: the worker is woken by the commit's notification.
    await expect
      .poll(
        async () =>
          (await db()
            .selectFrom('analytics_contact_email')
            .select(['opened', 'delivered'])
            .where('contact_id', '=', send.contactId)
            .where('email_id', '=', send.emailId)
            .executeTakeFirst()) ?? null,
        { timeout: 5000, interval: 50 },
      )
      .toEqual({ opened: 1, delivered: 1 });
  });

  it('an unsubscribe counts against the email last delivered to the contact', async () => {
    const send = await deliveredEditionSend(3);
    const preference = await db()
      .selectFrom('preferences')
      .select('uuid')
      .where('contact_id', '=', send.contactId)
      .executeTakeFirstOrThrow();
    await changePreferences(db(), [
      {
        uuid: preference.uuid,
        change: { kind: 'unsubscribe' },
        origin: { source: 'page', ip: null, userAgent: null },
      },
    ]);
    const unsubscribed = (await eventsOfSend(send.id)).filter((e) => e.kind === 'unsubscribed');
    expect(unsubscribed).toEqual([
      expect.objectContaining({ email_id: send.emailId, version_id: send.versionId, send_id: send.id }),
    ]);
  });
});

describe('what counts once', () => {
  const dayRow = async (emailId: number) =>
    (
      await sql<Record<string, number | string>>`
        select to_char(day, 'YYYY-MM-DD') as day, sent, delivered, opened, clicked, unique_opens, unique_clicks
        from analytics_day_totals where email_id = ${emailId} and org_id = ${world.orgId}
          and (sent + delivered + opened + clicked + unique_opens + unique_clicks) > 0
        order by day`.execute(db())
    ).rows;

  it('an open again in the same second of the same send once, in the next second again; a second delivered once; a late first open moves the unique open to its day', async () => {
    const email = world.emails[3] as AnalyticsWorld['emails'][number];
    const base = {
      orgId: world.orgId,
      contactId: world.contacts[10] as number,
      emailId: email.id,
      campaignId: email.campaignId,
      sendId: 900_000_001,
    };
    // Days in Paris: 10:00 UTC on 2026-03-02 and 2026-03-05.
    const day2 = Date.parse('2026-03-02T10:00:00.000Z');
    const day5 = Date.parse('2026-03-05T10:00:00.000Z');
    await recordEvents(db(), [
      { ...base, kind: 'sent', occurredAt: new Date(day2 - 60_000) },
      { ...base, kind: 'delivered', occurredAt: new Date(day2 - 59_000) },
      { ...base, kind: 'opened', occurredAt: new Date(day5 + 100) },
      { ...base, kind: 'opened', occurredAt: new Date(day5 + 900) },
      { ...base, kind: 'opened', occurredAt: new Date(day5 + 1100) },
    ]);
    await recordEvents(db(), [{ ...base, kind: 'delivered', occurredAt: new Date(day5) }]);
    await applyNewEvents(db());
    expect(await dayRow(email.id)).toEqual([
      { day: '2026-03-02', sent: 1, delivered: 1, opened: 0, clicked: 0, unique_opens: 0, unique_clicks: 0 },
      { day: '2026-03-05', sent: 0, delivered: 0, opened: 2, clicked: 0, unique_opens: 1, unique_clicks: 0 },
    ]);
    // An open that arrives late but happened on the 2nd: the first open, and its unique, move there.
    await recordEvents(db(), [{ ...base, kind: 'opened', occurredAt: new Date(day2 + 5000) }]);
    await applyNewEvents(db());
    expect(await dayRow(email.id)).toEqual([
      { day: '2026-03-02', sent: 1, delivered: 1, opened: 1, clicked: 0, unique_opens: 1, unique_clicks: 0 },
      { day: '2026-03-05', sent: 0, delivered: 0, opened: 2, clicked: 0, unique_opens: 0, unique_clicks: 0 },
    ]);
  });

  it('deleting contacts, a campaign that sent a moved email, and a workflow leaves the rollups a rebuild gives', async () => {
    const email = world.emails[1] as AnalyticsWorld['emails'][number];
    const workflowId = world.workflowIds[0] as number;
    const events = [0, 1, 2, 3].flatMap((i) => {
      const base = {
        orgId: world.orgId,
        contactId: world.contacts[20 + i] as number,
        emailId: email.id,
        campaignId: i < 2 ? email.campaignId : null,
        workflowId: i < 2 ? null : workflowId,
        sendId: 900_000_100 + i,
      };
      return [
        { ...base, kind: 'sent' as const, occurredAt: new Date(Date.now() - 86_400_000) },
        { ...base, kind: 'opened' as const, occurredAt: new Date(Date.now() - 3_600_000) },
      ];
    });
    await recordEvents(db(), events);
    await applyNewEvents(db());
    // The email moves to another campaign; then its old campaign, a contact and the workflow go.
    const other = world.campaignIds.find((id) => id !== email.campaignId) as number;
    await db().updateTable('emails').set({ campaign_id: other }).where('id', '=', email.id).execute();
    await db().deleteFrom('emails').where('campaign_id', '=', email.campaignId).execute();
    await db()
      .deleteFrom('campaigns')
      .where('id', '=', email.campaignId as number)
      .execute();
    await deleteContacts(db(), world.orgId, { kind: 'ids', ids: [world.contacts[20] as number] });
    await db().deleteFrom('workflow').where('id', '=', workflowId).execute();
    await applyNewEvents(db());
    const kept = await storedRollups(db(), world.orgId);
    await rebuildRollups(db(), { orgId: world.orgId });
    expect(await storedRollups(db(), world.orgId)).toEqual(kept);
    expect(kept.contactEmails.some((line) => line.startsWith(`${world.contacts[20]} `))).toBe(false);
  });
});
