import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AiVariant } from '../../../domain/aiEmailSchemas.ts';
import { OTHER_ORG_LOGIN } from '../../../server/seed/demoAccounts.ts';
import { createTestApp, type Session, signIn, type TestApp } from '../../helpers/testApp.ts';
import { get, post } from '../workflowTestKit.ts';
import { aiCounts, C, failure, ok, personalityList } from './aiTestKit.ts';

let t: TestApp;
let demo: Session;
let other: Session;
let campaignId: number;
let list: Awaited<ReturnType<typeof personalityList>>;

type Created = { generation_id: number; campaign_id: number; emails: AiVariant[] };

beforeAll(async () => {
  t = await createTestApp();
  demo = await signIn(t.app);
  other = await signIn(t.app, OTHER_ORG_LOGIN);
  campaignId = ok<{ campaign_id: number }>(
    await post(t.app, demo, `${C}create_campaign/`, { campaign_name: 'AI home' }),
  ).campaign_id;
  list = await personalityList(t, 'AI list', { Dominant: 3, Influencer: 2, Steady: 1, none: 2 });
});
afterAll(async () => {
  await t?.close();
});

const create = (fields: Record<string, string | number>, session = demo) =>
  post(t.app, session, `${C}create_ai_email/`, {
    email_name: 'Spring',
    campaign_id: campaignId,
    prompt: 'Our spring pricing update. Plans get cheaper for teams of five.',
    list_ids: list.listId,
    ai_id: randomUUID(),
    ...fields,
  });

describe('create_ai_email/ with the built-in composer', () => {
  it('segments the audience by personality in one variant each (none: Others), with codes, colours and sizes', async () => {
    const made = ok<Created>(await create({ personalities: '["D","I","S","O"]', email_name: 'Segmented' }));
    expect(made.campaign_id).toBe(campaignId);
    expect(made.emails.map((e) => [e.ai_type, e.ai_code, e.segment_size])).toEqual([
      ['Dominant', 'ADVA', 3],
      ['Influencer', 'AIVA', 2],
      ['Steady', 'ASVA', 1],
      ['Others', 'AOVA', 2],
    ]);
    expect(made.emails[0]?.ai_color).toBe('#b42318');
    expect(new Set(made.emails.map((e) => e.subject)).size).toBe(4);
    const got = ok<{ generation: { composer: string; composer_label: string; state: string } }>(
      await get(t.app, demo, `${C}get_ai_emails/`, { generation_id: made.generation_id }),
    );
    expect(got.generation).toMatchObject({
      composer: 'built-in',
      composer_label: 'Built-in composer, no language model configured',
      state: 'done',
    });
  });

  it('counts only the people a send reaches: the unsubscribed and bounced are in no segment', async () => {
    const mixed = await personalityList(t, 'AI reach list', { Dominant: 3, Steady: 2 });
    const db = t.database.db;
    await db
      .updateTable('contacts')
      .set({ status: 'Unsubscribed' })
      .where('id', '=', mixed.ids.Dominant?.[0] ?? 0)
      .execute();
    await db
      .updateTable('contacts')
      .set({ status: 'Hard Bounce' })
      .where('id', 'in', mixed.ids.Steady ?? [])
      .execute();
    const made = ok<Created>(
      await create({ personalities: '["D","S"]', email_name: 'Reached', list_ids: mixed.listId }),
    );
    expect(made.emails.map((e) => [e.ai_type, e.segment_size])).toEqual([['Dominant', 2]]);
  });

  it('writes only the personalities asked for that the audience has, and refuses an audience without them', async () => {
    const made = ok<Created>(await create({ personalities: 'DC', email_name: 'Only D' }));
    expect(made.emails.map((e) => e.ai_type)).toEqual(['Dominant']);
    expect(failure(await create({ personalities: 'C', email_name: 'None C' }))).toEqual({
      status: 400,
      message: 'Provide valid Audience for Audience segregation',
    });
  });

  it("refuses an empty audience with the spec's text, and bad input with 400 (never 500)", async () => {
    expect(failure(await create({ list_ids: '' }))).toEqual({
      status: 400,
      message: 'Provide valid Audience for AI Email creation',
    });
    const bads: Record<string, string>[] = [
      { prompt: '' },
      { personalities: 'XYZ' },
      { ai_id: 'short' },
      { campaign_id: 'abc' },
      { email_name: '' },
      { list_ids: '[1,' },
    ];
    for (const bad of bads) {
      const response = await create(bad);
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await create({ campaign_id: '' })).statusCode).toBe(400);
  });

  it('keeps another organisation out: its lists, contacts, campaigns and generations are 404', async () => {
    expect((await create({}, other)).statusCode).toBe(404);
    const made = ok<Created>(await create({ email_name: 'Mine' }));
    expect(
      (await get(t.app, other, `${C}get_ai_emails/`, { generation_id: made.generation_id })).statusCode,
    ).toBe(404);
    expect(
      (await post(t.app, other, `${C}review_ai_emails/`, { generation_id: made.generation_id })).statusCode,
    ).toBe(404);
    expect(
      (
        await post(t.app, other, `${C}regenerate_ai_email/`, {
          email_id: made.emails[0]?.email_id ?? 0,
          prompt: 'x',
        })
      ).statusCode,
    ).toBe(404);
  });

  it('answers the same generation for the same ai_id, and its progress', async () => {
    const aiId = randomUUID();
    const first = ok<Created>(await create({ ai_id: aiId, email_name: 'Once' }));
    const before = await aiCounts(t);
    const again = ok<Created>(await create({ ai_id: aiId, email_name: 'Once' }));
    expect(again.generation_id).toBe(first.generation_id);
    expect(await aiCounts(t)).toBe(before);
    expect(ok(await get(t.app, demo, `${C}ai_email_progress/`, { ai_id: aiId }))).toMatchObject({
      state: 'done',
      done: 4,
      total: 4,
      generation_id: first.generation_id,
    });
    expect((await get(t.app, other, `${C}ai_email_progress/`, { ai_id: aiId })).statusCode).toBe(404);
    expect((await post(t.app, demo, `${C}cancel_ai_email/`, { ai_id: aiId })).statusCode).toBe(400);
  });
});
