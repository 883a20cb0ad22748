import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecommendedPeoplePage } from '../../../domain/recommendedPeople.ts';
import { OTHER_ORG_LOGIN } from '../../../server/seed/demoAccounts.ts';
import { createTestApp, type Session, signIn, type TestApp } from '../../helpers/testApp.ts';
import { createTestUser } from '../../helpers/testUsers.ts';
import { get, post } from '../workflowTestKit.ts';

/**
 * Recommended people (engagement and fit, docs/audiences.md) and adding people chosen by whole groups
 * (recommended, searched, dynamic) with their exclusions, in an organisation of the test's own.
 */
const A = '/api/audience/';
const DAY = 24 * 60 * 60 * 1000;
const ME = { email: 'recommender@example.com', password: 'granite willow parcel 64' };
let t: TestApp;
let me: Session;
let other: Session;
let orgId: number;
let listId: number;
let emailId: number;
const ids: Record<string, number> = {};

type Person = {
  key: string;
  industry: string | null;
  designation: string | null;
  score: number;
  status?: 'Subscribed' | 'Unsubscribed';
  /** Days ago of an open and a click, per email. */
  activity?: { opened?: number; clicked?: number }[];
  member?: boolean;
};
const PEOPLE: Person[] = [
  { key: 'm1', industry: 'Retail', designation: 'CTO', score: 99, member: true },
  { key: 'm2', industry: 'Retail', designation: 'CTO', score: 5, member: true },
  { key: 'm3', industry: 'Banking', designation: 'CFO', score: 5, member: true },
  { key: 'engagedRetail', industry: 'Retail', designation: null, score: 80 },
  {
    key: 'recentClicker',
    industry: 'Retail',
    designation: null,
    score: 10,
    activity: [
      { opened: 3, clicked: 3 },
      { opened: 10, clicked: 10 },
    ],
  },
  { key: 'quietRetail', industry: 'Retail', designation: null, score: 10 },
  { key: 'roleFit', industry: 'Mining', designation: 'Cto', score: 90 },
  { key: 'noFit', industry: 'Mining', designation: 'Painter', score: 95 },
  { key: 'unsubscribed', industry: 'Retail', designation: 'CTO', score: 99, status: 'Unsubscribed' },
  {
    key: 'oldClicker',
    industry: 'Retail',
    designation: null,
    score: 10,
    activity: [{ opened: 200, clicked: 200 }],
  },
];

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const user = await createTestUser(db, { ...ME, first_name: 'Rhea', last_name: 'Recommender' });
  orgId = user.orgId;
  me = await signIn(t.app, ME);
  other = await signIn(t.app, OTHER_ORG_LOGIN);
  const list = await db
    .insertInto('contact_lists')
    .values({ org_id: orgId, user_id: user.id, name: 'Retail leaders', is_active: true })
    .returning('id')
    .executeTakeFirstOrThrow();
  listId = list.id;
  const newEmail = async (name: string) =>
    (
      await db
        .insertInto('emails')
        .values({
          org_id: orgId,
          user_id: user.id,
          campaign_id: null,
          name,
          subject: 'Hello',
          email_type: 1,
          design_ready: true,
          sent_from: 'rhea@example.com',
          sender_name: 'Rhea',
          thumbnail: null,
          email_platform: 'workbench',
          html: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  emailId = await newEmail('Recommendation email');
  let eventId = 1;
  for (const p of PEOPLE) {
    const row = await db
      .insertInto('contacts')
      .values({
        org_id: orgId,
        account_id: null,
        first_name: p.key,
        last_name: 'Person',
        email: `${p.key.toLowerCase()}@example.com`,
        designation: p.designation,
        phone_number: null,
        industry: p.industry,
        personality_type: null,
        personality: 'N/A',
        buyer_stage: 'Awareness',
        status: p.status ?? 'Subscribed',
        engagement_score: p.score,
        linkedin_url: null,
        twitter_url: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids[p.key] = row.id;
    if (p.member)
      await db.insertInto('list_contacts').values({ list_id: listId, contact_id: row.id }).execute();
    for (const [n, a] of (p.activity ?? []).entries()) {
      const mail = n === 0 ? emailId : await newEmail(`Another ${p.key} ${n}`);
      const at = (days?: number) => (days === undefined ? null : new Date(Date.now() - days * DAY));
      await db
        .insertInto('analytics_contact_email')
        .values({
          org_id: orgId,
          contact_id: row.id,
          email_id: mail,
          is_test: false,
          last_event_id: eventId++,
          last_event_at: at(Math.min(a.opened ?? 999, a.clicked ?? 999)) ?? new Date(),
          opened: a.opened === undefined ? 0 : 1,
          clicked: a.clicked === undefined ? 0 : 1,
          first_open_at: at(a.opened),
          first_click_at: at(a.clicked),
        })
        .execute();
    }
  }
});
afterAll(async () => {
  await t?.close();
});

const recommended = async (query: Record<string, string | number>, session = me) => {
  const answer = await get(t.app, session, `${A}recommended_people/`, query);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as RecommendedPeoplePage & { success: true };
};
const keysOf = (page: RecommendedPeoplePage) =>
  page.data.map((person) => Object.keys(ids).find((key) => ids[key] === person.contact_id));

describe('recommended_people/', () => {
  it('for a list: engaged people who fit its industries or roles, best first, with why; never its members, the unsubscribed or the long quiet', async () => {
    const page = await recommended({ list_id: listId, limit: 50 });
    expect(page.fit).toEqual({ industries: ['Retail', 'Banking'], designations: ['CTO', 'CFO'] });
    // roleFit 90 + 25; engagedRetail 80 + 25; recentClicker 10 + 2 opens * 5 + 2 clicks * 10 + 25.
    expect(keysOf(page)).toEqual(['roleFit', 'engagedRetail', 'recentClicker']);
    expect(page.total_count).toBe(3);
    expect(page.data.map((p) => p.recommendation.score)).toEqual([115, 105, 65]);
    expect(page.data[2]?.recommendation).toMatchObject({
      recent_opens: 2,
      recent_clicks: 2,
      reasons: ['recent_clicks', 'recent_opens', 'industry'],
    });
    expect(page.data[0]?.recommendation.reasons).toEqual(['engaged', 'designation']);
    const second = await recommended({ list_id: listId, limit: 1, offset: 1 });
    expect(keysOf(second)).toEqual(['engagedRetail']);
    expect(second.total_count).toBe(3);
  });

  it('without a list: by engagement alone', async () => {
    const page = await recommended({ limit: 50 });
    expect(page.fit).toEqual({ industries: [], designations: [] });
    expect(keysOf(page)).toEqual(['m1', 'noFit', 'roleFit', 'engagedRetail', 'recentClicker']);
  });

  it('refuses bad input and foreign lists', async () => {
    for (const query of [{ list_id: 'x' }, { limit: 0 }, { limit: 101 }, { offset: -1 }]) {
      expect((await get(t.app, me, `${A}recommended_people/`, query)).statusCode, JSON.stringify(query)).toBe(
        400,
      );
    }
    expect((await get(t.app, other, `${A}recommended_people/`, { list_id: listId })).statusCode).toBe(404);
  });
});

describe('add_picks_to_list/', () => {
  const members = async () =>
    (
      await t.database.db
        .selectFrom('list_contacts')
        .select('contact_id')
        .where('list_id', '=', listId)
        .execute()
    ).map((row) => Object.keys(ids).find((key) => ids[key] === row.contact_id));

  it('adds the recommended group whole but its exclusions, plus people ticked one by one', async () => {
    const picks = {
      contact_ids: [ids.quietRetail],
      groups: [{ kind: 'recommended', excluded_ids: [ids.engagedRetail] }],
    };
    const answer = await post(t.app, me, `${A}add_picks_to_list/`, {
      list_id: listId,
      picks: JSON.stringify(picks),
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().added_count).toBe(3);
    expect((await members()).sort()).toEqual(
      ['m1', 'm2', 'm3', 'quietRetail', 'recentClicker', 'roleFit'].sort(),
    );
  });

  it('adds a searched group and a dynamic group whole, each with its exclusions; again adds nobody twice', async () => {
    const picks = {
      groups: [
        { kind: 'search', term: 'noFit', excluded_ids: [] },
        { kind: 'dynamic', category: 'industry', value: 'Retail', excluded_ids: [ids.oldClicker] },
      ],
    };
    const body = { list_id: listId, picks: JSON.stringify(picks) };
    const answer = await post(t.app, me, `${A}add_picks_to_list/`, body);
    expect(answer.statusCode, answer.body).toBe(200);
    // noFit by the search; engagedRetail and unsubscribed by the industry (a list may hold anyone; a send leaves the unsubscribed out).
    expect(answer.json().added_count).toBe(3);
    expect(await members()).toEqual(expect.arrayContaining(['noFit', 'engagedRetail', 'unsubscribed']));
    expect(await members()).not.toContain('oldClicker');
    const again = await post(t.app, me, `${A}add_picks_to_list/`, body);
    expect(again.json().added_count).toBe(0);
  });

  it('refuses nothing chosen, malformed picks and foreign lists or people (400/404, never 500)', async () => {
    const bad = [
      { list_id: listId, picks: '{}' },
      { list_id: listId, picks: '{"contact_ids":[], "groups":[]}' },
      { list_id: listId, picks: 'not json' },
      { list_id: listId, picks: '{"groups":[{"kind":"search"}]}' },
      { list_id: listId, picks: '{"groups":[{"kind":"dynamic","category":"status","value":"x"}]}' },
      { list_id: listId, picks: '{"groups":[{"kind":"everyone"}]}' },
      { list_id: listId, picks: '{"contact_ids":["a"]}' },
      { list_id: 'x', picks: '{"contact_ids":[1]}' },
      { list_id: listId },
    ];
    for (const body of bad) {
      const answer = await post(t.app, me, `${A}add_picks_to_list/`, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json().message).toMatch(/\w/);
    }
    const foreign = await post(t.app, other, `${A}add_picks_to_list/`, {
      list_id: listId,
      picks: JSON.stringify({ groups: [{ kind: 'recommended' }] }),
    });
    expect(foreign.statusCode).toBe(404);
    // Another organisation's contact ids add nobody.
    const before = await members();
    const theirs = await t.database.db
      .selectFrom('contacts')
      .select('id')
      .where('org_id', '<>', orgId)
      .limit(3)
      .execute();
    const answer = await post(t.app, me, `${A}add_picks_to_list/`, {
      list_id: listId,
      picks: JSON.stringify({ contact_ids: theirs.map((c) => c.id) }),
    });
    expect(answer.json().added_count).toBe(0);
    expect(await members()).toEqual(before);
  });
});
