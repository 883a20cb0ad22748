import { useRouterState } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { tourStanding } from '../../../../machines/tourMachine.ts';
import { useCurrentUserActor } from '../../shared/hooks/CurrentUserContext.ts';
import type { PageTour } from '../../shared/utils/pageTour.ts';
import { useAreaTourActor } from '../hooks/useAreaTourActor.ts';
import { tourAt } from '../tours/areaTours.ts';
import type { TourDefinition } from '../tours/TourDefinition.ts';
import { TourOffer } from './TourOffer.tsx';
import { TourOverlay } from './TourOverlay.tsx';
import './AreaTour.css';

/**
 * The tour of the page shown, when its area has one: the user menu takes or resumes it at any time (it is
 * handed to `onPageTour`); while the user lets the workbench offer tours (show_msg), a tour not finished
 * is offered above the page; the running tour is drawn over the page.
 */
export function AreaTour({ onPageTour }: { onPageTour: (tour: PageTour | null) => void }) {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const tour = tourAt(pathname);
  const currentUser = useCurrentUserActor();
  const loaded = useSelector(currentUser, (s) => s.context.user !== null);
  if (!tour || !loaded) return null;
  return <AreaTourRun key={tour.key} tour={tour} onPageTour={onPageTour} />;
}

function AreaTourRun({
  tour,
  onPageTour,
}: {
  tour: TourDefinition;
  onPageTour: (tour: PageTour | null) => void;
}) {
  const currentUser = useCurrentUserActor();
  // The step kept when the page opened: the tour actor keeps it from then on.
  const keptAtStart = useSelector(currentUser, (s) => s.context.user?.onboarding_steps[tour.key]);
  const offerTours = useSelector(currentUser, (s) => s.context.user?.show_msg ?? false);
  const actor = useAreaTourActor(tour, keptAtStart);
  const running = useSelector(actor, (s) => s.matches({ tour: 'running' }));
  const keptStep = useSelector(actor, (s) => s.context.keptStep);
  const standing = tourStanding({ keptStep, stepCount: tour.steps.length });
  const label =
    standing === 'left'
      ? `Resume the ${tour.name} tour at step ${(keptStep ?? 0) + 1} of ${tour.steps.length}`
      : `Take the ${tour.name} tour`;
  useEffect(() => {
    onPageTour({ label, take: () => actor.send({ type: 'tour.resume' }) });
    return () => onPageTour(null);
  }, [label, actor, onPageTour]);

  return (
    <>
      {offerTours && !running && standing !== 'finished' ? (
        <TourOffer actor={actor} tour={tour} standing={standing} keptStep={keptStep} />
      ) : null}
      {running ? <TourOverlay actor={actor} name={tour.name} steps={tour.steps} /> : null}
    </>
  );
}
