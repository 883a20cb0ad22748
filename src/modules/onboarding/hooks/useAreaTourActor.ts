import { useEffect, useState } from 'react';
import { fromPromise } from 'xstate';
import type { TourActor, TourStepSave } from '../../../../machines/tourMachine.ts';
import { tourMachine } from '../../../../machines/tourMachine.ts';
import { useRecordedActor } from '../../../ui/useRecordedActor.ts';
import { useCurrentUserActor } from '../../shared/hooks/CurrentUserContext.ts';
import { useServices } from '../../shared/hooks/ServicesContext.ts';
import { pendingTourStart } from '../tours/pendingTourStart.ts';
import type { TourDefinition } from '../tours/TourDefinition.ts';

/**
 * The tour actor of one area's tour: it saves its steps with the onboarding-step POST, the signed-in
 * user's data follows each kept step (so the area resumes there after a visit elsewhere), and a tour a
 * link asked for (the welcome page) starts, or resumes, as the page appears.
 */
export function useAreaTourActor(tour: TourDefinition, keptStep: number | undefined): TourActor {
  const { userApi } = useServices();
  const currentUser = useCurrentUserActor();
  const [machine] = useState(() =>
    tourMachine.provide({
      actors: {
        saveStep: fromPromise<TourStepSave, TourStepSave>(({ input, signal }) =>
          userApi.keepOnboardingStep(input.key, input.step, signal),
        ),
      },
    }),
  );
  const actor = useRecordedActor(machine, {
    name: `tour:${tour.key}`,
    input: { key: tour.key, stepCount: tour.steps.length, keptStep },
  });

  useEffect(() => {
    const subscription = actor.on('tour.stepKept', ({ key, step }) =>
      currentUser.send({ type: 'user.onboardingStep', key, step }),
    );
    return () => subscription.unsubscribe();
  }, [actor, currentUser]);

  useEffect(() => {
    if (pendingTourStart.take(tour.key)) actor.send({ type: 'tour.resume' });
  }, [actor, tour.key]);

  return actor;
}
