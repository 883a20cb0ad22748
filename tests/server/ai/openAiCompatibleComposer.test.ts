import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AiDraft, AiDraftRequest } from '../../../domain/aiDraft.ts';
import { AI_API_FAILED, AiComposerError } from '../../../server/services/ai/AiComposer.ts';
import { openAiCompatibleComposer } from '../../../server/services/ai/openAiCompatibleComposer.ts';

/**
 * A local server that speaks the Chat Completions protocol, as Ollama, llama.cpp's server or vLLM do: each
 * test queues the answers it gives, and the requests it received are kept.
 */
type Reply = { status?: number; headers?: Record<string, string>; body?: string; hang?: boolean };
let replies: Reply[] = [];
let received: { headers: http.IncomingHttpHeaders; body: Record<string, unknown> }[] = [];
let server: http.Server;
let baseUrl = '';

const draft: AiDraft = {
  subject: 'Spring pricing',
  preheader: 'Cheaper for teams',
  heading: 'Spring pricing',
  paragraphs: ['Plans get cheaper for teams of five or more.'],
  call_to_action: 'See the plans',
  include_articles: true,
};
const completion = (content: unknown, finish = 'stop') =>
  JSON.stringify({ choices: [{ finish_reason: finish, message: { role: 'assistant', content } }] });

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      received.push({ headers: req.headers, body: JSON.parse(raw) });
      const reply = replies.shift() ?? { status: 500 };
      if (reply.hang) return;
      res.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...reply.headers });
      res.end(reply.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  replies = [];
  received = [];
});

const request: AiDraftRequest = {
  prompt: 'Our spring pricing update.',
  personality: 'Dominant',
  audienceCount: 3,
  organisationName: 'Northwind',
  articles: [{ title: 'Pricing that grows with you', summary: 'What changes.' }],
};

function composer(over: Partial<Parameters<typeof openAiCompatibleComposer>[0]> = {}) {
  const waits: number[] = [];
  const made = openAiCompatibleComposer({
    baseUrl,
    apiKey: 'sk-test-secret',
    model: 'llama3.1',
    timeoutMs: 2_000,
    maxTokens: 800,
    retries: 2,
    backoffMs: 100,
    sleep: async (ms) => {
      waits.push(ms);
    },
    ...over,
  });
  return { made, waits };
}

describe('a composer over an OpenAI-compatible endpoint', () => {
  it('asks for structured output in the draft schema, within the token budget, with the key as a bearer token', async () => {
    replies = [{ body: completion(JSON.stringify(draft)) }];
    const { made } = composer();
    expect(await made.compose(request)).toEqual(draft);
    expect(made.label).toBe('Written by llama3.1');
    const [call] = received;
    expect(call?.headers.authorization).toBe('Bearer sk-test-secret');
    expect(call?.body).toMatchObject({
      model: 'llama3.1',
      max_tokens: 800,
      response_format: { type: 'json_schema', json_schema: { name: 'email_draft', strict: true } },
    });
    const messages = call?.body.messages as { role: string; content: string }[];
    expect(messages[0]?.content).toMatch(/decisive readers/);
    expect(messages[1]?.content).toContain('Pricing that grows with you');
  });

  it('after a 429 waits what Retry-After says, after a 5xx backs off doubling, then succeeds', async () => {
    replies = [
      { status: 429, headers: { 'retry-after': '3' } },
      { status: 503 },
      { body: completion(JSON.stringify(draft)) },
    ];
    const { made, waits } = composer();
    expect(await made.compose(request)).toEqual(draft);
    expect(waits).toEqual([3000, 200]);
    expect(received).toHaveLength(3);
  });

  it('fails with the spec’s text when the retries run out, and does not retry a 400 or a spent token budget', async () => {
    replies = [{ status: 500 }, { status: 502 }, { status: 500 }];
    const first = composer();
    const error = await first.made.compose(request).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AiComposerError);
    expect((error as AiComposerError).userMessage).toBe(AI_API_FAILED);
    expect(received).toHaveLength(3);

    received = [];
    replies = [{ status: 400, body: '{"error":"bad model"}' }];
    await expect(composer().made.compose(request)).rejects.toThrow(AI_API_FAILED);
    expect(received).toHaveLength(1);

    received = [];
    replies = [{ body: completion('{"subject":"cut', 'length') }];
    await expect(composer().made.compose(request)).rejects.toThrow(AI_API_FAILED);
    expect(received).toHaveLength(1);
  });

  it('never takes an answer of the wrong shape: not JSON, fields missing, or too long, asked again then refused', async () => {
    replies = [
      { body: 'not json at all' },
      { body: completion('<p>Hello</p>') },
      { body: completion(JSON.stringify({ ...draft, subject: 'x'.repeat(500) })) },
    ];
    await expect(composer().made.compose(request)).rejects.toThrow(AI_API_FAILED);
    expect(received).toHaveLength(3);
    // A draft fenced in Markdown, as small local models answer, is read.
    replies = [{ body: completion(`\`\`\`json\n${JSON.stringify(draft)}\n\`\`\``) }];
    expect(await composer().made.compose(request)).toEqual(draft);
  });

  it('gives up on an endpoint that does not answer in time, and refuses an oversized answer unread', async () => {
    replies = [{ hang: true }];
    await expect(composer({ timeoutMs: 200, retries: 0 }).made.compose(request)).rejects.toThrow(
      AI_API_FAILED,
    );
    replies = [{ body: completion('x'.repeat(10_000)) }];
    await expect(composer({ maxAnswerBytes: 1_000, retries: 0 }).made.compose(request)).rejects.toThrow(
      AI_API_FAILED,
    );
  });

  it('sends no authorization header without a key (local servers)', async () => {
    replies = [{ body: completion(JSON.stringify(draft)) }];
    await composer({ apiKey: undefined }).made.compose(request);
    expect(received[0]?.headers.authorization).toBeUndefined();
  });

  it('suggests a personality from the job title, company and engagement only, in the structured shape asked', async () => {
    replies = [
      { body: completion(JSON.stringify({ personality_type: 'Wizard', reason: 'x' })) },
      {
        body: completion(JSON.stringify({ personality_type: 'Conscientious', reason: 'An analyst title.' })),
      },
    ];
    const facts = { title: 'Senior Data Analyst', company: 'Harbor Lane', engagementScore: 12 };
    expect(await composer().made.suggest(facts)).toEqual({
      personality_type: 'Conscientious',
      reason: 'An analyst title.',
    });
    // An answer outside the five types is asked again.
    expect(received).toHaveLength(2);
    const asked = JSON.stringify(received[0]?.body);
    expect(asked).toContain('Senior Data Analyst');
    expect(asked).toContain('Harbor Lane');
    expect(asked).toContain('personality_suggestion');
    // A model that keeps failing gives the AI failure text; nothing is suggested.
    replies = [{ status: 500 }, { status: 500 }, { status: 500 }];
    await expect(composer().made.suggest(facts)).rejects.toThrow(AI_API_FAILED);
  });
});
