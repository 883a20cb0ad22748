import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CampaignAudience } from '../../../domain/campaignAudience.ts';
import { OTHER_ORG_LOGIN } from '../../../server/seed/demoAccounts.ts';
import { DEMO_IDS } from '../../../server/seed/demoIds.ts';
import { createTestApp, type Session, signIn, type TestApp } from '../../helpers/testApp.ts';
import { get, post } from '../workflowTestKit.ts';

/**
 * A campaign's audience (/campaigns/editionedit/audience): read with its list sizes and reach, replaced
 * whole (draft editions without an audience of their own take it), counted while chosen; bad input 400,
 * another organisation's campaign, list or contact 404.
 */
const B = '/api/campaign/';
let t: TestApp;
let demo: Session;
let other: Session;
let campaignId: number;
let listIds: number[];
let contactIds: number[];
let foreignListId: number;
let foreignContactId: number;

const idsOf = async (table: 'contact_lists' | 'contacts', orgId: number, limit: number) =>
  (
    await t.database.db
      .selectFrom(table)
      .select('id')
      .where('org_id', '=', orgId)
      .orderBy('id')
      .limit(limit)
      .execute()
  ).map((row) => row.id);

beforeAll(async () => {
  t = await createTestApp();
  demo = await signIn(t.app);
  other = await signIn(t.app, OTHER_ORG_LOGIN);
  const made = await post(t.app, demo, `${B}create_campaign/`, { campaign_name: 'Audience screen campaign' });
  expect(made.statusCode, made.body).toBe(200);
  campaignId = made.json().data.campaign_id;
  listIds = await idsOf('contact_lists', DEMO_IDS.mainOrgId, 2);
  contactIds = await idsOf('contacts', DEMO_IDS.mainOrgId, 3);
  [foreignListId = 0] = await idsOf('contact_lists', DEMO_IDS.otherOrgId, 1);
  [foreignContactId = 0] = await idsOf('contacts', DEMO_IDS.otherOrgId, 1);
});
afterAll(async () => {
  await t?.close();
});

const audience = async (session = demo): Promise<CampaignAudience> => {
  const answer = await get(t.app, session, `${B}campaign_audience/`, { campaign_id: campaignId });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().data;
};

describe('campaign_audience/', () => {
  it('starts empty, is replaced whole, and answers the lists with their sizes, the contacts and the reach', async () => {
    const empty = await audience();
    expect(empty).toMatchObject({ campaign_id: campaignId, campaign_name: 'Audience screen campaign' });
    expect(empty.lists).toEqual([]);
    expect(empty.contacts).toEqual([]);
    expect(empty.recipients.count).toBe(0);

    const saved = await post(t.app, demo, `${B}campaign_audience/`, {
      campaign_id: campaignId,
      list_ids: listIds.join(','),
      contact_ids: contactIds.join(','),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const data: CampaignAudience = saved.json().data;
    expect(data.lists.map((l) => l.list_id).sort()).toEqual([...listIds].sort());
    expect(data.contacts.map((c) => c.contact_id)).toEqual(contactIds);
    const members = await t.database.db
      .selectFrom('list_contacts')
      .select('contact_id')
      .where('list_id', '=', listIds[0] ?? 0)
      .execute();
    expect(data.lists.find((l) => l.list_id === listIds[0])?.total_contacts).toBe(members.length);
    expect(data.recipients.count).toBeGreaterThan(0);
    expect(await audience()).toEqual(data);

    // Replaced whole: one contact, no list.
    const one = await post(t.app, demo, `${B}campaign_audience/`, {
      campaign_id: campaignId,
      contact_ids: `[${contactIds[0]}]`,
    });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().data.lists).toEqual([]);
    expect(one.json().data.contacts.map((c: { contact_id: number }) => c.contact_id)).toEqual([
      contactIds[0],
    ]);
  });

  it('gives a draft edition without an audience the campaign’s; an edition’s own audience stays', async () => {
    const email = await post(t.app, demo, `${B}create_email/`, {
      campaign_id: campaignId,
      email_name: 'Audience screen email',
    });
    expect(email.statusCode, email.body).toBe(200);
    const emailId = email.json().data.email_id;
    await t.database.db
      .updateTable('email_versions')
      .set({ audience_list_ids: [], audience_contact_ids: [] })
      .where('email_id', '=', emailId)
      .execute();
    const saved = await post(t.app, demo, `${B}campaign_audience/`, {
      campaign_id: campaignId,
      list_ids: String(listIds[1]),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const edition = await t.database.db
      .selectFrom('email_versions')
      .select(['audience_list_ids', 'audience_contact_ids'])
      .where('email_id', '=', emailId)
      .executeTakeFirstOrThrow();
    expect(edition.audience_list_ids).toEqual([listIds[1]]);
    // Chosen again, the campaign's audience leaves the edition's own alone.
    await post(t.app, demo, `${B}campaign_audience/`, {
      campaign_id: campaignId,
      list_ids: String(listIds[0]),
    });
    const kept = await t.database.db
      .selectFrom('email_versions')
      .select('audience_list_ids')
      .where('email_id', '=', emailId)
      .executeTakeFirstOrThrow();
    expect(kept.audience_list_ids).toEqual([listIds[1]]);
  });

  it('counts an audience being chosen without saving it', async () => {
    const before = await audience();
    const counted = await post(t.app, demo, `${B}campaign_recipients_count/`, {
      campaign_id: campaignId,
      list_ids: listIds.join(','),
    });
    expect(counted.statusCode, counted.body).toBe(200);
    expect(counted.json().data.count).toBeGreaterThan(0);
    expect(counted.json().data.excluded).toHaveProperty('unsubscribed');
    expect(await audience()).toEqual(before);
  });

  it('refuses bad input with a reason and keeps every organisation to its own', async () => {
    for (const fields of [
      {},
      { campaign_id: 'x' },
      { campaign_id: campaignId, list_ids: 'a,b' },
      { campaign_id: campaignId, contact_ids: '[1,' },
      { campaign_id: campaignId, contact_ids: Array.from({ length: 1001 }, (_, i) => i + 1).join(',') },
    ]) {
      const answer = await post(t.app, demo, `${B}campaign_audience/`, fields);
      expect(answer.statusCode, JSON.stringify(fields)).toBe(400);
      expect(answer.json().message).toMatch(/\w/);
    }
    expect((await get(t.app, demo, `${B}campaign_audience/`, { campaign_id: 'nope' })).statusCode).toBe(400);
    const before = await audience();
    for (const fields of [
      { campaign_id: campaignId, list_ids: String(foreignListId) },
      { campaign_id: campaignId, contact_ids: String(foreignContactId) },
    ]) {
      expect((await post(t.app, demo, `${B}campaign_audience/`, fields)).statusCode).toBe(404);
      expect((await post(t.app, demo, `${B}campaign_recipients_count/`, fields)).statusCode).toBe(404);
    }
    expect(await audience()).toEqual(before);
    expect((await get(t.app, other, `${B}campaign_audience/`, { campaign_id: campaignId })).statusCode).toBe(
      404,
    );
    const theirs = await post(t.app, other, `${B}campaign_audience/`, { campaign_id: campaignId });
    expect(theirs.statusCode).toBe(404);
    expect(await audience()).toEqual(before);
  });
});
