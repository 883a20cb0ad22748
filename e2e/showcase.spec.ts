import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { build } from 'esbuild';
import { expectNoAxeViolations } from './support/axeChecks.ts';
import { expect, test } from './support/cspTest.ts';

/**
 * The design-system showcase (src/modules/showcase) in Chromium.
 * - The product as built for production leaves /design-system out (it exists only in development or
 *   with VITE_QA_BUILD=true).
 * - The showcase page itself is bundled here with esbuild and served on a test origin, so the components
 *   of src/ui are checked in a real browser whatever the server's build flags.
 */

const root = fileURLToPath(new URL('..', import.meta.url));
const HARNESS = 'http://showcase.test';

let bundle: { js: string; css: string } | undefined;

async function showcaseBundle() {
  if (bundle) return bundle;
  const result = await build({
    stdin: {
      contents: `
        import { createRoot } from 'react-dom/client';
        import './src/ui/tokens.css';
        import { ShowcasePage } from './src/modules/showcase/ShowcasePage.tsx';
        createRoot(document.getElementById('root')).render(<main><ShowcasePage /></main>);
      `,
      loader: 'tsx',
      resolveDir: root,
    },
    bundle: true,
    write: false,
    outdir: 'out',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"development"' },
    logLevel: 'silent',
  });
  const text = (ext: string) => result.outputFiles.find((file) => file.path.endsWith(ext))?.text ?? '';
  bundle = { js: text('.js'), css: text('.css') };
  return bundle;
}

async function openShowcase(page: Page) {
  const { js, css } = await showcaseBundle();
  await page.route(`${HARNESS}/**`, (route) => {
    const url = route.request().url();
    if (url.endsWith('/showcase.js')) return route.fulfill({ body: js, contentType: 'text/javascript' });
    if (url.endsWith('/showcase.css')) return route.fulfill({ body: css, contentType: 'text/css' });
    return route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Design system</title><link rel="stylesheet" href="/showcase.css"></head><body><div id="root"></div><script src="/showcase.js"></script></body></html>`,
    });
  });
  await page.goto(`${HARNESS}/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Design system' })).toBeVisible();
}

test('a production build does not serve the showcase', async ({ page }) => {
  await page.goto('/design-system');
  // Whatever answers (not found, or sign-in) has settled once it shows a heading.
  await expect(page.getByRole('heading').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Design system' })).toHaveCount(0);
  await expect(page.getByRole('tablist')).toHaveCount(0);
});

test('tabs move with the arrow keys, Home and End, skipping the disabled tab', async ({ page }) => {
  await openShowcase(page);
  const tabs = page.getByRole('tablist', { name: 'Workflow filters' });
  await tabs.getByRole('tab', { name: 'Active', exact: true }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(tabs.getByRole('tab', { name: 'Inactive' })).toBeFocused();
  await expect(tabs.getByRole('tab', { name: 'Inactive' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel', { name: 'Inactive' })).toHaveText('1 inactive workflow.');
  await page.keyboard.press('ArrowRight');
  await expect(tabs.getByRole('tab', { name: 'All' })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(tabs.getByRole('tab', { name: 'Active', exact: true })).toBeFocused();
  await page.keyboard.press('End');
  await expect(tabs.getByRole('tab', { name: 'All' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('tabpanel', { name: 'All' })).toBeFocused();
});

test('the select-all checkbox is mixed while some contacts are selected', async ({ page }) => {
  await openShowcase(page);
  const all = page.getByRole('checkbox', { name: 'Select all contacts' });
  await expect(all).toHaveJSProperty('indeterminate', true);
  await page.getByText('Select all contacts').click();
  await expect(all).toBeChecked();
  await expect(all).toHaveJSProperty('indeterminate', false);
  await expect(page.getByRole('checkbox', { name: 'Linus' })).toBeChecked();
  await page.getByRole('checkbox', { name: 'Grace' }).press('Space');
  await expect(all).toHaveJSProperty('indeterminate', true);
  await expect(all).not.toBeChecked();
});

test('toasts go after 5 s and 4 s, errors are alerts, and the dismiss button closes them', async ({
  page,
}) => {
  await page.clock.install();
  await openShowcase(page);
  // From here on, fake time moves only when the test says so.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
  await page.getByRole('button', { name: 'Success toast (5 s)' }).click();
  const saved = page.getByRole('status').filter({ hasText: 'Your workflow has been saved successfully!' });
  await expect(saved).toBeVisible();
  await page.clock.runFor(4900);
  await expect(saved).toBeVisible();
  await page.clock.runFor(200);
  await expect(saved).toHaveCount(0);

  await page.getByRole('button', { name: 'Info toast (4 s)' }).click();
  const copied = page.getByRole('status').filter({ hasText: 'Link copied.' });
  await expect(copied).toBeVisible();
  await page.clock.runFor(3900);
  await expect(copied).toBeVisible();
  await page.clock.runFor(200);
  await expect(copied).toHaveCount(0);

  await page.getByRole('button', { name: 'Error toast' }).click();
  const failed = page.getByRole('alert').filter({ hasText: 'Could not publish' });
  await expect(failed).toBeVisible();
  await failed.getByRole('button', { name: 'Dismiss notification' }).click();
  await expect(failed).toHaveCount(0);
});

test('the dialog and the menu work from the keyboard', async ({ page }) => {
  await openShowcase(page);
  const open = page.getByRole('button', { name: 'Clone workflow…' });
  await open.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Cloning this workflow' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(open).toBeFocused();

  const actions = page.getByRole('button', { name: 'Workflow actions' });
  await actions.focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Edit' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Cloning this workflow' })).toBeVisible();
});

for (const [size, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 375, height: 740 }],
] as const) {
  test(`the showcase has no WCAG 2.1 AA violations at ${size} size`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await openShowcase(page);
    await expectNoAxeViolations(page, 'the showcase');
  });
}
