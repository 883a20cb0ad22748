import type { Page } from 'playwright';
import { round } from '../benchServer.ts';
import type { NodeWatchWindow } from './openPage.ts';
import { type Stats, stats } from './stats.ts';

/** In the page: "+" on the n-th edge, "Delay" in the menu; ms from the item's click to the node in the DOM. */
export async function addThroughMenu(
  page: Page,
  edgeIndex: number,
): Promise<{ dom: number; frame: number; at: number }> {
  return page.evaluate(async (edgeIndex) => {
    // The n-th "+" from the top of the canvas (the top of the workflow is what both tabs show).
    const buttons = Array.from(
      document.querySelectorAll<HTMLButtonElement>('[aria-label^="Insert a step before"]'),
    ).sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top);
    const button = buttons[edgeIndex] ?? buttons[0];
    if (!button) throw new Error('no "Insert a step" button on the canvas');
    button.click();
    const item = await new Promise<HTMLButtonElement>((resolve, reject) => {
      const started = performance.now();
      const look = () => {
        const found = Array.from(
          document.querySelectorAll<HTMLButtonElement>('[role="menu"] [role="menuitem"]'),
        ).find((element) => element.textContent?.trim() === 'Delay');
        if (found) resolve(found);
        else if (performance.now() - started > 5000)
          reject(
            new Error(
              `the add menu did not open (buttons ${buttons.length}, clicked "${button.getAttribute('aria-label')}", menus ${document.querySelectorAll('[role="menu"]').length}, items ${Array.from(
                document.querySelectorAll('[role="menuitem"]'),
              )
                .map((e) => e.textContent)
                .join(
                  '|',
                )}, dialogs ${document.querySelectorAll('[role="dialog"],[role="alertdialog"]').length} ${Array.from(
                document.querySelectorAll(
                  '[role="dialog"],[role="alertdialog"],[role="alert"],[role="status"]',
                ),
              )
                .map((e) => e.textContent?.slice(0, 80))
                .join('|')})`,
            ),
          );
        else setTimeout(look, 2);
      };
      void Promise.resolve().then(look);
    });
    const appeared = (window as unknown as NodeWatchWindow).__watchNodes('added');
    const clicked = performance.now();
    item.click();
    const dom = (await appeared) - clicked;
    // The next frame (a hidden tab paints no frames: then 1 s later, reported as such).
    await new Promise((resolve) => {
      requestAnimationFrame(resolve);
      setTimeout(resolve, 1000);
    });
    return { dom, frame: performance.now() - clicked, at: performance.timeOrigin + clicked };
  }, edgeIndex);
}

export async function dragFps(page: Page) {
  const box = await page.evaluate(() => {
    const pane = (document.querySelector('.react-flow') as HTMLElement).getBoundingClientRect();
    const margin = 100;
    const inside = Array.from(document.querySelectorAll<HTMLElement>('.react-flow__node.draggable'))
      .map((node) => Object.assign(node.getBoundingClientRect(), { id: node.dataset.id ?? '' }))
      .find((r) => {
        const x = r.left + r.width / 2;
        const y = r.top + r.height / 2;
        return (
          r.width > 8 &&
          x > pane.left + margin &&
          x < pane.right - margin &&
          y > pane.top + margin &&
          y < pane.bottom - margin
        );
      });
    const viewport = document.querySelector('.react-flow__viewport') as HTMLElement;
    return inside
      ? {
          x: inside.left + inside.width / 2,
          y: inside.top + inside.height / 2,
          id: inside.id,
          transform: viewport.style.transform,
        }
      : null;
  });
  if (!box) return { fps: null, note: 'no draggable step in view' };
  const nodeTransform = () =>
    page.evaluate(
      (id) =>
        document.querySelector<HTMLElement>(`.react-flow__node[data-id="${id}"]`)?.style.transform ?? '',
      box.id,
    );
  const nodeBefore = await nodeTransform();
  await page.evaluate(() => {
    const frames: number[] = [];
    (window as unknown as { __frames: number[] }).__frames = frames;
    (window as unknown as { __recording: boolean }).__recording = true;
    const loop = (time: number) => {
      frames.push(time);
      if ((window as unknown as { __recording: boolean }).__recording) requestAnimationFrame(loop);
    };
    requestAnimationFrame(loop);
  });
  await page.mouse.move(box.x, box.y);
  await page.mouse.down();
  const started = Date.now();
  let step = 0;
  // A circle of 80 px around the start, for 1 s: the drag stays inside the canvas and ends where it
  // began, so the step is dropped back in its own place (no move is committed).
  let nodeDuring = nodeBefore;
  while (Date.now() - started < 1000) {
    step += 1;
    const angle = (step / 30) * Math.PI * 2;
    await page.mouse.move(box.x + 80 * Math.sin(angle), box.y + 80 * (1 - Math.cos(angle)));
    if (step === 8) nodeDuring = await nodeTransform();
  }
  await page.mouse.move(box.x, box.y);
  await page.mouse.up();
  // The drop settles (React Flow clears its dragging state, two frames pass) before the next step, as a
  // person's next click comes well after the drop.
  await page.waitForFunction(() => !document.querySelector('.react-flow__node.dragging'));
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  const frames = await page.evaluate(() => {
    (window as unknown as { __recording: boolean }).__recording = false;
    return (window as unknown as { __frames: number[] }).__frames;
  });
  const after = await page.evaluate(
    () => (document.querySelector('.react-flow__viewport') as HTMLElement).style.transform,
  );
  const duration = (frames.at(-1) ?? 0) - (frames[0] ?? 0);
  const intervals = frames.slice(1).map((time, i) => time - (frames[i] as number));
  return {
    fps: duration > 0 ? round(((frames.length - 1) * 1000) / duration) : null,
    frames: frames.length,
    moves: step,
    worstFrameMs: round(Math.max(...intervals)),
    p95FrameMs: stats(intervals).p95,
    moved:
      nodeDuring !== nodeBefore
        ? `step ${box.id} followed the pointer`
        : after !== box.transform
          ? 'the viewport, not the step'
          : 'nothing on the canvas moved',
  };
}

export async function undoInPage(page: Page): Promise<number> {
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    // Undo takes back the last node added: the time until that node leaves the DOM.
    const watch = window as unknown as NodeWatchWindow;
    const result = { keyAt: 0, gone: watch.__watchNodes('removed', watch.__added.pop()) };
    (window as unknown as { __undo: typeof result }).__undo = result;
    window.addEventListener(
      'keydown',
      (event) => {
        result.keyAt = event.timeStamp;
      },
      { capture: true, once: true },
    );
  });
  await page.keyboard.press('Control+z');
  return page.evaluate(async () => {
    const r = (window as unknown as { __undo: { keyAt: number; gone: Promise<number> } }).__undo;
    return (await r.gone) - r.keyAt;
  });
}

export async function crossTabInPage(a: Page, b: Page): Promise<Stats & { visibility: string[] }> {
  const latencies: number[] = [];
  for (let i = 0; i < 10; i += 1) {
    await b.evaluate(() => {
      (window as unknown as { __seen: Promise<number> }).__seen = (
        window as unknown as NodeWatchWindow
      ).__watchNodes('added');
    });
    const clickedAt = (await addThroughMenu(a, 1)).at;
    const seenAt = await b.evaluate(
      async () => performance.timeOrigin + (await (window as unknown as { __seen: Promise<number> }).__seen),
    );
    latencies.push(seenAt - clickedAt);
  }
  const visibility = [
    await a.evaluate(() => document.visibilityState),
    await b.evaluate(() => document.visibilityState),
  ];
  return { ...stats(latencies), visibility };
}
