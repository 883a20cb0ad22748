/**
 * `npm run bench:designer`: the email designer in Chromium at 60 blocks, against the built client.
 *
 * Starts the real server (its own PID, a free 127.0.0.1 port, a temporary DATA_DIR; the client is built
 * into DIST_DIR, default .dist/bench-designer, when stale: not measured), signs in as the demo user and
 * opens /campaigns/editionedit/design/ on a 60-block design. GET design/ and generate_preview/ are answered
 * by Playwright's routing with that design (the bench measures the client: the designer's engine, React and
 * ProseMirror, not the server), so it runs with or without the design service's routes.
 * - keystroke: 60 characters typed into a text block in the middle of the email; each timed in the page
 *   from the keydown to the frame that shows the character on the canvas; target p95 <= 50 ms.
 * - undo: 30 blocks added from the palette, then Ctrl+Z 30 times; each timed from the keydown to the
 *   frame that shows the block gone; target p95 <= 30 ms.
 * "The frame that shows it": at each animation frame after the keydown the page checks the canvas's DOM;
 * the first frame that finds the change paints it, and the time is taken in the task that runs right after
 * that frame's rendering (a MessageChannel message posted from its requestAnimationFrame callback). Until
 * 2026-11-27 the time was taken at the NEXT frame's requestAnimationFrame instead, one frame (16.7 ms)
 * after the change was on screen (BENCHMARKS.md compares the two).
 * Prints figures, then one JSON object as the last line. Exit 0 when it ran (--strict: 1 when a target is
 * missed), 1 when it could not run. CHROMIUM_PATH (default /usr/bin/chromium), DIST_DIR,
 * BENCH_DESIGNER_NEXT_FRAME=1 (the earlier definition of a sample, above).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser, chromium, type Page } from 'playwright';
import { DEFAULT_THEME, type DesignBlock, type EmailDesign } from '../domain/emailDesign.ts';
import { DEMO_LOGIN } from '../server/seed/demoAccounts.ts';
import {
  CHROMIUM_LAUNCH,
  freePort,
  percentile,
  ROOT,
  round,
  runBench,
  type Server,
  startServer,
  stopServer,
  waitForAnswer,
} from './benchServer.ts';

const BLOCKS = 60;
const KEYSTROKES = 60;
const UNDOS = 30;

function design(): EmailDesign {
  const layout = {
    padding: [12, 24, 12, 24] as [number, number, number, number],
    align: 'left' as const,
    background: null,
  };
  const blocks: DesignBlock[] = [];
  for (let index = 0; index < BLOCKS; index += 1) {
    const id = `k${index}`;
    const kind = index % 6;
    if (kind === 0)
      blocks.push({
        ...layout,
        id,
        kind: 'header',
        logoUrl: null,
        logoAlt: 'Logo',
        title: `<h1>Section ${index}</h1>`,
      });
    else if (kind === 1 || kind === 4)
      blocks.push({
        ...layout,
        id,
        kind: 'text',
        html: `<p>Paragraph ${index} with <strong>bold</strong> text.</p>`,
      });
    else if (kind === 2)
      blocks.push({
        ...layout,
        id,
        kind: 'button',
        label: `Read ${index}`,
        href: 'https://example.com',
        color: '#1b3487',
        textColor: '#ffffff',
      });
    else if (kind === 3) blocks.push({ ...layout, id, kind: 'divider', color: '#d1d5db', thickness: 1 });
    else
      blocks.push({
        ...layout,
        id,
        kind: 'articleList',
        layout: 'list',
        limit: 3,
        showImages: false,
        showSummary: true,
      });
  }
  return { version: 1, theme: { ...DEFAULT_THEME }, blocks };
}

function edition(): unknown {
  return {
    version_id: 990001,
    email_id: 1,
    campaign_id: null,
    email_name: 'Bench',
    version_name: 'Bench issue',
    subject: 'Bench',
    status: 'draft',
    design: design(),
    design_saved_at: null,
    preview_text: '',
    text_preview_edited: false,
    articles: [1, 2, 3].map((id) => ({
      id,
      title: `Article ${id}`,
      url: `https://news.test/${id}`,
      image_url: null,
      summary: 'A summary.',
      source_name: 'News',
      published_at: null,
    })),
    theme: { ...DEFAULT_THEME },
    postal_address: '1 Main Street',
  };
}

/**
 * In the page: time from the next keydown to the frame that shows `check` holding (BENCH_DESIGNER_NEXT_FRAME=1:
 * to the frame after it, the definition before 2026-11-27). Written as source
 * text: functions passed to page.evaluate would carry tsx's name helpers, which the page does not have.
 */
const NEXT_FRAME = process.env.BENCH_DESIGNER_NEXT_FRAME === '1';

async function armTimer(page: Page, check: string): Promise<void> {
  await page.evaluate(`(() => {
    window.__bench ??= { samples: [] };
    const done = ${check};
    const onKey = () => {
      const start = performance.now();
      const painted = () => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => window.__bench.samples.push(performance.now() - start);
        channel.port2.postMessage(0);
      };
      const nextFrame = () => requestAnimationFrame(() => window.__bench.samples.push(performance.now() - start));
      const finish = ${NEXT_FRAME} ? nextFrame : painted;
      const tick = () => (done() ? finish() : requestAnimationFrame(tick));
      requestAnimationFrame(tick);
    };
    document.addEventListener('keydown', onKey, { capture: true, once: true });
  })()`);
}

const SAMPLED = 'window.__bench && window.__bench.samples.length > 0';

async function samples(page: Page): Promise<number[]> {
  return page.evaluate(
    '(() => { const out = window.__bench.samples; window.__bench.samples = []; return out; })()',
  );
}

const summary = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    max: round(sorted[sorted.length - 1] ?? Number.NaN),
  };
};

async function main(): Promise<number> {
  const strict = process.argv.includes('--strict');
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'wb-bench-designer-'));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const distDir = path.resolve(process.env.DIST_DIR || path.join(ROOT, '.dist', 'bench-designer'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: path.join(work, 'data'),
    DIST_DIR: distDir,
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL;
  let server: Server | undefined;
  let browser: Browser | undefined;
  try {
    console.log(`bench:designer on ${os.cpus().length} cores, node ${process.version}; client in ${distDir}`);
    server = startServer(env, path.join(work, 'server.log'));
    await waitForAnswer(server, `${origin}/api/docs/json`, 600_000);
    browser = await chromium.launch(CHROMIUM_LAUNCH);
    // bypassCSP: the timers are page-side source text (waitForFunction evaluates strings), which the app's
    // policy (no eval) would refuse; the designer itself does not need it.
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
    const body = JSON.stringify({ success: true, data: edition() });
    await page.route('**/api/publish/design/**', (route) =>
      route.fulfill({ contentType: 'application/json', body }),
    );
    await page.goto(`${origin}/`);
    await page.getByLabel('Email').fill(DEMO_LOGIN.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_LOGIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/campaigns');
    await page.goto(`${origin}/campaigns/editionedit/design?version_id=990001`);
    const blocks = page.getByTestId('canvas-block');
    await blocks.nth(BLOCKS - 1).waitFor();
    const count = await blocks.count();
    if (count !== BLOCKS) throw new Error(`expected ${BLOCKS} blocks on the canvas, found ${count}`);

    // Keystrokes into a text block in the middle of the email.
    const editor = page.locator('[data-block-id="k31"] [role="textbox"]');
    await editor.click();
    await page.keyboard.press('End');
    for (let index = 0; index < KEYSTROKES; index += 1) {
      const char = 'abcdefghij'[index % 10] as string;
      const expected = `Paragraph 31 with bold text.${'abcdefghij'.repeat(7).slice(0, index + 1)}`;
      await armTimer(
        page,
        `() => document.querySelector('[data-block-id="k31"] [role="textbox"]')?.textContent === ${JSON.stringify(expected)}`,
      );
      await page.keyboard.press(char);
      await page.waitForFunction(SAMPLED);
      const [sample] = await samples(page);
      keystroke.push(sample as number);
    }

    // Blocks added from the palette (selection cleared first: each lands at the end), then undone.
    await page.keyboard.press('Escape');
    await page.locator('.designer-canvas').click({ position: { x: 5, y: 5 } });
    for (let index = 0; index < UNDOS; index += 1)
      await page.getByRole('button', { name: 'Add Divider' }).click();
    await blocks.nth(BLOCKS + UNDOS - 1).waitFor();
    await page.getByRole('heading', { name: 'Add a block' }).click();
    for (let index = 0; index < UNDOS; index += 1) {
      const left = BLOCKS + UNDOS - index - 1;
      await armTimer(
        page,
        `() => document.querySelectorAll('[data-testid="canvas-block"]').length === ${left}`,
      );
      await page.keyboard.press('Control+z');
      await page.waitForFunction(SAMPLED);
      const [sample] = await samples(page);
      undo.push(sample as number);
    }
    const keys = summary(keystroke);
    const undos = summary(undo);
    console.log(
      `keystroke to canvas (${keys.n}): p50 ${keys.p50} ms, p95 ${keys.p95} ms, max ${keys.max} ms (target p95 <= 50)`,
    );
    console.log(
      `undo to canvas (${undos.n}): p50 ${undos.p50} ms, p95 ${undos.p95} ms, max ${undos.max} ms (target p95 <= 30)`,
    );
    const pass = keys.p95 <= 50 && undos.p95 <= 30;
    console.log(JSON.stringify({ designer: { blocks: BLOCKS, keystrokeMs: keys, undoMs: undos }, pass }));
    return strict && !pass ? 1 : 0;
  } finally {
    await browser?.close();
    if (server) await stopServer(server);
    fs.rmSync(work, { recursive: true, force: true });
  }
}

const keystroke: number[] = [];
const undo: number[] = [];
runBench('bench:designer', main);
