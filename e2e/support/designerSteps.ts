import zlib from 'node:zlib';
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

/** A PNG of one colour (for uploads): width x height pixels of rgb. */
export function solidPng(width: number, height: number, rgb: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const pixels = zlib.deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
