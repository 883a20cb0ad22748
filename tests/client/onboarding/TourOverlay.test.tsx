import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { boxesOverlap } from '../../../domain/placeCallout.ts';
import { type TourActor, type TourStepSave, tourMachine } from '../../../machines/tourMachine.ts';
import { TourOverlay } from '../../../src/modules/onboarding/components/TourOverlay.tsx';
import type { TourStep } from '../../../src/modules/onboarding/tours/TourDefinition.ts';

const STEPS: TourStep[] = [
  { target: '#new-thing', title: 'Make a thing', body: 'The button that makes a thing.' },
  { target: '#search', title: 'Find a thing', body: 'Search your things.' },
  { target: '#missing', title: 'A thing not here', body: 'Shown in the middle when its control is absent.' },
];

/** Where each control sits on the (jsdom) screen: jsdom lays nothing out. */
const BOXES: Record<string, DOMRect> = {
  'new-thing': new DOMRect(900, 90, 160, 44),
  search: new DOMRect(40, 640, 300, 44),
};

const CALLOUT_HEIGHT = 220;

const original = {
  scrollIntoView: Element.prototype.scrollIntoView,
  getBoundingClientRect: Element.prototype.getBoundingClientRect,
};
beforeEach(() => {
  Element.prototype.scrollIntoView = vi.fn();
  Element.prototype.getBoundingClientRect = function box(this: Element) {
    return BOXES[this.id] ?? new DOMRect(0, 0, 0, 0);
  };
  // The callout's content is 220 px tall.
  Object.defineProperty(HTMLElement.prototype, 'scrollHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.classList.contains('tour__callout') ? CALLOUT_HEIGHT : 0;
    },
  });
  Object.assign(window, { innerWidth: 1280, innerHeight: 800 });
});
afterEach(() => {
  cleanup();
  Element.prototype.scrollIntoView = original.scrollIntoView;
  Element.prototype.getBoundingClientRect = original.getBoundingClientRect;
  Reflect.deleteProperty(HTMLElement.prototype, 'scrollHeight');
});

function startTour(): { actor: TourActor; saved: TourStepSave[] } {
  const saved: TourStepSave[] = [];
  const actor = createActor(
    tourMachine.provide({
      actors: {
        saveStep: fromPromise<TourStepSave, TourStepSave>(async ({ input }) => {
          saved.push(input);
          return input;
        }),
      },
    }),
    { input: { key: 'campaigns', stepCount: STEPS.length, keptStep: undefined } },
  ).start();
  return { actor, saved };
}

/** A page with the tour's controls and the button that starts the tour (the focus returns there). */
function Page({ actor }: { actor: TourActor }) {
  const [running, setRunning] = useState(false);
  actor.subscribe((s) => setRunning(s.matches({ tour: 'running' })));
  return (
    <div>
      <button type="button" id="new-thing">
        New thing
      </button>
      <input id="search" aria-label="Search things" />
      <button type="button" onClick={() => actor.send({ type: 'tour.start' })}>
        Take the tour
      </button>
      {running ? <TourOverlay actor={actor} name="Things" steps={STEPS} /> : null}
    </div>
  );
}

const dialog = () => screen.getByRole('dialog');
const calloutBox = () => {
  const style = dialog().style;
  return {
    left: Number.parseFloat(style.left),
    top: Number.parseFloat(style.top),
    width: Number.parseFloat(style.width),
    height: Math.min(CALLOUT_HEIGHT, Number.parseFloat(style.maxHeight)),
  };
};

describe('TourOverlay', () => {
  it('moves the focus into the tour, walks it with the keyboard and gives the focus back when left', async () => {
    const { actor, saved } = startTour();
    render(<Page actor={actor} />);
    const opener = screen.getByRole('button', { name: 'Take the tour' });
    opener.focus();
    fireEvent.click(opener);

    expect(await screen.findByRole('dialog', { name: 'Make a thing' })).toBeTruthy();
    expect(screen.getByText('Things tour · Step 1 of 3')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Next' }));
    // No Back on the first step.
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();

    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowRight' });
    expect(await screen.findByRole('dialog', { name: 'Find a thing' })).toBeTruthy();
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowLeft' });
    expect(await screen.findByRole('dialog', { name: 'Make a thing' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('dialog', { name: 'Find a thing' })).toBeTruthy();

    // Tab keeps to the callout: Close, Back, Next, then Close again.
    const close = screen.getByRole('button', { name: 'Close the tour' });
    const back = screen.getByRole('button', { name: 'Back' });
    const next = screen.getByRole('button', { name: 'Next' });
    next.focus();
    fireEvent.keyDown(next, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(close, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(next);
    fireEvent.keyDown(next, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(back);

    await act(async () => {
      fireEvent.keyDown(document.body, { key: 'Escape' });
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(actor.getSnapshot().context.keptStep).toBe(1);
    expect(document.activeElement).toBe(opener);
    expect(saved.at(-1)).toEqual({ key: 'campaigns', step: 1 });
  });

  it('spotlights the control and puts the callout beside it, never over it', async () => {
    const { actor } = startTour();
    render(<Page actor={actor} />);
    fireEvent.click(screen.getByRole('button', { name: 'Take the tour' }));
    await screen.findByRole('dialog', { name: 'Make a thing' });
    const spotlight = screen.getByTestId('tour-spotlight');
    expect(spotlight.style.left).toBe('896px');
    expect(spotlight.style.top).toBe('86px');
    const target = { left: 900, top: 90, width: 160, height: 44 };
    expect(boxesOverlap(target, calloutBox())).toBe(false);
    expect(calloutBox().top).toBeGreaterThanOrEqual(90 + 44);
    expect(dialog().dataset.side).toBe('below');

    // The search box near the bottom: the callout goes above it.
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('dialog', { name: 'Find a thing' });
    expect(dialog().dataset.side).toBe('above');
  });

  it('shows a step whose control is not on the page in the middle, without a spotlight, and finishes', async () => {
    const { actor, saved } = startTour();
    render(<Page actor={actor} />);
    fireEvent.click(screen.getByRole('button', { name: 'Take the tour' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Next' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Next' }));
    await screen.findByRole('dialog', { name: 'A thing not here' });
    expect(screen.queryByTestId('tour-spotlight')).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Finish' }));
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(saved.at(-1)).toEqual({ key: 'campaigns', step: 3 });
  });
});
