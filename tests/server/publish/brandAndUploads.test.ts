import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME } from '../../../domain/emailDesign.ts';
import type { UploadedImage } from '../../../domain/publishSchemas.ts';
import { DEMO_IDS } from '../../../server/seed/demoIds.ts';
import { DEMO_BRAND_THEME } from '../../../server/seed/seedDesign.ts';
import type { Session, TestApp } from '../../helpers/testApp.ts';
import { get, post } from '../workflowTestKit.ts';
import { TINY_PNG } from './designFixtures.ts';
import { publishRoutesFixture, refused } from './publishRoutesFixture.ts';
import { ok, P } from './publishTestKit.ts';

let t: TestApp;
let dataDir: string;
let demo: Session;
let other: Session;

publishRoutesFixture((fixture) => {
  ({ t, dataDir, demo, other } = fixture);
});

function multipart(filename: string, type: string, bytes: Buffer) {
  const boundary = '----wbtest7f3a';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
const upload = (session: Session, filename: string, type: string, bytes: Buffer) => {
  const body = multipart(filename, type, bytes);
  return t.app.inject({
    method: 'POST',
    url: `${P}upload_image/`,
    headers: { ...body.headers, cookie: session.cookie, 'x-csrftoken': session.csrf },
    payload: body.payload,
  });
};

describe('brand_theme/', () => {
  it('reads and changes the organisation brand, refusing bad themes', async () => {
    const before = ok<{ theme: unknown; postal_address: string }>(
      await get(t.app, other, `${P}brand_theme/`),
    );
    expect(before.theme).toEqual(DEFAULT_THEME);
    const theme = { ...DEFAULT_THEME, accentColor: '#aa0000' };
    const changed = ok<{ theme: unknown; postal_address: string }>(
      await post(t.app, other, `${P}brand_theme/`, {
        theme: JSON.stringify(theme),
        postal_address: ' 5 Lane, Town ',
      }),
    );
    expect(changed).toEqual({ theme, postal_address: '5 Lane, Town' });
    expect(ok<{ theme: unknown }>(await get(t.app, demo, `${P}brand_theme/`)).theme).toEqual(
      DEMO_BRAND_THEME,
    );
    refused(
      await post(t.app, other, `${P}brand_theme/`, {
        theme: JSON.stringify({ ...theme, linkColor: 'blue' }),
      }),
    );
    refused(await post(t.app, other, `${P}brand_theme/`, { theme: 'nope' }));
    refused(await post(t.app, other, `${P}brand_theme/`, {}));
  });
});

describe('upload_image/', () => {
  it('takes the type from the bytes: a PNG called .jpg is a PNG, served with long cache headers', async () => {
    const image = ok<UploadedImage>(await upload(demo, 'photo.jpg', 'image/jpeg', TINY_PNG));
    expect(image).toMatchObject({ width: 1, height: 1, byte_size: TINY_PNG.length });
    expect(image.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(image.url).toBe(`https://app.test/uploads/${image.id}`);
    expect(fs.readFileSync(path.join(dataDir, 'uploads', image.id)).equals(TINY_PNG)).toBe(true);
    const row = await t.database.db
      .selectFrom('uploaded_images')
      .selectAll()
      .where('id', '=', image.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ org_id: DEMO_IDS.mainOrgId, content_type: 'image/png' });
    const served = await t.app.inject({ url: `/uploads/${image.id}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(TINY_PNG)).toBe(true);
    expect((await t.app.inject({ url: '/uploads/AAAAAAAAAAAAAAAAAAAAAA' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/uploads/..%2F..%2Fetc%2Fpasswd' })).statusCode).toBe(404);
  });

  it('refuses a text file called .png, an oversized image and a body without a file', async () => {
    expect(
      refused(await upload(demo, 'fake.png', 'image/png', Buffer.from('hello, I am text'))).message,
    ).toMatch(/PNG, JPEG, GIF or WebP/);
    const big = Buffer.concat([TINY_PNG, Buffer.alloc(5 * 1024 * 1024)]);
    expect(refused(await upload(demo, 'big.png', 'image/png', big)).message).toMatch(/5 MB/);
    refused(await post(t.app, demo, `${P}upload_image/`, { file: 'abc' }));
    const count = await t.database.db
      .selectFrom('uploaded_images')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });
});

describe('stripo/auth/', () => {
  it('says the workbench has its own designer', async () => {
    const response = await post(t.app, demo, `${P}stripo/auth/`, {});
    expect(response.json()).toMatchObject({ success: true, editor: 'workbench' });
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ url: `${P}templates/` })).statusCode).toBe(403);
  });
});
