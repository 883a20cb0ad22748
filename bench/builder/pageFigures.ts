import fs from 'node:fs';
import type { Browser, BrowserContext } from 'playwright';
import { round } from '../benchServer.ts';
import { type Session, signInContext } from './benchSession.ts';
import { NODES } from './builderSettings.ts';
import { openPage } from './openPage.ts';
import { addThroughMenu, crossTabInPage, dragFps, undoInPage } from './pageActions.ts';
import { type Bundle, routeBundles } from './routeBundles.ts';
import { stats } from './stats.ts';

/** The page figures, through the real builder (or WorkflowBuilderPage in bench/builderPageHarness.tsx). */
export async function pageFigures(
  browser: Browser,
  session: Session,
  bundles: Record<string, Bundle>,
  w1: number,
  w2Context: BrowserContext,
  w2: number,
) {
  const newContext = async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await signInContext(context, session);
    await routeBundles(context, session.origin, bundles);
    return context;
  };
  // The app's route when it renders the builder's canvas, else the same page in the minimal harness.
  const appUrl = (id: number) => `${session.origin}/automation/details?workflow_id=${id}`;
  const harnessUrl = (id: number) => `${session.origin}/__bench/page.html?workflow_id=${id}`;
  const probe = await newContext();
  const hasCanvas = async (address: string) => {
    const probePage = await probe.newPage();
    await probePage.goto(address);
    return probePage
      .waitForSelector('.react-flow__node', { timeout: 30_000 })
      .then(() => true)
      .catch(() => false);
  };
  let source: 'app route' | 'harness' = 'app route';
  let url = appUrl;
  if (!(await hasCanvas(appUrl(w1)))) {
    console.log(
      `page: ${appUrl(w1)} shows no builder canvas yet; measuring WorkflowBuilderPage in bench/builderPageHarness.tsx`,
    );
    source = 'harness';
    url = harnessUrl;
    if (!(await hasCanvas(harnessUrl(w1)))) {
      await probe.close();
      return { skipped: 'neither the app route nor the harness page shows the builder canvas' };
    }
  }
  await probe.close();

  const opens: number[] = [];
  for (let i = 0; i < 3; i += 1) {
    const context = await newContext();
    const opened = await openPage(context, url(w1));
    opens.push(opened.ms);
    console.log(
      `page: open to an interactive canvas (${opened.nodes} nodes in the DOM): ${round(opened.ms)} ms`,
    );
    await context.close();
  }

  const context = await newContext();
  const { page } = await openPage(context, url(w1));
  const drawn = await page.evaluate(() => document.querySelectorAll('.react-flow__node').length);
  console.log(`page: ${drawn} nodes drawn once the canvas settled (only the nodes in view are drawn)`);
  if (process.env.BENCH_SCREENSHOT) await page.screenshot({ path: process.env.BENCH_SCREENSHOT });
  const drag = await dragFps(page);
  console.log(`page: drag on the ${NODES}-node workflow: ${drag.fps} fps (${JSON.stringify(drag)})`);
  const adds: number[] = [];
  const addFrames: number[] = [];
  // BENCH_PROFILE=file.cpuprofile: a CPU profile of the 50 adds (open it in Chrome's DevTools).
  const profiler = process.env.BENCH_PROFILE ? await page.context().newCDPSession(page) : null;
  if (profiler) {
    await profiler.send('Profiler.enable');
    await profiler.send('Profiler.start');
  }
  for (let i = 0; i < 50; i += 1) {
    const add = await addThroughMenu(page, 1);
    adds.push(add.dom);
    addFrames.push(add.frame);
  }
  if (profiler && process.env.BENCH_PROFILE) {
    const { profile } = await profiler.send('Profiler.stop');
    fs.writeFileSync(process.env.BENCH_PROFILE, JSON.stringify(profile));
  }
  const add = stats(adds);
  const slowest = adds
    .map((ms, i) => ({ i, ms: round(ms) }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 5);
  console.log(`page: the slowest adds (index: ms): ${slowest.map((a) => `${a.i}: ${a.ms}`).join(', ')}`);
  const addFrame = stats(addFrames);
  console.log(
    `page: add a node, click to DOM: median ${add.median} ms, p95 ${add.p95} ms; to the next frame p95 ${addFrame.p95} ms (50 adds)`,
  );
  for (let i = 0; i < 150; i += 1) await addThroughMenu(page, 1);
  const undos: number[] = [];
  for (let i = 0; i < 5; i += 1) undos.push(await undoInPage(page));
  const undo = stats(undos);
  console.log(
    `page: Ctrl+Z after 200 edits, keydown to DOM: first ${round(undos[0] ?? NaN)} ms, median ${undo.median} ms`,
  );

  // Both tabs start from the same first view (this one has followed 200 new steps around the canvas), so
  // the step added in one is in view in the other.
  await page.reload();
  await page.waitForFunction(
    () => (window as unknown as { __open: { interactiveAt: number } }).__open.interactiveAt > 0,
  );
  const second = await openPage(context, url(w1));
  const crossTab = await crossTabInPage(page, second.page);
  console.log(
    `page: another tab shows an added node after: median ${crossTab.median} ms, p95 ${crossTab.p95} ms (tabs ${crossTab.visibility.join(' / ')})`,
  );
  await context.close();

  const reopen = await openPage(w2Context, url(w2));
  console.log(`page: open of the 20,000-edit draft to an interactive canvas: ${round(reopen.ms)} ms`);
  return {
    source,
    openMs: stats(opens),
    addMs: add,
    addToFrameMs: addFrame,
    undoAfter200Ms: { first: round(undos[0] ?? NaN), ...undo },
    drag,
    crossTabMs: crossTab,
    reopenPageMs: round(reopen.ms),
  };
}
