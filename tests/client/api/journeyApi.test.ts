import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_JOURNEY_CRITERIA } from '../../../domain/journeyScoring.ts';
import { journeyApi, overviewPage } from '../../../src/api/journeyApi.ts';
import { json, stubFetch } from './fetchStub.ts';

let fetchStub: ReturnType<typeof stubFetch>;
beforeEach(() => {
  fetchStub = stubFetch();
});
afterEach(() => vi.unstubAllGlobals());

const last = () => {
  const call = fetchStub.calls.at(-1);
  const url = new URL(call?.url ?? '', 'http://x.test');
  return { path: url.pathname, query: Object.fromEntries(url.searchParams), init: call?.init };
};

describe('the journey service’s calls', () => {
  it('sources/ asks for the period’s two days', async () => {
    fetchStub.setAnswer(async () =>
      json({ success: true, total_views: 0, total_visitors: 0, sources: [], utm: [], referrers: [] }),
    );
    await journeyApi.sources({ startDate: '2026-09-01', endDate: '2026-11-28' });
    expect(last().path).toBe('/api/journey/sources/');
    expect(last().query).toMatchObject({ start_date: '2026-09-01', end_date: '2026-11-28' });
  });

  it('overview/ sends the stage, the search and the page of the rows wanted', async () => {
    fetchStub.setAnswer(async () => json({ success: true, stages: [], total_records: 0, result: [] }));
    await journeyApi.overview({ stage: 'Ready', q: 'ann', offset: 40, limit: 20 });
    expect(last().path).toBe('/api/journey/overview/');
    expect(last().query).toMatchObject({
      buyer_stage_filter: 'Ready',
      search: 'ann',
      page: '3',
      page_size: '20',
    });
    await journeyApi.overview({ stage: null, q: '', offset: 0, limit: 60 });
    expect(last().query).toEqual(expect.objectContaining({ page: '1', page_size: '60' }));
    expect(last().query).not.toHaveProperty('buyer_stage_filter');
    expect(last().query).not.toHaveProperty('search');
  });

  it('an offset between pages asks for the rows up to it and drops those before it', async () => {
    expect(overviewPage(30, 20)).toEqual({ page: 1, pageSize: 50, skip: 30 });
    const rows = Array.from({ length: 50 }, (_, i) => ({ contact_id: i + 1 }));
    fetchStub.setAnswer(async () => json({ success: true, stages: [], total_records: 50, result: rows }));
    const answer = await journeyApi.overview({ stage: null, q: '', offset: 30, limit: 20 });
    expect(answer.result.map((row) => row.contact_id)).toEqual(rows.slice(30).map((row) => row.contact_id));
  });

  it('criteria/, criteria_preview/ and tracking/ post JSON documents; recompute/ names its job', async () => {
    fetchStub.setAnswer(async () => json({ success: true }));
    await journeyApi.saveCriteria(DEFAULT_JOURNEY_CRITERIA);
    expect(last().path).toBe('/api/journey/criteria/');
    expect(last().init?.method).toBe('POST');
    expect(JSON.parse(String(last().init?.body))).toEqual(DEFAULT_JOURNEY_CRITERIA);
    await journeyApi.criteriaPreview(DEFAULT_JOURNEY_CRITERIA);
    expect(last().path).toBe('/api/journey/criteria_preview/');
    expect(JSON.parse(String(last().init?.body))).toEqual(DEFAULT_JOURNEY_CRITERIA);
    await journeyApi.saveDomains(['example.com']);
    expect(last().path).toBe('/api/journey/tracking/');
    expect(JSON.parse(String(last().init?.body))).toEqual({ domains: ['example.com'] });
    await journeyApi.recompute(7);
    expect(last().path).toBe('/api/journey/recompute/');
    expect(last().query).toMatchObject({ job_id: '7' });
  });
});
