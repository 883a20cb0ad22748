import { describe, expect, it } from 'vitest';
import { type Box, boxesOverlap, CALLOUT_MARGIN, placeCallout } from '../../domain/placeCallout.ts';

const desktop = { width: 1280, height: 800 };
const phone = { width: 375, height: 740 };
const callout = { width: 360, height: 220 };

/** The box the callout takes: its width and the smaller of its height and its allowed height. */
function calloutBox(target: Box, viewport: { width: number; height: number }): Box {
  const place = placeCallout(target, callout, viewport);
  return {
    left: place.left,
    top: place.top,
    width: place.width,
    height: Math.min(callout.height, place.maxHeight),
  };
}

describe('placeCallout', () => {
  it('puts the callout below a control near the top, aligned with it', () => {
    const target = { left: 1000, top: 90, width: 140, height: 40 };
    const place = placeCallout(target, callout, desktop);
    expect(place.side).toBe('below');
    expect(place.top).toBe(90 + 40 + 12);
    // Kept inside the window: 1000 + 360 would pass its right edge.
    expect(place.left).toBe(1280 - CALLOUT_MARGIN - 360);
  });

  it('puts it above a control near the bottom', () => {
    const target = { left: 40, top: 700, width: 200, height: 40 };
    expect(placeCallout(target, callout, desktop).side).toBe('above');
  });

  it('puts it beside a tall control on a wide window, and on the roomier side on a phone', () => {
    const tall = { left: 24, top: 60, width: 300, height: 700 };
    expect(placeCallout(tall, callout, desktop).side).toBe('right');
    const phoneTall = { left: 16, top: 100, width: 343, height: 560 };
    const place = placeCallout(phoneTall, callout, phone);
    expect(place.side).toBe('above');
    expect(place.maxHeight).toBeLessThan(callout.height);
  });

  it('is never wider than the phone allows', () => {
    const place = placeCallout(
      { left: 16, top: 80, width: 100, height: 40 },
      { width: 420, height: 200 },
      phone,
    );
    expect(place.width).toBe(375 - 2 * CALLOUT_MARGIN);
    expect(place.left).toBe(CALLOUT_MARGIN);
  });

  it('never overlaps the control, wherever it is on either window', () => {
    for (const viewport of [desktop, phone]) {
      for (let top = 0; top <= viewport.height - 40; top += 37) {
        for (const height of [32, 120, 300]) {
          for (const left of [0, viewport.width / 3, viewport.width - 120]) {
            const target = { left, top, width: Math.min(120, viewport.width - left), height };
            if (top + height > viewport.height) continue;
            expect(
              boxesOverlap(target, calloutBox(target, viewport)),
              JSON.stringify({ viewport, target }),
            ).toBe(false);
          }
        }
      }
    }
  });
});
