import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEventLog, type EventLogFile } from '../../machines/eventLog.ts';
import { REDACTED, redactSecrets } from '../../machines/redactSecrets.ts';

describe('redactSecrets', () => {
  it('redacts secret keys at any depth, in objects and arrays', () => {
    const value = {
      email: 'a@b.test',
      password: 'hunter2-hunter2',
      nested: { csrf_token: 'abc', list: [{ Authorization: 'Bearer x', keep: 1 }], sessionCookie: 'c' },
      apiSecret: 's',
      resetToken: 't',
    };
    expect(redactSecrets(value)).toEqual({
      email: 'a@b.test',
      password: REDACTED,
      nested: { csrf_token: REDACTED, list: [{ Authorization: REDACTED, keep: 1 }], sessionCookie: REDACTED },
      apiSecret: REDACTED,
      resetToken: REDACTED,
    });
  });

  it('replaces a known secret value wherever it appears, and keeps errors readable', () => {
    const token = 'tok-1234567890abcdef';
    const error = Object.assign(new Error(`refused ${token}`), { status: 403 });
    expect(redactSecrets({ path: `/sso/${token}/`, error }, [token])).toEqual({
      path: `/sso/${REDACTED}/`,
      error: { name: 'Error', message: `refused ${REDACTED}`, status: 403 },
    });
  });
});

describe('createEventLog', () => {
  it('writes a header and keeps only the newest entries beyond its limit, counting the dropped ones', () => {
    let now = 0;
    const log = createEventLog({ limit: 3, now: () => now, startedAt: new Date('2026-01-02T03:04:05Z') });
    for (let i = 0; i < 5; i += 1) {
      now += 10.7;
      log.record({
        kind: 'event',
        actor: 'x#1',
        event: { type: 'x.ping', i },
        state: { value: 'a', status: 'active', context: null },
      });
    }
    const file = log.toJSON();
    expect(file.header.startedAt).toBe('2026-01-02T03:04:05.000Z');
    expect(file.dropped).toBe(2);
    expect(file.entries.map((entry) => entry.index)).toEqual([2, 3, 4]);
    expect(file.entries.map((entry) => entry.at)).toEqual([32, 42, 53]);
  });
});

describe('npm run replay (scripts/replay.ts)', () => {
  const tsx = path.join(process.cwd(), 'node_modules', '.bin', 'tsx');
  const signIn = path.join(process.cwd(), 'tests', 'replays', 'sign-in.json');

  it('prints every state and exits 0 for a faithful log; names the changed event and exits 1', () => {
    const ok = spawnSync(tsx, ['scripts/replay.ts', signIn], { encoding: 'utf8' });
    expect(ok.status, ok.stderr).toBe(0);
    expect(ok.stdout).toMatch(/currentUser#1 start currentUser -> loading/);
    expect(ok.stdout).toMatch(/every state matches/);

    const log = JSON.parse(readFileSync(signIn, 'utf8')) as EventLogFile;
    const target = log.entries.find(
      (entry) => entry.kind === 'event' && entry.event.type === 'request.submit',
    );
    if (target?.kind !== 'event') throw new Error('the sign-in log has a request.submit');
    target.event = { type: 'request.reset' };
    const dir = mkdtempSync(path.join(os.tmpdir(), 'wb-replay-'));
    try {
      const changed = path.join(dir, 'changed.json');
      writeFileSync(changed, JSON.stringify(log));
      const bad = spawnSync(tsx, ['scripts/replay.ts', changed], { encoding: 'utf8' });
      expect(bad.status).toBe(1);
      expect(bad.stderr).toContain(`divergence at event #${target.index}: expected loading, got idle`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
