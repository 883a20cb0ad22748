import { useSelector } from '@xstate/react';
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { type Box, type CalloutPlace, placeCallout } from '../../../../domain/placeCallout.ts';
import type { TourActor } from '../../../../machines/tourMachine.ts';
import { Button } from '../../../ui/Button.tsx';
import { LineIcon } from '../../../ui/LineIcon.tsx';
import type { TourStep } from '../tours/TourDefinition.ts';
import './TourOverlay.css';

/** Room left around the spotlit control (less than the callout's gap, so the callout never meets it). */
const SPOTLIGHT_PADDING = 4;
const CALLOUT_WIDTH = 360;

/** The first element of the selector that is on screen (a hidden or collapsed one is no target). */
function findTarget(selector: string): HTMLElement | null {
  for (const element of document.querySelectorAll<HTMLElement>(selector)) {
    const rect = element.getBoundingClientRect();
    if (rect.width > 0 && rect.height > 0) return element;
  }
  return null;
}

function paddedBox(element: HTMLElement): Box {
  const rect = element.getBoundingClientRect();
  return {
    left: rect.left - SPOTLIGHT_PADDING,
    top: rect.top - SPOTLIGHT_PADDING,
    width: rect.width + 2 * SPOTLIGHT_PADDING,
    height: rect.height + 2 * SPOTLIGHT_PADDING,
  };
}

const FOCUSABLE = 'button:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])';

/**
 * The running tour's step on screen: the control it explains spotlit (the page dimmed around it) and a
 * callout beside or below it, never over it (placeCallout). Focus moves into the callout (its Next button)
 * and stays there (Tab cycles its buttons); Next and Back (also the arrow keys) walk the steps, Escape
 * or Close leaves the tour, and the focus returns to where it was before the tour began.
 */
export function TourOverlay({
  actor,
  name,
  steps,
}: {
  actor: TourActor;
  name: string;
  steps: readonly TourStep[];
}) {
  const step = useSelector(actor, (s) => s.context.step);
  const saveFailed = useSelector(actor, (s) => s.context.saveFailed);
  const current = steps[step];
  const titleId = useId();
  const bodyId = useId();
  const calloutRef = useRef<HTMLDivElement>(null);
  const [spot, setSpot] = useState<Box | null>(null);
  const [place, setPlace] = useState<CalloutPlace | null>(null);

  // Focus goes back where it was when the tour closes (the button that started it, or the page).
  useEffect(() => {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    return () => {
      if (before?.isConnected) before.focus();
      else document.getElementById('main')?.focus();
    };
  }, []);

  const measure = useCallback(() => {
    const callout = calloutRef.current;
    if (!current || !callout) return;
    const viewport = { width: window.innerWidth, height: window.innerHeight };
    const target = findTarget(current.target);
    const size = { width: CALLOUT_WIDTH, height: callout.scrollHeight };
    if (!target) {
      setSpot(null);
      const width = Math.min(CALLOUT_WIDTH, viewport.width - 16);
      setPlace({
        side: 'below',
        width,
        left: (viewport.width - width) / 2,
        top: Math.max(8, (viewport.height - size.height) / 2),
        maxHeight: viewport.height - 16,
      });
      return;
    }
    const box = paddedBox(target);
    setSpot(box);
    setPlace(placeCallout(box, size, viewport));
  }, [current]);

  // Each step brings its control into view, then places the spotlight and the callout.
  useLayoutEffect(() => {
    if (!current) return;
    findTarget(current.target)?.scrollIntoView({ block: 'center', inline: 'nearest' });
    measure();
  }, [current, measure]);

  // The page may move under the tour (scrolling, a resize, a list that finishes loading).
  useEffect(() => {
    let frame = 0;
    const later = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(measure);
    };
    window.addEventListener('resize', later);
    window.addEventListener('scroll', later, true);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(later);
    observer?.observe(document.body);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('resize', later);
      window.removeEventListener('scroll', later, true);
      observer?.disconnect();
    };
  }, [measure]);

  // The callout takes the focus at each step once it is placed (a hidden element cannot take it), and
  // keeps it: focus that lands outside it while the tour runs (a navigation's, a closing menu's) comes back.
  const placed = place !== null;
  useEffect(() => {
    const focusNext = () =>
      calloutRef.current?.querySelector<HTMLElement>('[data-tour-next]')?.focus({ preventScroll: true });
    if (placed && step >= 0) focusNext();
    const onFocusIn = (event: FocusEvent) => {
      if (placed && !calloutRef.current?.contains(event.target as Node)) focusNext();
    };
    document.addEventListener('focusin', onFocusIn);
    return () => document.removeEventListener('focusin', onFocusIn);
  }, [step, placed]);

  // Escape leaves the tour wherever the focus is; the arrows walk it; Tab stays in the callout.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        actor.send({ type: 'tour.dismiss' });
        return;
      }
      const inside = calloutRef.current?.contains(document.activeElement) ?? false;
      if (inside && event.key === 'ArrowRight') {
        event.preventDefault();
        actor.send({ type: 'tour.next' });
      } else if (inside && event.key === 'ArrowLeft') {
        event.preventDefault();
        actor.send({ type: 'tour.back' });
      } else if (event.key === 'Tab') {
        const focusable = [...(calloutRef.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])];
        if (focusable.length === 0) return;
        const at = focusable.indexOf(document.activeElement as HTMLElement);
        const last = focusable.length - 1;
        const next = event.shiftKey ? (at <= 0 ? last : at - 1) : at === -1 || at === last ? 0 : at + 1;
        event.preventDefault();
        focusable[next]?.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [actor]);

  if (!current) return null;
  const last = step === steps.length - 1;
  return (
    <div className="tour" data-testid="tour">
      {/* The page behind the tour is dimmed and does not take clicks while a step is shown. */}
      <div className={`tour__backdrop${spot ? '' : ' tour__backdrop--dim'}`} aria-hidden="true" />
      {spot ? (
        <div
          className="tour__spotlight"
          data-testid="tour-spotlight"
          aria-hidden="true"
          style={{ left: spot.left, top: spot.top, width: spot.width, height: spot.height }}
        />
      ) : null}
      <div
        ref={calloutRef}
        className="tour__callout"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        data-side={place?.side}
        style={
          place
            ? { left: place.left, top: place.top, width: place.width, maxHeight: place.maxHeight }
            : { visibility: 'hidden', width: CALLOUT_WIDTH }
        }
      >
        <div className="tour__head">
          <p className="tour__progress">
            {name} tour · Step {step + 1} of {steps.length}
          </p>
          <Button
            variant="ghost"
            size="sm"
            className="tour__close"
            aria-label="Close the tour"
            icon={<LineIcon d="M5 5l10 10m0-10L5 15" size={16} />}
            onClick={() => actor.send({ type: 'tour.dismiss' })}
          />
        </div>
        <div aria-live="polite">
          <h2 className="tour__title" id={titleId}>
            {current.title}
          </h2>
          <p className="tour__body" id={bodyId}>
            {current.body}
          </p>
        </div>
        {saveFailed ? (
          <p className="tour__note" role="status">
            Your place in this tour was not saved; it will be with the next step.
          </p>
        ) : null}
        <div className="tour__actions">
          {step > 0 ? (
            <Button variant="secondary" size="sm" onClick={() => actor.send({ type: 'tour.back' })}>
              Back
            </Button>
          ) : null}
          <Button size="sm" data-tour-next="" onClick={() => actor.send({ type: 'tour.next' })}>
            {last ? 'Finish' : 'Next'}
          </Button>
        </div>
      </div>
    </div>
  );
}
