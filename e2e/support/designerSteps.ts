import { expect, type Page } from '@playwright/test';
import { DEMO_LOGIN } from '../../server/seed/demoAccounts.ts';
import { signIn } from './authSteps.ts';

const tag = () => Math.random().toString(36).slice(2, 8);

/** The signed-in page's CSRF token (for API calls made as that person). */
async function csrfToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => window.localStorage.getItem('csrf_token'));
  if (!token) throw new Error('the page holds no CSRF token');
  return token;
}

/**
 * Signs in as the demo user, creates an ad hoc email through the API (its Draft Edition starts with the
 * default design: a header, the intro text, a button and the footer) and opens that edition in the
 * designer. `empty`: the edition's design is first saved with no block. Returns the edition's version id.
 */
export async function openNewEdition(page: Page, options: { empty?: boolean } = {}): Promise<number> {
  await signIn(page, DEMO_LOGIN);
  const headers = { 'X-CSRFToken': await csrfToken(page) };
  const created = await page.request.post('/api/campaign/create_email/', {
    form: { email_name: `Designer ${tag()}`, email_type: '1' },
    headers,
  });
  expect(created.ok(), await created.text()).toBe(true);
  const body = (await created.json()) as { data: { editions: { version_id: number }[] } };
  const versionId = body.data.editions[0]?.version_id ?? 0;
  if (options.empty) {
    const design = await page.request.get(`/api/publish/design/?version_id=${versionId}`);
    const { data } = (await design.json()) as { data: { design: { theme: unknown }; version_name: string } };
    const saved = await page.request.post('/api/publish/design/save/', {
      form: {
        version_id: String(versionId),
        version_name: data.version_name,
        design: JSON.stringify({ ...data.design, blocks: [] }),
      },
      headers,
    });
    expect(saved.ok(), await saved.text()).toBe(true);
  }
  await page.goto(`/campaigns/editionedit/design?version_id=${versionId}`);
  await expect(page.getByRole('region', { name: 'Email canvas' })).toBeVisible();
  return versionId;
}
