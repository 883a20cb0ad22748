import type { TourActor, TourStanding } from '../../../../machines/tourMachine.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { useCurrentUserActor } from '../../shared/hooks/CurrentUserContext.ts';
import { useServices } from '../../shared/hooks/ServicesContext.ts';
import { useRequest } from '../../shared/hooks/useRequest.ts';
import type { TourDefinition } from '../tours/TourDefinition.ts';

/**
 * The offer of the page's tour, above the page (never over it), while the user lets the workbench offer
 * tours: start a tour never taken, or resume (or restart) one left part-way. "Don't offer tours" turns the
 * offers off for every area (user_data/ show_msg 0); the user menu still takes any tour.
 */
export function TourOffer({
  actor,
  tour,
  standing,
  keptStep,
}: {
  actor: TourActor;
  tour: TourDefinition;
  standing: Exclude<TourStanding, 'finished'>;
  keptStep: number | undefined;
}) {
  const { userApi } = useServices();
  const currentUser = useCurrentUserActor();
  const stopOffers = useRequest<void, void>(async (_, signal) => {
    await userApi.changeSetting('show_msg', false, signal);
    currentUser.send({ type: 'user.setting', key: 'show_msg', value: false });
  }, 'stopTourOffers');
  const count = tour.steps.length;
  const title =
    standing === 'new'
      ? `New to ${tour.name}? A ${count}-step tour shows you around.`
      : `You left the ${tour.name} tour at step ${(keptStep ?? 0) + 1} of ${count}.`;
  return (
    <section className="area-tour__offer" aria-label={`${tour.name} tour`}>
      <Alert
        tone="info"
        title={title}
        actions={
          <>
            {standing === 'new' ? (
              <Button size="sm" onClick={() => actor.send({ type: 'tour.start' })}>
                Start the tour
              </Button>
            ) : (
              <>
                <Button size="sm" onClick={() => actor.send({ type: 'tour.resume' })}>
                  Resume the tour
                </Button>
                <Button size="sm" variant="secondary" onClick={() => actor.send({ type: 'tour.start' })}>
                  Start over
                </Button>
              </>
            )}
            <Button
              size="sm"
              variant="ghost"
              loading={stopOffers.status === 'loading'}
              onClick={() => stopOffers.submit()}
            >
              Don’t offer tours
            </Button>
          </>
        }
      >
        {stopOffers.status === 'failure'
          ? `Tours are still offered: ${stopOffers.error?.message ?? 'the change was not saved.'}`
          : 'Your account menu, at the top right, takes this tour at any time.'}
      </Alert>
    </section>
  );
}
