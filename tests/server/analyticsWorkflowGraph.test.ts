import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkflowGraphSeries } from '../../domain/workflowTypes.ts';
import { OTHER_ORG_LOGIN } from '../../server/seed/demoAccounts.ts';
import { createTestApp, type Session, signIn, type TestApp } from '../helpers/testApp.ts';
import { A, get, post } from './workflowTestKit.ts';

let t: TestApp;
let demo: Session;
let other: Session;

beforeAll(async () => {
  t = await createTestApp();
  demo = await signIn(t.app);
  other = await signIn(t.app, OTHER_ORG_LOGIN);
});
afterAll(async () => {
  await t?.close();
});

describe('graph_email_listing/', () => {
  it("lists a workflow's graph emails by name, searchable", async () => {
    const body = (await get(t.app, demo, `${A}graph_email_listing/`, { workflow_id: 1 })).json();
    expect(body).toEqual({
      success: true,
      data: [
        { email_id: 19, email_name: 'Feedback request' },
        { email_id: 16, email_name: 'Getting started' },
        { email_id: 17, email_name: 'Tips and tricks' },
      ],
    });
    const search = (
      await get(t.app, demo, `${A}graph_email_listing/`, { workflow_id: 1, search_term: ' TIPS ' })
    ).json();
    expect(search.data).toEqual([{ email_id: 17, email_name: 'Tips and tricks' }]);
  });

  it("answers 404 for another user's workflow", async () => {
    expect((await get(t.app, other, `${A}graph_email_listing/`, { workflow_id: 1 })).statusCode).toBe(404);
  });
});

describe('workflow_emails_graph/', () => {
  it('sums sends, opens and clicks per email and day, matching the events', async () => {
    // The demo activity is the three months before the day of seeding: a quarter ending today holds it.
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const today = day(Date.now());
    const from = day(Date.parse(`${today}T00:00:00Z`) - 89 * 86_400_000);
    const response = await post(t.app, demo, `${A}workflow_emails_graph/`, {
      workflow_id: 2,
      end_date: today,
    });
    expect(response.statusCode, response.body).toBe(200);
    const { data } = response.json();
    expect(data).toMatchObject({ filter: 'qtr', from, to: today });
    const series: WorkflowGraphSeries[] = data.series;
    expect(series.map((s) => s.email_id).sort()).toEqual([2, 4]);
    for (const s of series) {
      expect(s.points).toHaveLength(90);
      expect(s.points[0]?.date).toBe(from);
      const expected = await sql<{ sends: string | number; opens: string | number; clicks: string | number }>`
        select count(*) filter (where kind = 'sent') as sends, count(*) filter (where kind = 'opened') as opens,
               count(*) filter (where kind = 'clicked') as clicks
        from email_event where workflow_id = 2 and email_id = ${s.email_id}
          and occurred_at >= ${`${from}T00:00:00Z`}::timestamptz
          and occurred_at < ${`${today}T00:00:00Z`}::timestamptz + interval '1 day'`.execute(t.database.db);
      const row = expected.rows[0];
      const sum = (key: 'sends' | 'opens' | 'clicks') => s.points.reduce((n, p) => n + p[key], 0);
      expect(sum('sends')).toBe(Number(row?.sends));
      expect(sum('opens')).toBe(Number(row?.opens));
      expect(sum('clicks')).toBe(Number(row?.clicks));
      expect(sum('sends')).toBeGreaterThan(0);
    }
    expect(series.find((s) => s.email_id === 4)?.points.some((p) => p.clicks > 0)).toBe(true);
  });

  it('narrows by email and period, and defaults to a quarter ending today', async () => {
    const week = (
      await post(t.app, demo, `${A}workflow_emails_graph/`, {
        workflow_id: 2,
        filter: 'week',
        email_ids: '4',
        end_date: '2026-10-31',
      })
    ).json();
    expect(week.data.series).toHaveLength(1);
    expect(week.data.series[0].points.map((p: { date: string }) => p.date)).toEqual([
      '2026-10-25',
      '2026-10-26',
      '2026-10-27',
      '2026-10-28',
      '2026-10-29',
      '2026-10-30',
      '2026-10-31',
    ]);
    const year = (
      await post(t.app, demo, `${A}workflow_emails_graph/`, { workflow_id: 2, filter: 'year' })
    ).json();
    expect(year.data.series[0].points).toHaveLength(365);
    expect(year.data.to).toBe(new Date().toISOString().slice(0, 10));
    const empty = (await post(t.app, demo, `${A}workflow_emails_graph/`, { workflow_id: 9 })).json();
    expect(empty.data.series.every((s: WorkflowGraphSeries) => s.points.every((p) => p.sends === 0))).toBe(
      true,
    );
  });

  it('refuses bad input (400) and foreign workflows (404)', async () => {
    for (const fields of [
      {},
      { workflow_id: 2, filter: 'decade' },
      { workflow_id: 2, end_date: '2026-13-45' },
      { workflow_id: 2, email_ids: 'x' },
    ]) {
      const response = await post(t.app, demo, `${A}workflow_emails_graph/`, fields);
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
    }
    expect((await post(t.app, other, `${A}workflow_emails_graph/`, { workflow_id: 2 })).statusCode).toBe(404);
  });
});
