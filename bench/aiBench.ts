/**
 * `npm run bench:ai`: an AI email for a large audience, against a local OpenAI-compatible server.
 *
 * 1. PGlite in a temporary folder on disk (like `npm start`), migrated and seeded; BENCH_AI_RECIPIENTS
 *    (default 10,000) contacts of the demo organisation on one list, spread over the five personalities
 *    (a fifth with none: Others).
 * 2. A local server speaking the Chat Completions protocol answers every call with a valid draft after a
 *    fixed BENCH_AI_ANSWER_MS (default 200 ms), as a model would.
 * 3. The app in this process (AI_BASE_URL at that server), signed in as the demo user: create_ai_email/ for
 *    the list with all five personalities, BENCH_AI_RUNS times (default 3): from the call to its answer
 *    (segmentation in one query, the five variants written in parallel, kept at once); target <= 2000 ms
 *    (the median).
 * 4. The built-in composer writing the five variants, 200 times: target <= 50 ms (the slowest).
 *
 * Prints the figures, then one JSON object as the last line. Exit code 0 when the bench ran (--strict: 1
 * when a target is missed), 1 when it could not run.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import { register } from 'node:module';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { AI_PERSONALITIES } from '../domain/aiPersonalities.ts';
import { loadConfig } from '../server/config.ts';
import { prepareDatabase } from '../server/db/prepareDatabase.ts';
import { DEMO_LOGIN } from '../server/seed/demoAccounts.ts';
import { DEMO_IDS } from '../server/seed/demoIds.ts';
import { composeBuiltIn } from '../server/services/ai/builtInComposer.ts';
import { round, runBench } from './benchServer.ts';

register(
  'data:text/javascript,export async function load(url, context, next) { if (url.endsWith(".css")) return { format: "module", source: "", shortCircuit: true }; return next(url, context); }',
);

const RECIPIENTS = Number(process.env.BENCH_AI_RECIPIENTS || 10_000);
const ANSWER_MS = Number(process.env.BENCH_AI_ANSWER_MS || 200);
const RUNS = Number(process.env.BENCH_AI_RUNS || 3);
const TARGET = { generationMs: 2000, builtInMs: 50 };

type Session = { cookie: string; csrf: string };

async function signIn(app: FastifyInstance): Promise<Session> {
  const response = await app.inject({ method: 'POST', url: '/api/auth/login/', payload: DEMO_LOGIN });
  const cookie = response.cookies.find((c) => c.name === 'wb_session');
  if (response.statusCode !== 200 || !cookie) throw new Error(`sign-in answered ${response.statusCode}`);
  return { cookie: `wb_session=${cookie.value}`, csrf: response.json().csrf_token };
}

/** A form POST as the workbench sends it (cookie, CSRF header). */
function form(
  app: FastifyInstance,
  _method: 'POST',
  url: string,
  fields: Record<string, string>,
  session: Session,
) {
  return app.inject({
    method: 'POST',
    url,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      cookie: session.cookie,
      'x-csrftoken': session.csrf,
    },
    payload: new URLSearchParams(fields).toString(),
  });
}

/** The local model: a valid draft after ANSWER_MS, for every call. */
async function startModel(): Promise<{ url: string; calls: () => number; close: () => Promise<void> }> {
  let calls = 0;
  const draft = {
    subject: 'Spring pricing',
    preheader: 'Cheaper for teams',
    heading: 'Spring pricing',
    paragraphs: ['Plans get cheaper for teams of five or more.'],
    call_to_action: 'See the plans',
    include_articles: true,
  };
  const body = JSON.stringify({
    choices: [{ finish_reason: 'stop', message: { role: 'assistant', content: JSON.stringify(draft) } }],
  });
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      calls += 1;
      setTimeout(() => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(body);
      }, ANSWER_MS);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    calls: () => calls,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function builtInFigure(): number {
  const articles = [
    { title: 'Pricing that grows with you', summary: 'What changes on 1 April.' },
    { title: 'Teams of five', summary: 'Why the threshold is five.' },
  ];
  let slowest = 0;
  for (let run = 0; run < 200; run += 1) {
    const start = performance.now();
    for (const personality of AI_PERSONALITIES)
      composeBuiltIn({
        prompt: `Our spring pricing update ${run}. Plans get cheaper for teams of five or more.`,
        personality: personality.type,
        audienceCount: RECIPIENTS / 5,
        organisationName: 'Northwind',
        articles,
      });
    slowest = Math.max(slowest, performance.now() - start);
  }
  return round(slowest, 2);
}

async function main(): Promise<number> {
  const strict = process.argv.includes('--strict');
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-ai-'));
  const model = await startModel();
  const { database } = await prepareDatabase({ dataDir: folder });
  const config = loadConfig({
    ...process.env,
    DATA_DIR: folder,
    LOG_LEVEL: 'silent',
    AI_BASE_URL: model.url,
    AI_MODEL: 'bench-model',
    AI_RETRIES: '0',
    DELIVERY_WORKER: 'false',
  } as NodeJS.ProcessEnv);
  const { buildApp } = await import('../server/app.ts');
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  try {
    const db = database.db;
    const list = await db
      .insertInto('contact_lists')
      .values({ org_id: DEMO_IDS.mainOrgId, user_id: DEMO_IDS.demoUserId, name: 'AI bench', is_active: true })
      .returning('id')
      .executeTakeFirstOrThrow();
    const types = [...AI_PERSONALITIES.slice(0, 4).map((p) => p.type), null];
    for (let from = 0; from < RECIPIENTS; from += 1000) {
      const rows = await db
        .insertInto('contacts')
        .values(
          Array.from({ length: Math.min(1000, RECIPIENTS - from) }, (_, i) => ({
            org_id: DEMO_IDS.mainOrgId,
            email: `ai-bench-${from + i}@bench.test`,
            first_name: 'Bench',
            last_name: String(from + i),
            account_id: null,
            designation: null,
            phone_number: null,
            industry: null,
            personality_type: types[(from + i) % types.length] ?? null,
            personality: 'N/A',
            buyer_stage: 'Awareness',
            engagement_score: 0,
            linkedin_url: null,
            twitter_url: null,
            status: 'Subscribed' as const,
          })),
        )
        .returning('id')
        .execute();
      await db
        .insertInto('list_contacts')
        .values(rows.map((row) => ({ list_id: list.id, contact_id: row.id })))
        .execute();
    }
    const session = await signIn(app);
    const campaign = await form(
      app,
      'POST',
      '/api/campaign/create_campaign/',
      { campaign_name: 'AI bench' },
      session,
    );
    const campaignId = String(campaign.json().data.campaign_id);
    const times: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const start = performance.now();
      const response = await form(
        app,
        'POST',
        '/api/campaign/create_ai_email/',
        {
          email_name: `Bench ${run}`,
          campaign_id: campaignId,
          prompt: 'Our spring pricing update. Plans get cheaper for teams of five or more.',
          list_ids: String(list.id),
          personalities: 'DISCO',
          ai_id: randomUUID(),
        },
        session,
      );
      times.push(performance.now() - start);
      if (response.statusCode !== 200)
        throw new Error(`create_ai_email/ answered ${response.statusCode}: ${response.body}`);
      const variants = response.json().data.emails as { segment_size: number }[];
      if (variants.length !== 5) throw new Error(`${variants.length} variants, 5 expected`);
    }
    const sorted = [...times].sort((a, b) => a - b);
    const generationMs = round(sorted[Math.floor(sorted.length / 2)] ?? 0);
    const builtInMs = builtInFigure();
    const result = {
      recipients: RECIPIENTS,
      personalities: 5,
      answerMs: ANSWER_MS,
      modelCalls: model.calls(),
      generationMs,
      generationRunsMs: times.map((ms) => round(ms)),
      builtInFiveVariantsMs: builtInMs,
      loadAverage: os.loadavg().map((load) => round(load, 2)),
      target: TARGET,
      pass: generationMs <= TARGET.generationMs && builtInMs <= TARGET.builtInMs,
    };
    console.log(
      `create_ai_email/ for ${RECIPIENTS} recipients, 5 personalities, ${ANSWER_MS} ms answers: ${generationMs} ms (median of ${RUNS}; target <= ${TARGET.generationMs})`,
    );
    console.log(
      `built-in composer, 5 variants: ${builtInMs} ms (slowest of 200; target <= ${TARGET.builtInMs})`,
    );
    console.log(JSON.stringify(result));
    return strict && !result.pass ? 1 : 0;
  } finally {
    await app.close();
    await database.close();
    await model.close();
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

runBench('bench:ai', main);
