import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import {
  IMPORT_REDIRECT_MS,
  IMPORT_REDIRECT_PATH,
  IMPORT_STEP,
  IMPORT_TICK_MS,
  IMPORT_TOTAL,
  importCaption,
} from '../../domain/importProgress.ts';
import { importProgressMachine } from '../../machines/importProgressMachine.ts';

function start() {
  const clock = new SimulatedClock();
  const actor = createActor(importProgressMachine, { clock });
  const redirects: Array<{ to: string; at: number }> = [];
  actor.on('import.redirect', (event) => redirects.push({ to: event.to, at: clock.now() }));
  actor.start();
  return { clock, actor, redirects };
}

/**
 * SimulatedClock fires only the timers due at the moment it is moved to; a timer scheduled by a fired one
 * starts from that moment. So time is moved forward in steps no longer than one tick, like real time.
 */
function advance(clock: SimulatedClock, ms: number): void {
  let left = ms;
  while (left > 0) {
    const step = Math.min(IMPORT_TICK_MS, left);
    clock.increment(step);
    left -= step;
  }
}

describe('importProgressMachine', () => {
  it('uses the spec constants', () => {
    expect([IMPORT_TOTAL, IMPORT_STEP, IMPORT_TICK_MS, IMPORT_REDIRECT_MS]).toEqual([1000, 100, 500, 6000]);
    expect(IMPORT_REDIRECT_PATH).toBe('/content/search');
    expect(importCaption(300)).toBe('Importing 300 of 1000 contacts & Accounts');
  });

  it('starts at 0 of 1000', () => {
    const { actor } = start();
    expect(actor.getSnapshot().context).toEqual({ count: 0, total: 1000 });
    expect(actor.getSnapshot().matches({ importing: 'counting' })).toBe(true);
  });

  it('rises by 100 on every 0.5 s tick, and not between ticks', () => {
    const { clock, actor } = start();
    for (let tick = 1; tick <= 10; tick += 1) {
      clock.increment(IMPORT_TICK_MS - 1);
      expect(actor.getSnapshot().context.count).toBe((tick - 1) * 100);
      clock.increment(1);
      expect(actor.getSnapshot().context.count).toBe(tick * 100);
    }
  });

  it('stops at 1000', () => {
    const { clock, actor } = start();
    advance(clock, 10 * IMPORT_TICK_MS);
    expect(actor.getSnapshot().context.count).toBe(1000);
    expect(actor.getSnapshot().matches({ importing: 'complete' })).toBe(true);
    advance(clock, IMPORT_TICK_MS * 3);
    expect(actor.getSnapshot().context.count).toBe(1000);
  });

  it('emits the redirect to /content/search at exactly 6 s, not before, and only once', () => {
    const { clock, actor, redirects } = start();
    advance(clock, IMPORT_REDIRECT_MS - 1);
    expect(redirects).toEqual([]);
    expect(actor.getSnapshot().status).toBe('active');
    clock.increment(1);
    expect(redirects).toEqual([{ to: '/content/search', at: 6000 }]);
    expect(actor.getSnapshot().matches('done')).toBe(true);
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().context.count).toBe(1000);
    advance(clock, 10_000);
    expect(redirects).toHaveLength(1);
  });
});
