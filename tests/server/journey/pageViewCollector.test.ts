import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PageViewCollector, type PageViewInput } from '../../../server/services/journey/PageViewCollector.ts';
import { createTestApp, type TestApp } from '../../helpers/testApp.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

let next = 0;
const input = (orgId: number, visitorKey: string): PageViewInput => {
  next += 1;
  return {
    orgId,
    visitorKey,
    clientEventId: `collector-${next}`,
    url: 'https://www.acme-site.test/',
    path: '/',
    title: 'Home',
    referrer: '',
    visit: null,
    viewedAt: new Date(),
  };
};
const stored = async (clientEventId: string) =>
  (
    await t.database.db
      .selectFrom('page_view')
      .select('id')
      .where('client_event_id', '=', clientEventId)
      .execute()
  ).length;

describe('PageViewCollector', () => {
  it('answers a view once it is queued, and has written it when drained', async () => {
    const collector = new PageViewCollector(t.database.db, () => {});
    const view = input(1, 'collector-visitor-a');
    await collector.record(view);
    expect(collector.uncommitted).toBe(1);
    await collector.drain();
    expect(collector.uncommitted).toBe(0);
    expect(await stored(view.clientEventId)).toBe(1);
  });

  it('waits for the commit when more views than allowed are uncommitted', async () => {
    const collector = new PageViewCollector(t.database.db, () => {}, 0);
    const view = input(1, 'collector-visitor-b');
    await collector.record(view);
    expect(collector.uncommitted).toBe(0);
    expect(await stored(view.clientEventId)).toBe(1);
  });

  it('reports an answered view that could not be written, and writes the others of its batch', async () => {
    const lost: PageViewInput[] = [];
    const collector = new PageViewCollector(t.database.db, (_error, view) => lost.push(view));
    const bad = input(999_999, 'collector-visitor-c');
    const good = input(1, 'collector-visitor-c');
    await Promise.all([collector.record(bad), collector.record(good)]);
    await collector.drain();
    expect(lost).toEqual([bad]);
    expect(await stored(good.clientEventId)).toBe(1);
    expect(await stored(bad.clientEventId)).toBe(0);
  });
});
