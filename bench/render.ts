/**
 * `npm run bench:render`: the design renderer (server/services/publish/render/renderDesign.ts), as
 * design/save/ and the web version run it: a design to MJML to HTML with MJML 5, and its text version.
 *
 * Two designs: 'Weekly digest' (the default template: header, text, an article list, button, social
 * links, footer) over an edition of 20 curated articles, and a design of 60 blocks (texts with links,
 * buttons, images, dividers, two-column rows in turn). Each is rendered --warmup times unmeasured, then
 * --runs times (default 200); figures are p50 / p95 / max per render in ms. Target: the 20-article
 * edition <= 100 ms (p95). No database: the articles are made up (their size is what counts).
 *
 * Prints the load average and the figures, then one JSON object as the last line. Exit code 1 with
 * --strict when a target is missed.
 */
import os from 'node:os';
import type { EmailDesign } from '../domain/emailDesign.ts';
import type { DesignArticle } from '../domain/publishAnswers.ts';
import { productTemplates } from '../server/services/publish/productTemplates.ts';
import { renderDesign } from '../server/services/publish/render/renderDesign.ts';
import { largeDesign, sampleArticles } from '../tests/server/publish/designFixtures.ts';
import { percentile, round } from './benchServer.ts';

const TARGET_MS = 100;

function flag(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const value = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isInteger(value) || value <= 0) throw new Error(`--${name} must be a positive whole number`);
  return value;
}
const runs = flag('runs', 200);
const warmup = flag('warmup', 20);

const articles = sampleArticles(20);

async function measure(design: EmailDesign, list: DesignArticle[]) {
  const ctx = {
    articles: list,
    title: 'Weekly digest',
    preferenceLink: true,
    webUrl: '%%wb-public-origin%%/web/x',
  };
  for (let i = 0; i < warmup; i++) await renderDesign(design, ctx);
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const rendered = await renderDesign(design, ctx);
    times.push(performance.now() - started);
    bytes = rendered.html.length;
  }
  times.sort((a, b) => a - b);
  return {
    p50Ms: round(percentile(times, 50)),
    p95Ms: round(percentile(times, 95)),
    maxMs: round(times.at(-1) ?? 0),
    htmlBytes: bytes,
  };
}

const [load1, load5] = os.loadavg();
console.log(
  `load average ${load1?.toFixed(2)} ${load5?.toFixed(2)} on ${os.cpus().length} cores (other work skews the figures)`,
);
const digest = productTemplates()[0]?.design;
if (!digest) throw new Error('no product template');
const edition = await measure(digest, articles);
console.log(
  `20-article edition: p50 ${edition.p50Ms} ms, p95 ${edition.p95Ms} ms, max ${edition.maxMs} ms (${edition.htmlBytes} bytes of HTML)`,
);
const large = await measure(largeDesign(60), []);
console.log(
  `60-block design: p50 ${large.p50Ms} ms, p95 ${large.p95Ms} ms, max ${large.maxMs} ms (${large.htmlBytes} bytes of HTML)`,
);
const pass = edition.p95Ms <= TARGET_MS;
console.log(
  JSON.stringify({
    edition20: edition,
    blocks60: large,
    runs,
    loadAverage: round(load1 ?? 0, 2),
    target: { edition20P95Ms: TARGET_MS },
    pass,
  }),
);
if (process.argv.includes('--strict') && !pass) process.exitCode = 1;
