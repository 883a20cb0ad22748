import { expectNoAxeViolations } from './support/axeChecks.ts';
import { expect, test } from './support/cspTest.ts';
import { openNewEdition } from './support/designerSteps.ts';

/**
 * The designer's room: at 1280 px the email (600 px) fits the canvas whole and every block of the palette
 * shows its name on one line; at 375 px nothing runs off the page sideways; narrowed from a desktop
 * window to a phone's, the blocks inside a columns block still show.
 */
test('the canvas gets the width at 1280 px, the palette is not cramped, and columns survive narrowing to 375 px', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openNewEdition(page);
  await page.getByRole('tab', { name: 'Templates' }).click();
  await page.getByRole('button', { name: 'Apply template Newsletter with columns' }).click();
  const columns = page.locator('[data-testid="canvas-block"][data-kind="columns"]').first();
  await expect(columns).toBeVisible();

  const canvas = page.getByRole('region', { name: 'Email canvas' });
  const canvasBox = await canvas.boundingBox();
  expect(canvasBox?.width, 'the email is 600 px wide on the canvas').toBeGreaterThanOrEqual(600);
  const scroller = page.locator('.designer-canvas');
  expect(await scroller.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0);
  const palette = page.getByRole('navigation', { name: 'Blocks' });
  for (const item of await palette.getByRole('button').all()) {
    const box = await item.boundingBox();
    // One line of text: a name wrapped over two lines (or squeezed to its first letters) is cramped.
    expect(box?.height ?? 0, `${await item.getAttribute('aria-label')} on one line`).toBeLessThan(44);
    expect(await item.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  }
  await expectNoAxeViolations(page, 'the designer at 1280 px', { exclude: ['iframe'] });

  await page.setViewportSize({ width: 375, height: 740 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  const inside = columns.locator('[data-testid="canvas-block"]');
  await expect(inside).toHaveCount(2);
  for (const block of await inside.all()) {
    await block.scrollIntoViewIfNeeded();
    await expect(block).toBeVisible();
    const box = await block.boundingBox();
    expect(box?.height ?? 0).toBeGreaterThan(20);
    expect(await block.evaluate((element) => (element.textContent ?? '').trim().length)).toBeGreaterThan(0);
  }
  await expect(inside.first()).toContainText(/\w/);
  await expectNoAxeViolations(page, 'the designer at 375 px', { exclude: ['iframe'] });
});
