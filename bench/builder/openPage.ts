import os from 'node:os';
import path from 'node:path';
import type { BrowserContext } from 'playwright';

/** In every page: a frame loop that records when the canvas is first laid out, visible and idle. */
const OPEN_PROBE = () => {
  const state = { interactiveAt: 0, nodes: 0 };
  (window as unknown as { __open: typeof state }).__open = state;
  // Settled: the same nodes drawn for three frames in a row (the first view fitted, nothing still popping in).
  // The time reported is the first of those frames.
  let last = -1;
  let steady = 0;
  let since = 0;
  const tick = (frameTime: number) => {
    const nodes = document.querySelectorAll('.react-flow__node');
    const first = nodes[0] as HTMLElement | undefined;
    if (nodes.length === last) steady += 1;
    else {
      steady = 0;
      since = frameTime;
    }
    last = nodes.length;
    if (first && getComputedStyle(first).visibility === 'visible' && nodes.length > 3 && steady >= 3) {
      state.nodes = nodes.length;
      state.interactiveAt = since;
      return;
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
};

/**
 * In every page: __watchNodes('added' | 'removed') resolves with performance.now() when a canvas node id
 * appears that was not drawn before, or one drawn before is gone. Ids, not counts: the canvas draws only
 * the nodes in view, so an insert can push another node out of view. A string (tsx would add helpers to
 * a function).
 */
const NODE_WATCH = `
window.__added = [];
window.__nodeIds = () => new Set(Array.from(document.querySelectorAll('.react-flow__nodes .react-flow__node'), (n) => n.dataset.id));
window.__watchNodes = (change, only) => {
  const container = document.querySelector('.react-flow__nodes');
  const before = window.__nodeIds();
  return new Promise((resolve, reject) => {
    const observer = new MutationObserver(() => {
      const now = window.__nodeIds();
      const hit = change === 'added'
        ? [...now].find((id) => !before.has(id))
        : [...before].find((id) => !now.has(id) && (only === undefined || id === only));
      if (hit !== undefined) {
        observer.disconnect();
        if (change === 'added') window.__added.push(hit);
        resolve(performance.now());
      }
    });
    observer.observe(container, { childList: true });
    setTimeout(() => { observer.disconnect(); reject(new Error('no canvas node ' + change + ' within 5 s')); }, 5000);
  });
};`;
/** __watchNodes('removed', id): that node leaves the DOM; __added: the ids of the nodes added, in order. */
export type NodeWatchWindow = {
  __watchNodes: (change: 'added' | 'removed', only?: string) => Promise<number>;
  __added: string[];
};

export async function openPage(context: BrowserContext, url: string, timeoutMs = 60_000) {
  const page = await context.newPage();
  await page.addInitScript(OPEN_PROBE);
  await page.addInitScript(NODE_WATCH);
  await page.goto(url);
  try {
    await page.waitForFunction(
      () => (window as unknown as { __open: { interactiveAt: number } }).__open.interactiveAt > 0,
      undefined,
      { timeout: timeoutMs },
    );
  } catch (error) {
    const seen = await page.evaluate(() => {
      const nodes = document.querySelectorAll<HTMLElement>('.react-flow__node');
      return {
        nodes: nodes.length,
        visibility: nodes[0] ? getComputedStyle(nodes[0]).visibility : null,
        probe: (window as unknown as { __open?: unknown }).__open ?? null,
        hidden: document.hidden,
        text: (document.body.textContent ?? '').slice(0, 300),
      };
    });
    await page.screenshot({ path: path.join(os.tmpdir(), 'bench-builder-open-timeout.png') });
    throw new Error(`${url} did not become interactive: ${JSON.stringify(seen)} (${String(error)})`);
  }
  const open = await page.evaluate(
    () => (window as unknown as { __open: { interactiveAt: number; nodes: number } }).__open,
  );
  return { page, ms: open.interactiveAt, nodes: open.nodes };
}
