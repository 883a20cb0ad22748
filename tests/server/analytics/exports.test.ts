import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIn } from '../../../server/services/analytics/analyticsScope.ts';
import { createTestApp, type Session, type TestApp } from '../../helpers/testApp.ts';
import { A, post } from '../workflowTestKit.ts';
import { type AnalyticsWorld, analyticsWorldWithEvents } from './analyticsTestKit.ts';

let t: TestApp;
let world: AnalyticsWorld;
let session: Session;
let range: { start_date: string; end_date: string };
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'h-anx-exports-'));
const EVIL = ['=HYPERLINK("http://evil.test","x")', '+SUM(1,2)', '-2+3', '@cmd'];

beforeAll(async () => {
  t = await createTestApp({ DELIVERY_POLL_MS: '0', DATA_DIR: dataDir });
  const made = await analyticsWorldWithEvents(t.app, t.database.db, {
    contacts: 30,
    emails: 4,
    events: 1500,
    seed: 'exports',
    timeZone: 'UTC',
  });
  world = made.world;
  session = made.session;
  const today = todayIn(world.timeZone);
  range = { start_date: addDays(today, -60), end_date: today };
  // Names a spreadsheet would run as formulas.
  for (const [i, name] of EVIL.entries())
    await t.database.db
      .updateTable('contacts')
      .set({ first_name: name, last_name: '' })
      .where('id', '=', world.contacts[i] as number)
      .execute();
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The latest export email to the world's user, once it is in the outbox. */
async function exportEmail(subject: string, after = 0) {
  const user = await t.database.db
    .selectFrom('users')
    .select('email')
    .where('id', '=', world.userId)
    .executeTakeFirstOrThrow();
  let text = '';
  await expect
    .poll(
      async () => {
        const row = await t.database.db
          .selectFrom('outbox')
          .select(['text_body', 'subject'])
          .where('to_address', '=', user.email)
          .where('subject', '=', subject)
          .where('id', '>', after)
          .orderBy('id', 'desc')
          .executeTakeFirst();
        text = row?.text_body ?? '';
        return text.includes('export_download/');
      },
      { timeout: 15_000, interval: 100 },
    )
    .toBe(true);
  const link = /https?:\/\/\S+/.exec(text)?.[0] ?? '';
  return { to: user.email, text, url: link.replace(/^https?:\/\/[^/]+/, '') };
}

describe('exports', () => {
  it('writes the whole contact tab to a CSV file whose link is emailed, formulas neutralised', async () => {
    const listing = (await post(t.app, session, `${A}contacts_listing/`, { ...range, limit: 1 })).json();
    const answer = await post(t.app, session, `${A}contacts_listing/`, { ...range, export_analytics: 1 });
    expect(answer.statusCode, answer.body).toBe(200);
    const mail = await exportEmail('Your export is ready: Contacts');
    expect(answer.json()).toMatchObject({ success: true, exported: true, email_address: mail.to });
    expect(mail.text).toContain(`(${listing.total_count} rows)`);

    const download = await t.app.inject({ method: 'GET', url: mail.url });
    expect(download.statusCode, download.body).toBe(200);
    expect(download.headers['content-type']).toContain('text/csv');
    expect(download.headers['content-disposition']).toMatch(
      /attachment; filename="contacts-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const rows = Papa.parse<string[]>(download.body.trim(), { skipEmptyLines: true }).data;
    expect(rows[0]).toEqual(expect.arrayContaining(['Name', 'Email', 'Sent', 'Opens']));
    expect(rows).toHaveLength(listing.total_count + 1);
    const names = rows.slice(1).map((r) => r[0] ?? '');
    // No cell starts a formula; the renamed contacts in the tab show their names behind an apostrophe.
    for (const evil of EVIL) expect(names).not.toContain(evil);
    expect(names.filter((n) => /^[=+\-@]/.test(n))).toEqual([]);
    expect(names.some((n) => EVIL.includes(n.slice(1)))).toBe(true);
  });

  it('refuses a forged or malformed link (404, 400) and an expired one (410); the clean-up removes it', async () => {
    await post(t.app, session, `${A}accounts_listing/`, { ...range, export_analytics: 1 });
    const mail = await exportEmail('Your export is ready: Accounts');
    expect((await t.app.inject({ method: 'GET', url: mail.url })).statusCode).toBe(200);
    const forged = mail.url.replace(/token=[^&]+/, `token=${'A'.repeat(43)}`);
    expect((await t.app.inject({ method: 'GET', url: forged })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `${A}export_download/?token=../../etc` })).statusCode,
    ).toBe(400);
    await t.database.db
      .updateTable('analytics_exports')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('report', '=', 'accounts_listing')
      .execute();
    const expired = await t.app.inject({ method: 'GET', url: mail.url });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().message).toMatch(/expired/);
    const files = fs.readdirSync(path.join(dataDir, 'exports'));
    await t.app.analyticsExports.removeExpired();
    expect(fs.readdirSync(path.join(dataDir, 'exports')).length).toBe(files.length - 1);
    expect((await t.app.inject({ method: 'GET', url: mail.url })).statusCode).toBe(404);
  });

  it('exports the dashboard’s emails and an engagement report; a foreign id is still a 404', async () => {
    const answer = await post(t.app, session, `${A}analytics_dashboard/`, { ...range, export_analytics: 1 });
    expect(answer.statusCode, answer.body).toBe(200);
    const mail = await exportEmail('Your export is ready: Email analytics');
    const csv = (await t.app.inject({ method: 'GET', url: mail.url })).body;
    const rows = Papa.parse<string[]>(csv.trim(), { skipEmptyLines: true }).data;
    expect(rows[0]?.[0]).toBe('Email');
    expect(rows.length).toBeGreaterThan(1);
    const foreign = await post(t.app, session, `${A}contact_email_engagement/`, {
      contact_id: 1,
      export_analytics: 1,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('writes XLSX as well, with the same rows and formulas neutralised; refuses another format', async () => {
    const listing = (
      await post(t.app, session, `${A}contacts_listing/`, { ...range, tab: 'delivered', limit: 1 })
    ).json();
    const newest = await t.database.db
      .selectFrom('outbox')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    const before = Number(newest?.id ?? 0);
    const answer = await post(t.app, session, `${A}contacts_listing/`, {
      ...range,
      tab: 'delivered',
      export_analytics: 1,
      export_format: 'xlsx',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    await expect
      .poll(
        async () =>
          (
            await t.database.db
              .selectFrom('analytics_exports')
              .select('status')
              .where('id', '=', answer.json().export_id)
              .executeTakeFirst()
          )?.status,
        { timeout: 15_000, interval: 100 },
      )
      .toBe('ready');
    const mail = await exportEmail('Your export is ready: Contacts', before);
    const download = await t.app.inject({ method: 'GET', url: mail.url });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toContain('spreadsheetml');
    expect(download.headers['content-disposition']).toMatch(/\.xlsx"$/);
    const workbook = new ExcelJS.Workbook();
    const bytes = download.rawPayload;
    await workbook.xlsx.load(
      bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
    );
    const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
    expect(sheet.getRow(1).getCell(1).value).toBe('Name');
    expect(sheet.rowCount).toBe(listing.total_count + 1);
    const names: string[] = [];
    sheet.eachRow((row, n) => {
      if (n > 1) names.push(String(row.getCell(1).value ?? ''));
      for (const cell of row.values as unknown[])
        expect(typeof cell === 'object' && cell !== null && 'formula' in cell).toBe(false);
    });
    expect(names.filter((name) => /^[=+\-@]/.test(name))).toEqual([]);
    const bad = await post(t.app, session, `${A}contacts_listing/`, {
      export_analytics: 1,
      export_format: 'pdf',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/export_format must be csv or xlsx/);
  });
});
