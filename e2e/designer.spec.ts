import { DEMO_LOGIN } from '../server/seed/demoAccounts.ts';
import { signIn } from './support/authSteps.ts';
import { expect, test } from './support/cspTest.ts';

/**
 * The email designer, one cheap walk (needs the design service's routes, /api/publish/): a new digest
 * email's Draft Edition opened from its campaign's Design link; a template applied; text typed in place;
 * a link set on a word with Ctrl+K and removed; an article list added from the palette and taken back with Undo; a reload finds the unsaved draft kept
 * in this browser; saved, the text version shows the typed text at once; the preview shows desktop and
 * phone side by side, then at 375 px.
 */
const tag = () => Math.random().toString(36).slice(2, 8);

test('design an edition from a template, edit text, add and undo an article list, reload, preview', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const campaign = `Design walk ${tag()}`;
  const email = `Digest ${tag()}`;
  await signIn(page, DEMO_LOGIN);
  await page.goto('/createcampaign');
  await page.getByLabel('Campaign name').fill(campaign);
  await page.getByRole('button', { name: 'Create campaign' }).click();
  await expect(page.getByRole('heading', { level: 1, name: campaign })).toBeVisible();
  await page.getByRole('button', { name: 'New email' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email name').fill(email);
  await dialog.getByLabel('Digest (curated articles)').check();
  await dialog.getByRole('button', { name: 'Create email' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('link', { name: `Design edition Draft Edition of ${email}` }).click();
  await expect(page).toHaveURL(/\/campaigns\/editionedit\/design\?.*version_id=\d+/);
  const blocks = page.getByTestId('canvas-block');
  await expect(blocks.first()).toBeVisible();

  // A template replaces the document.
  await page.getByRole('tab', { name: 'Templates' }).click();
  await page
    .getByRole('button', { name: /^Apply template / })
    .first()
    .click();
  await expect(page.getByText(/replaced the design/)).toBeVisible();

  // Text typed in place.
  const text = page.getByRole('textbox', { name: 'Text', exact: true }).first();
  await text.click();
  await page.keyboard.press('End');
  await page.keyboard.type(' Typed in the designer.');
  await expect(text).toContainText('Typed in the designer.');

  // A link on the selected word (Ctrl+K; the Link button shows while the text has focus): a bare address
  // is completed to https; opened again on the link, it is removed.
  await expect(page.getByRole('button', { name: 'Link in Text' }).first()).toBeVisible();
  // Select the word "designer" (before the full stop at the end).
  await expect(async () => {
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Control+Shift+ArrowLeft');
    expect(await page.evaluate(() => window.getSelection()?.toString())).toBe('designer');
  }).toPass({ timeout: 5000 });
  await page.keyboard.press('Control+k');
  const linkDialog = page.getByRole('dialog', { name: 'Add a link' });
  await linkDialog.getByLabel('Link address').fill('javascript:alert(1)');
  await linkDialog.getByRole('button', { name: 'Apply' }).click();
  await expect(linkDialog.getByText(/A link goes to a web address/)).toBeVisible();
  if (process.env.DESIGNER_SHOTS_DIR) {
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: width > 600 ? 800 : 812 });
      await page.screenshot({ path: `${process.env.DESIGNER_SHOTS_DIR}/designer-${width}-link.png` });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  }
  await linkDialog.getByLabel('Link address').fill('example.com/walk');
  await linkDialog.getByRole('button', { name: 'Apply' }).click();
  await expect(text.locator('a[href="https://example.com/walk"]')).toHaveText('designer');
  await page.keyboard.press('Control+k');
  const editDialog = page.getByRole('dialog', { name: 'Edit link' });
  await expect(editDialog.getByLabel('Link address')).toHaveValue('https://example.com/walk');
  await editDialog.getByRole('button', { name: 'Remove link' }).click();
  await expect(text.locator('a')).toHaveCount(0);

  // An article list from the palette, then Undo.
  const lists = page.locator('[data-testid="canvas-block"][data-kind="articleList"]');
  const before = await lists.count();
  await page.getByRole('button', { name: 'Add Article list' }).click();
  await expect(lists).toHaveCount(before + 1);
  // The designer's own Undo (the template's toast offers one too, for the template).
  await page.getByRole('button', { name: 'Undo', exact: true, description: 'Undo (Ctrl+Z)' }).click();
  await expect(lists).toHaveCount(before);

  // The unsaved draft survives a reload (IndexedDB).
  await expect(page.getByTestId('draft-status')).toHaveText('Draft kept locally: not saved yet');
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Text', exact: true }).first()).toContainText(
    'Typed in the designer.',
  );

  // Saved, the text version is made from what was saved, at once (no reload).
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByTestId('draft-status')).toHaveText(/Design saved|All changes saved/);
  await page.getByRole('tab', { name: 'Text version' }).click();
  await expect(page.getByRole('textbox', { name: 'Text version' })).toHaveValue(/Typed in the designer\./);

  // Preview: desktop and phone side by side; then on a phone-sized window.
  await page.getByRole('tab', { name: 'Preview' }).click();
  await expect(page.frameLocator('iframe[title="Desktop preview"]').locator('body')).toContainText(
    'Typed in the designer.',
  );
  await expect(page.getByTitle('Phone preview')).toHaveAttribute('width', '375');
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(page.frameLocator('iframe[title="Phone preview"]').locator('body')).toContainText(
    'Typed in the designer.',
  );
});
