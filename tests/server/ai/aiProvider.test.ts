import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AiDraft } from '../../../domain/aiDraft.ts';
import type { AiVariant } from '../../../domain/aiEmailSchemas.ts';
import { composerLabelOf } from '../../../server/services/ai/aiComposerOf.ts';
import { createTestApp, type Session, signIn, type TestApp } from '../../helpers/testApp.ts';
import { get, post } from '../workflowTestKit.ts';
import { aiCounts, C, failure, ok, personalityList } from './aiTestKit.ts';

/**
 * create_ai_email/ against a local server speaking the Chat Completions protocol (as Ollama, llama.cpp's
 * server or vLLM do): its answer to each call is chosen by the test (calls run in parallel, so by count).
 */
type Reply = { status?: number; headers?: Record<string, string>; body?: string; hang?: boolean };
let answer: (call: number) => Reply = () => ({ status: 500 });
let received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
let server: http.Server;
let baseUrl = '';
const KEY = 'sk-test-secret-key-4242';

const draft = (personality: string): AiDraft => ({
  subject: `Model subject for ${personality}`,
  preheader: 'From the model',
  heading: 'Spring pricing',
  paragraphs: [`Written by the model for ${personality} readers.`, '<script>alert(1)</script>'],
  call_to_action: 'See the plans',
  include_articles: true,
});
const completion = (content: unknown) =>
  JSON.stringify({ choices: [{ finish_reason: 'stop', message: { role: 'assistant', content } }] });
/** A well-formed answer for the personality the call asks about (its system prompt names it). */
const good = (body: string): Reply => {
  const personality = /for (decisive|sociable|steady|careful|a general)/.exec(body)?.[1] ?? 'general';
  return { body: completion(JSON.stringify(draft(personality))) };
};

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      received.push({ headers: req.headers, body: raw });
      const reply = answer(received.length);
      if (reply.hang) return;
      const body = reply.body === 'GOOD' ? (good(raw).body as string) : (reply.body ?? '');
      res.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...reply.headers });
      res.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  received = [];
});

const modelEnv = (extra: Record<string, string> = {}) => ({
  AI_BASE_URL: baseUrl,
  AI_MODEL: 'test-model',
  AI_API_KEY: KEY,
  AI_RETRIES: '1',
  AI_BACKOFF_MS: '0',
  AI_TIMEOUT_MS: '1000',
  ...extra,
});

async function setUp(env: Record<string, string>) {
  const t = await createTestApp(env, { captureLog: true });
  const demo = await signIn(t.app);
  const campaignId = ok<{ campaign_id: number }>(
    await post(t.app, demo, `${C}create_campaign/`, { campaign_name: 'Model home' }),
  ).campaign_id;
  const list = await personalityList(t, 'Model list', { Dominant: 2, Conscientious: 1, none: 1 });
  return { t, demo, campaignId, list };
}

describe('create_ai_email/ through an OpenAI-compatible model', () => {
  let t: TestApp;
  let demo: Session;
  let campaignId: number;
  let list: Awaited<ReturnType<typeof personalityList>>;
  beforeAll(async () => {
    ({ t, demo, campaignId, list } = await setUp(modelEnv()));
  });
  afterAll(async () => {
    await t?.close();
  });

  const create = (name: string, aiId = randomUUID()) =>
    post(t.app, demo, `${C}create_ai_email/`, {
      email_name: name,
      campaign_id: campaignId,
      prompt: 'Spring pricing. Cheaper for teams.',
      list_ids: list.listId,
      ai_id: aiId,
    });

  it('writes each variant from a well-formed answer, the model named; only the prompt and articles leave, never people or the key in the log', async () => {
    answer = () => ({ body: 'GOOD' });
    const made = ok<{ generation_id: number; emails: AiVariant[] }>(await create('Model made'));
    expect(made.emails.map((e) => e.ai_type)).toEqual(['Dominant', 'Conscientious', 'Others']);
    expect(made.emails[0]?.subject).toBe('Model subject for decisive');
    const got = ok<{ generation: { composer: string; composer_label: string } }>(
      await get(t.app, demo, `${C}get_ai_emails/`, { generation_id: made.generation_id }),
    );
    expect(got.generation).toMatchObject({
      composer: 'model:test-model',
      composer_label: 'Written by test-model',
    });
    expect(received).toHaveLength(3);
    expect(received[0]?.headers.authorization).toBe(`Bearer ${KEY}`);
    const contacts = await t.database.db
      .selectFrom('contacts')
      .select(['email', 'first_name'])
      .where('id', 'in', Object.values(list.ids).flat())
      .execute();
    for (const call of received)
      for (const contact of contacts) expect(call.body).not.toContain(contact.email);
    const html = await t.database.db
      .selectFrom('email_versions')
      .select('html')
      .where('id', '=', made.emails[0]?.version_id ?? 0)
      .executeTakeFirstOrThrow();
    expect(html.html).not.toContain('<script>alert(1)</script>');
    expect(JSON.stringify(t.logLines())).not.toContain(KEY);
  });

  it('suggests personalities through the model, from job title, company and engagement only (never a name or address)', async () => {
    answer = () => ({
      body: completion(
        JSON.stringify({ personality_type: 'Conscientious', reason: 'The model read the title.' }),
      ),
    });
    const ids = Object.values(list.ids).flat().slice(0, 2);
    const suggested = ok<{ suggestions: { contact_id: number; personality_type: string; reason: string }[] }>(
      await post(t.app, demo, `${C}suggest_personality/`, { contact_ids: ids.join(',') }),
    );
    expect(suggested.suggestions.map((x) => [x.contact_id, x.personality_type, x.reason])).toEqual(
      [...ids].sort((a, b) => a - b).map((id) => [id, 'Conscientious', 'The model read the title.']),
    );
    expect(received).toHaveLength(2);
    const contacts = await t.database.db
      .selectFrom('contacts')
      .select(['email', 'first_name', 'last_name'])
      .where('id', 'in', ids)
      .execute();
    for (const call of received)
      for (const contact of contacts) {
        expect(call.body).not.toContain(contact.email);
        expect(call.body).not.toContain(contact.last_name);
      }
    // A model that keeps failing: the AI failure text, nothing suggested.
    answer = () => ({ status: 500 });
    const failed = await post(t.app, demo, `${C}suggest_personality/`, { contact_ids: String(ids[0]) });
    expect(failed.statusCode).toBe(502);
    expect(failed.json().message).toBe('AI_GENERATIVE_EMAIL_API Failed!!');
  });

  it('retries after a 429 (Retry-After) and succeeds', async () => {
    answer = (call) => (call === 1 ? { status: 429, headers: { 'retry-after': '0' } } : { body: 'GOOD' });
    const made = ok<{ emails: AiVariant[] }>(await create('After 429'));
    expect(made.emails).toHaveLength(3);
    expect(received.length).toBe(4);
  });

  const failures: [string, (call: number) => Reply][] = [
    ['malformed JSON', () => ({ body: '{"choices": [' })],
    ['a schema violation', () => ({ body: completion(JSON.stringify({ subject: 'Only a subject' })) })],
    ['a 5xx', () => ({ status: 503 })],
    ['a hang past the time-out', () => ({ hang: true })],
  ];
  for (const [what, reply] of failures)
    it(`answers 502 'AI_GENERATIVE_EMAIL_API Failed!!' after ${what}, and keeps no email of it`, async () => {
      // One variant's call fails (after its retry): the others' work is not kept either.
      answer = (call) => (call === 1 || call > 3 ? reply(call) : { body: 'GOOD' });
      const before = await aiCounts(t);
      const aiId = randomUUID();
      expect(failure(await create(`Failing ${what}`, aiId))).toEqual({
        status: 502,
        message: 'AI_GENERATIVE_EMAIL_API Failed!!',
      });
      expect(await aiCounts(t)).toBe(before);
      expect(ok(await get(t.app, demo, `${C}ai_email_progress/`, { ai_id: aiId }))).toMatchObject({
        state: 'failed',
        message: 'AI_GENERATIVE_EMAIL_API Failed!!',
      });
    });

  it('cancels while the model writes: the waiting call answers 409 and nothing is kept', async () => {
    answer = () => ({ hang: true });
    const before = await aiCounts(t);
    const aiId = randomUUID();
    const pending = create('Cancelled', aiId);
    await expect.poll(() => received.length, { timeout: 10_000 }).toBe(3);
    expect(ok(await get(t.app, demo, `${C}ai_email_progress/`, { ai_id: aiId }))).toMatchObject({
      state: 'running',
      done: 0,
      total: 3,
    });
    const cancelled = await post(t.app, demo, `${C}cancel_ai_email/`, { ai_id: aiId });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await pending).statusCode).toBe(409);
    expect(await aiCounts(t)).toBe(before);
    expect(ok(await get(t.app, demo, `${C}ai_email_progress/`, { ai_id: aiId }))).toMatchObject({
      state: 'cancelled',
    });
  });
});

describe('the time limit of a generation', () => {
  it("gives up past it: 504 'AI Emails Creation Unsuccessful!!', nothing kept", async () => {
    const { t, demo, campaignId, list } = await setUp(
      modelEnv({ AI_GENERATION_TIMEOUT_MS: '1000', AI_TIMEOUT_MS: '60000' }),
    );
    try {
      answer = () => ({ hang: true });
      const before = await aiCounts(t);
      const response = await post(t.app, demo, `${C}create_ai_email/`, {
        email_name: 'Too slow',
        campaign_id: campaignId,
        prompt: 'Spring pricing.',
        list_ids: list.listId,
        ai_id: randomUUID(),
      });
      expect(failure(response)).toEqual({ status: 504, message: 'AI Emails Creation Unsuccessful!!' });
      expect(await aiCounts(t)).toBe(before);
    } finally {
      await t.close();
    }
  });
});
