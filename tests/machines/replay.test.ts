import { describe, expect, it } from 'vitest';
import type { EventLogFile } from '../../machines/eventLog.ts';
import { replayEventLog } from '../../machines/replay.ts';
import { recordSampleSession, SAMPLE_CSRF, SAMPLE_PASSWORD } from './recordSampleSession.ts';

function copy(log: EventLogFile): EventLogFile {
  return JSON.parse(JSON.stringify(log)) as EventLogFile;
}

describe('replayEventLog', () => {
  it('records starts, external events, timers and promise outcomes with offsets', async () => {
    const log = (await recordSampleSession()).toJSON();
    const kinds = new Set(log.entries.map((entry) => entry.kind));
    expect([...kinds].sort()).toEqual(['actor.start', 'event', 'outcome', 'timer']);
    expect(log.entries.map((entry) => entry.index)).toEqual(log.entries.map((_, i) => i));
    const offsets = log.entries.map((entry) => entry.at);
    expect(offsets).toEqual([...offsets].sort((a, b) => a - b));
    const outcome = log.entries.find(
      (entry) => entry.kind === 'outcome' && entry.actor === 'load:contacts#1',
    );
    expect(outcome).toMatchObject({
      outcome: 'done',
      output: { page: 2, rows: 3 },
      state: { value: 'success' },
    });
    // The superseded call left no outcome: only one load outcome was recorded.
    expect(log.entries.filter((e) => e.kind === 'outcome' && e.actor === 'load:contacts#1')).toHaveLength(1);
    expect(log.header).toMatchObject({ startedAt: '2026-11-22T01:00:00.000Z' });
    expect(log.header.appVersion).toMatch(/^\d+\.\d+\.\d+/);
    expect(log.header.timeZone.length).toBeGreaterThan(0);
  });

  it('a faithful replay reproduces every recorded state', async () => {
    const log = (await recordSampleSession()).toJSON();
    const result = await replayEventLog(copy(log));
    expect(result.divergence).toBeNull();
    expect(result.steps).toHaveLength(log.entries.length);
    const progress = result.steps.filter((step) => step.actor === 'importProgress#1').map((s) => s.actual);
    expect(progress).toContain('importing.complete');
    expect(progress.at(-1)).toBe('done');
  });

  it('the same log with one event changed is reported as a divergence at that event', async () => {
    const log = copy((await recordSampleSession()).toJSON());
    const target = log.entries.find((entry) => entry.kind === 'event' && entry.event.type === 'load.start');
    if (target?.kind !== 'event') throw new Error('the sample has a load.start');
    target.event = { type: 'load.reset' };
    const result = await replayEventLog(log);
    expect(result.divergence?.index).toBe(target.index);
    expect(result.divergence?.expected).toBe('loading');
    expect(result.divergence?.actual).toBe('idle');
  });

  it('a changed promise outcome is a divergence too (context compared, not only the state path)', async () => {
    const log = copy((await recordSampleSession()).toJSON());
    const target = log.entries.find((entry) => entry.kind === 'outcome' && entry.actor === 'load:contacts#1');
    if (target?.kind !== 'outcome') throw new Error('the sample has a load outcome');
    target.output = { page: 2, rows: 4 };
    const result = await replayEventLog(log);
    expect(result.divergence?.index).toBe(target.index);
    expect(result.divergence?.actual).toContain('context.data');
  });

  it('never writes the password or the CSRF token', async () => {
    const text = JSON.stringify((await recordSampleSession()).toJSON());
    expect(text).not.toContain(SAMPLE_PASSWORD);
    expect(text).not.toContain(SAMPLE_CSRF);
    expect(text).toContain('[redacted]');
  });
});
