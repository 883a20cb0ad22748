import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_IDS } from '../../../server/seed/demoIds.ts';
import { createTestApp, type TestApp } from '../../helpers/testApp.ts';
import { preferenceTestKit } from './preferenceTestKit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_RATE_LIMIT: '100000' });
});
afterAll(async () => {
  await t?.close();
});

const { post, details, recipient, ledger } = preferenceTestKit(() => t);

const ALERTS = ['Account alerts', 'CxO alerts', 'Industry news'];
const NEWSLETTERS = [4, 5, 6];
const bit = (n: number, i: number) => ((n >> i) & 1) === 1;

/**
 * The n-th of 50 distinct saves: marketing alternates with n, and the other choices spell out n, so
 * that whatever order they run in, every save changes something and must leave exactly one entry.
 */
function save(uuid: string, n: number): Record<string, string> {
  const code = n >> 1;
  return {
    unsub_uuid: uuid,
    unsub_all: '0',
    marketing: bit(n, 0) ? '1' : '0',
    webinars: bit(code, 0) ? '1' : '0',
    alerts: JSON.stringify(ALERTS.map((name, i) => ({ name, status: bit(code, i + 1) ? '1' : '0' }))),
    news_letters_subscribed: NEWSLETTERS.filter((_, i) => bit(code, i + 4)).join(','),
  };
}

/** A save's choices as the ledger writes them. */
function expected(n: number) {
  const fields = save('', n);
  const chosen = fields.news_letters_subscribed?.split(',') ?? [];
  return JSON.stringify({
    unsub_all: '0',
    marketing: fields.marketing,
    webinars: fields.webinars,
    alerts: JSON.parse(fields.alerts ?? '[]'),
    newsletters: NEWSLETTERS.map((id, i) => ({
      id,
      name: ['Weekly digest', 'Sales triggers', 'Business advice'][i],
      status: chosen.includes(String(id)) ? '1' : '0',
    })),
  });
}

describe('concurrent changes', () => {
  it('50 concurrent saves for one recipient: each applied and recorded once, as an unbroken chain', async () => {
    const uuid = await recipient(30);
    // Start from "unsubscribed from everything", which none of the 50 saves asks for.
    await post('unsubscribe/', { unsub_uuid: uuid, unsub_flag: '1' });
    const saves = Array.from({ length: 50 }, (_, n) => n);
    expect(new Set(saves.map(expected)).size).toBe(50);

    const responses = await Promise.all(saves.map((n) => post('update_preference/', save(uuid, n))));
    expect(responses.map((r) => r.statusCode)).toEqual(saves.map(() => 200));

    const entries = await ledger(uuid);
    expect(entries.map((e) => e.source)).toEqual(['unsubscribe', ...saves.map(() => 'page')]);
    for (let i = 1; i < entries.length; i += 1) {
      expect(entries[i]?.before, `entry ${i}`).toEqual(entries[i - 1]?.after);
    }
    const recorded = entries.slice(1).map((e) => JSON.stringify(e.after));
    expect([...recorded].sort()).toEqual(saves.map(expected).sort());
    // The record holds what the last entry says.
    const last = entries.at(-1)?.after;
    const now = await details(uuid);
    expect({
      unsub_all: now.unsub_all,
      marketing: now.marketing,
      webinars: now.webinars,
      alerts: now.alerts,
      newsletters: now.news_letters,
    }).toEqual(last);
  }, 60_000);

  it('200 concurrent unsubscribes of distinct recipients: each applied and recorded once', async () => {
    const uuids = Array.from(
      { length: 200 },
      (_, i) => `c0ffee00-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    await t.database.db
      .insertInto('preferences')
      .values(
        uuids.map((uuid, i) => ({
          uuid,
          org_id: DEMO_IDS.mainOrgId,
          contact_id: null,
          email: `load-${i}@example.test`,
          marketing: true,
          webinars: true,
          unsub_all: false,
        })),
      )
      .execute();

    const responses = await Promise.all(
      uuids.map((uuid, i) =>
        i % 2 === 0
          ? post('unsubscribe/', { unsub_uuid: uuid, unsub_flag: '1' })
          : post(`one_click/${uuid}/`, { 'List-Unsubscribe': 'One-Click' }),
      ),
    );
    expect(responses.map((r) => r.json().status)).toEqual(uuids.map(() => 'True'));

    const rows = await t.database.db
      .selectFrom('preferences')
      .select(['uuid', 'unsub_all', 'marketing', 'webinars'])
      .where('uuid', 'in', uuids)
      .execute();
    expect(rows).toHaveLength(200);
    expect(rows.every((r) => r.unsub_all && !r.marketing && !r.webinars)).toBe(true);

    const entries = await t.database.db
      .selectFrom('consent_ledger')
      .select(['preference_uuid', 'source'])
      .where('preference_uuid', 'in', uuids)
      .execute();
    expect(entries).toHaveLength(200);
    expect(new Set(entries.map((e) => e.preference_uuid)).size).toBe(200);
    const bySource = (source: string) => entries.filter((e) => e.source === source).length;
    expect([bySource('unsubscribe'), bySource('one_click')]).toEqual([100, 100]);
  }, 60_000);

  it('changes written together: a refused one answers 400 alone, the others are applied', async () => {
    const [a, b, c] = [await recipient(31), await recipient(32), await recipient(33)];
    const responses = await Promise.all([
      post('unsubscribe/', { unsub_uuid: a, unsub_flag: '1' }),
      post('update_preference/', {
        ...save(b, 3),
        alerts: JSON.stringify([{ name: 'Not an alert', status: '1' }]),
      }),
      post('update_preference/', save(c, 5)),
      post('unsubscribe/', { unsub_uuid: a, unsub_flag: '1' }),
    ]);
    expect(responses.map((r) => r.statusCode)).toEqual([200, 400, 200, 200]);
    expect(responses[1]?.json().message).toMatch(/Not an alert/);
    expect((await ledger(a)).map((e) => e.source)).toEqual(['unsubscribe']);
    expect(await ledger(b)).toEqual([]);
    expect((await ledger(c)).map((e) => JSON.stringify(e.after))).toEqual([expected(5)]);
  });
});
