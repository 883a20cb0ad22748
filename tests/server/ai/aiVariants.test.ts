import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AiVariant } from '../../../domain/aiEmailSchemas.ts';
import type { CampaignEmail } from '../../../domain/campaigns.ts';
import { OTHER_ORG_LOGIN } from '../../../server/seed/demoAccounts.ts';
import { createTestApp, type Session, signIn, type TestApp } from '../../helpers/testApp.ts';
import { get, post } from '../workflowTestKit.ts';
import { aiCounts, C, failure, ok, personalityList } from './aiTestKit.ts';

let t: TestApp;
let demo: Session;
let other: Session;
let campaignId: number;
let list: Awaited<ReturnType<typeof personalityList>>;

type Made = { generation_id: number; campaign_id: number; emails: AiVariant[] };
type Got = { generation: { name: string; reviewed: unknown; campaign_id: number }; emails: AiVariant[] };

beforeAll(async () => {
  t = await createTestApp();
  demo = await signIn(t.app);
  other = await signIn(t.app, OTHER_ORG_LOGIN);
  campaignId = ok<{ campaign_id: number }>(
    await post(t.app, demo, `${C}create_campaign/`, { campaign_name: 'Variants home' }),
  ).campaign_id;
  list = await personalityList(t, 'Variant list', { Dominant: 2, Conscientious: 2, Steady: 1 });
});
afterAll(async () => {
  await t?.close();
});

async function generation(name: string, personalities = 'DCS'): Promise<Made> {
  return ok<Made>(
    await post(t.app, demo, `${C}create_ai_email/`, {
      email_name: name,
      campaign_id: campaignId,
      prompt: 'Quarterly product news. Three launches and a price change.',
      list_ids: list.listId,
      personalities,
      ai_id: randomUUID(),
    }),
  );
}

const editionOf = (versionId: number) =>
  t.database.db
    .selectFrom('email_versions')
    .select(['design', 'html', 'subject', 'status'])
    .where('id', '=', versionId)
    .executeTakeFirstOrThrow();

describe('the variants of an AI email', () => {
  it('are designer documents that differ per personality and carry the articles', async () => {
    const made = await generation('Articles');
    const articles = await t.database.db
      .selectFrom('edition_articles as ea')
      .innerJoin('articles as a', 'a.id', 'ea.article_id')
      .select(['ea.version_id', 'a.title'])
      .where(
        'ea.version_id',
        'in',
        made.emails.map((e) => e.version_id),
      )
      .execute();
    expect(articles.length).toBeGreaterThan(0);
    const htmls = await Promise.all(made.emails.map((e) => editionOf(e.version_id)));
    expect(new Set(htmls.map((h) => h.html)).size).toBe(3);
    for (const [i, variant] of made.emails.entries()) {
      const own = articles.filter((a) => a.version_id === variant.version_id);
      expect(own.length).toBeGreaterThan(0);
      for (const article of own) expect(htmls[i]?.html).toContain(article.title.slice(0, 20));
      expect(htmls[i]?.subject).toBe(variant.subject);
    }
  });

  it('show in the email lists with generation_id, ai_type and ai_color', async () => {
    const made = await generation('Listed', 'D');
    const details = ok<{ emails: { all: CampaignEmail[] } }>(
      await get(t.app, demo, `${C}campaign_details/${campaignId}/`),
    );
    const listed = details.emails.all.find((e) => e.email_id === made.emails[0]?.email_id);
    expect(listed).toMatchObject({
      generation_id: made.generation_id,
      ai_type: 'Dominant',
      ai_color: '#b42318',
      email_type: 2,
    });
    const plain = details.emails.all.find((e) => e.generation_id === null);
    expect(plain === undefined || plain.ai_type === null).toBe(true);
  });

  it('are marked reviewed and visited; the generation reads reviewed once all are', async () => {
    const made = await generation('Review');
    const [first, ...rest] = made.emails;
    let got = ok<Got>(
      await post(t.app, demo, `${C}review_ai_emails/`, {
        generation_id: made.generation_id,
        email_id: first?.email_id ?? 0,
        is_reviewed: 1,
        last_visited: 1,
      }),
    );
    expect(got.emails[0]).toMatchObject({ is_reviewed: true });
    expect(got.emails[0]?.last_visited).not.toBeNull();
    expect(got.generation.reviewed).toBeNull();
    got = ok<Got>(
      await post(t.app, demo, `${C}review_ai_emails/`, {
        generation_id: made.generation_id,
        email_id: rest.map((e) => e.email_id).join(','),
        is_reviewed: 1,
      }),
    );
    expect(got.generation.reviewed).not.toBeNull();
    const foreign = await post(t.app, demo, `${C}review_ai_emails/`, {
      generation_id: made.generation_id,
      email_id: 999999,
      is_reviewed: 1,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('are written again from a new prompt (the chosen ones only), kept as a new save of the same edition', async () => {
    const made = await generation('Regen');
    const [first, second] = made.emails;
    const before = await editionOf(second?.version_id ?? 0);
    const again = ok<{ emails: AiVariant[] }>(
      await post(t.app, demo, `${C}regenerate_ai_email/`, {
        email_id: first?.email_id ?? 0,
        prompt: 'A webinar invitation. Thursday at noon.',
        event_type: 'regenerate',
      }),
    );
    expect(again.emails.map((e) => [e.email_id, e.version_id])).toEqual([
      [first?.email_id, first?.version_id],
    ]);
    expect(again.emails[0]?.subject).toMatch(/webinar invitation/i);
    expect((await editionOf(second?.version_id ?? 0)).html).toBe(before.html);
    const record = await t.database.db
      .selectFrom('ai_generation')
      .select('outputs')
      .where('id', '=', made.generation_id)
      .executeTakeFirstOrThrow();
    const outputs = record.outputs as { kind: string; request: { prompt: string } }[];
    expect(outputs.at(-1)).toMatchObject({
      kind: 'regenerate',
      request: { prompt: 'A webinar invitation. Thursday at noon.' },
    });
    // Variants of two generations, none, or someone else's: refused.
    const otherGen = await generation('Regen two', 'D');
    expect(
      (
        await post(t.app, demo, `${C}regenerate_ai_email/`, {
          email_id: `${first?.email_id},${otherGen.emails[0]?.email_id}`,
          prompt: 'x',
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await post(t.app, demo, `${C}regenerate_ai_email/`, { email_id: '', prompt: 'x' })).statusCode,
    ).toBe(400);
    expect(
      (await post(t.app, other, `${C}regenerate_ai_email/`, { email_id: first?.email_id ?? 0, prompt: 'x' }))
        .statusCode,
    ).toBe(404);
  });

  it('detect a personality the audience has gained, and say when there is none', async () => {
    const made = await generation('Detect', 'DS');
    expect(
      ok(await post(t.app, demo, `${C}detect_new_personality/`, { generation_id: made.generation_id })),
    ).toEqual({
      personalities: [
        { ai_type: 'Conscientious', letter: 'C', ai_code: 'ACVA', ai_color: '#1d4ed8', segment_size: 2 },
      ],
    });
    expect(
      failure(
        await post(t.app, demo, `${C}detect_new_personality/`, {
          generation_id: made.generation_id,
          personalities: 'C',
        }),
      ),
    ).toEqual({ status: 400, message: 'No new personality found!' });
    expect(
      failure(
        await post(t.app, demo, `${C}detect_new_personality/`, {
          generation_id: made.generation_id,
          contact_ids: (list.ids.Dominant ?? []).join(','),
        }),
      ),
    ).toEqual({ status: 400, message: 'No new personality found!' });
    expect(
      (await post(t.app, other, `${C}detect_new_personality/`, { generation_id: made.generation_id }))
        .statusCode,
    ).toBe(404);
  });

  it('change template together, clone, rename and delete as one AI email', async () => {
    const made = await generation('Whole');
    const template = await t.database.db
      .selectFrom('email_templates')
      .select('id')
      .where('org_id', 'is', null)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const relaid = ok<Got>(
      await post(t.app, demo, `${C}change_ai_email_template/`, {
        generation_id: made.generation_id,
        template_id: template.id,
      }),
    );
    expect(relaid.emails).toHaveLength(3);
    expect(
      (
        await post(t.app, demo, `${C}change_ai_email_template/`, {
          generation_id: made.generation_id,
          template_id: 999999,
        })
      ).statusCode,
    ).toBe(404);

    const before = await aiCounts(t);
    const cloned = ok<{ generation_id: number }>(
      await post(t.app, demo, `${C}clone_ai_email/`, {
        generation_id: made.generation_id,
        version_name: 'Whole again',
      }),
    );
    expect(await aiCounts(t)).toBe(before + 3);
    const copy = ok<Got>(
      await get(t.app, demo, `${C}get_ai_emails/`, { generation_id: cloned.generation_id }),
    );
    expect(copy.generation.name).toBe('Whole again');
    expect(copy.emails.map((e) => e.email_name)).toEqual([
      'Whole again · Dominant',
      'Whole again · Steady',
      'Whole again · Conscientious',
    ]);

    const renamed = await post(t.app, demo, `${C}update_email/`, {
      generation_id: cloned.generation_id,
      email_name: 'Renamed',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const after = ok<Got>(
      await get(t.app, demo, `${C}get_ai_emails/`, { generation_id: cloned.generation_id }),
    );
    expect(after.generation.name).toBe('Renamed');
    expect(after.emails.map((e) => e.email_name)).toContain('Renamed · Steady');
    expect(
      (
        await post(t.app, other, `${C}update_email/`, {
          generation_id: cloned.generation_id,
          email_name: 'X',
        })
      ).statusCode,
    ).toBe(404);
    expect((await post(t.app, demo, `${C}update_email/`, { email_name: 'X' })).statusCode).toBe(400);

    const deleted = await post(t.app, demo, `${C}delete_email/`, { generation_id: cloned.generation_id });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await aiCounts(t)).toBe(before);
    expect(
      (await get(t.app, demo, `${C}get_ai_emails/`, { generation_id: cloned.generation_id })).statusCode,
    ).toBe(404);
  });
});

describe('suggest_personality/', () => {
  it('suggests from the job title, then engagement, else Steady; another organisation’s contact is a 404', async () => {
    const db = t.database.db;
    const base = {
      org_id: 1,
      first_name: 'S',
      last_name: 'T',
      account_id: null,
      phone_number: null,
      industry: null,
      personality_type: null,
      personality: 'N/A',
      buyer_stage: 'Awareness',
      linkedin_url: null,
      twitter_url: null,
      status: 'Subscribed' as const,
    };
    const rows = await db
      .insertInto('contacts')
      .values([
        { ...base, email: 's1@suggest.test', designation: 'Chief Executive Officer', engagement_score: 0 },
        { ...base, email: 's2@suggest.test', designation: 'Data Analyst', engagement_score: 0 },
        { ...base, email: 's3@suggest.test', designation: null, engagement_score: 90 },
        { ...base, email: 's4@suggest.test', designation: null, engagement_score: 5 },
      ])
      .returning('id')
      .execute();
    const answer = ok<{ suggestions: { contact_id: number; personality_type: string; reason: string }[] }>(
      await post(t.app, demo, `${C}suggest_personality/`, { contact_ids: rows.map((r) => r.id).join(',') }),
    );
    expect(answer.suggestions.map((s) => s.personality_type)).toEqual([
      'Dominant',
      'Conscientious',
      'Influencer',
      'Steady',
    ]);
    expect(answer.suggestions[0]?.reason).toContain('Chief Executive Officer');
    expect(
      (await post(t.app, other, `${C}suggest_personality/`, { contact_ids: rows[0]?.id ?? 0 })).statusCode,
    ).toBe(404);
    expect((await post(t.app, demo, `${C}suggest_personality/`, { contact_ids: '' })).statusCode).toBe(400);
    expect((await post(t.app, demo, `${C}suggest_personality/`, { contact_ids: 'a,b' })).statusCode).toBe(
      400,
    );
  });
});
