import { Link, useRouter } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { OnboardingSteps } from '../../../../domain/onboardingSteps.ts';
import { tourStanding } from '../../../../machines/tourMachine.ts';
import { areaLinks } from '../../../router/routeTable.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Badge } from '../../../ui/Badge.tsx';
import { Button } from '../../../ui/Button.tsx';
import { Checkbox } from '../../../ui/Checkbox.tsx';
import { PageHeader } from '../../../ui/PageHeader.tsx';
import { useCurrentUserActor } from '../../shared/hooks/CurrentUserContext.ts';
import { useServices } from '../../shared/hooks/ServicesContext.ts';
import { useRequest } from '../../shared/hooks/useRequest.ts';
import { audiencesTour } from '../tours/audiencesTour.ts';
import { automationTour } from '../tours/automationTour.ts';
import { campaignsTour } from '../tours/campaignsTour.ts';
import { contentExplorerTour } from '../tours/contentExplorerTour.ts';
import { pendingTourStart } from '../tours/pendingTourStart.ts';
import type { TourDefinition } from '../tours/TourDefinition.ts';
import './WelcomePage.css';

/** The first run's start, in the order a newcomer goes: find content, send it, know the audience, automate. */
const START: readonly { tour: TourDefinition; title: string; text: string }[] = [
  {
    tour: contentExplorerTour,
    title: 'Find articles worth sending',
    text: 'Search the news about your accounts and industries, and pick the articles your contacts will want to read.',
  },
  {
    tour: campaignsTour,
    title: 'Put them in a campaign',
    text: 'A campaign holds the emails you send about one topic: design an edition, then publish it.',
  },
  {
    tour: audiencesTour,
    title: 'Know who you reach',
    text: 'People, accounts and lists: import your contacts or add them one at a time.',
  },
  {
    tour: automationTour,
    title: 'Follow up on its own',
    text: 'A workflow sends the next email when a contact opens, clicks or fills in a form.',
  },
];

function TourStatus({ tour, steps }: { tour: TourDefinition; steps: OnboardingSteps | undefined }) {
  const keptStep = steps?.[tour.key];
  const standing = tourStanding({ keptStep, stepCount: tour.steps.length });
  if (standing === 'finished') return <Badge tone="success">Tour taken</Badge>;
  if (standing === 'left')
    return <Badge tone="info">{`Tour at step ${(keptStep ?? 0) + 1} of ${tour.steps.length}`}</Badge>;
  return <Badge>{`${tour.steps.length}-step tour`}</Badge>;
}

/**
 * /welcome: where a first sign-in lands. Opening it ends the first visit (profile_login/), so later
 * sign-ins go to the campaigns. It sets out the first steps, each with its area's tour (started on the
 * page it opens, or resumed where it was left), and whether the workbench offers a tour on each page
 * (show_msg). The support chat is not shown here.
 */
export function WelcomePage() {
  const { userApi } = useServices();
  const router = useRouter();
  const currentUser = useCurrentUserActor();
  const firstName = useSelector(currentUser, (s) => s.context.user?.first_name ?? '');
  const steps = useSelector(currentUser, (s) => s.context.user?.onboarding_steps);
  const offerTours = useSelector(currentUser, (s) => s.context.user?.show_msg ?? true);

  const firstVisit = useRequest<void, boolean>(async (_, signal) => {
    const first = await userApi.profileLogin(signal);
    currentUser.send({ type: 'user.setting', key: 'first_login_workbench', value: false });
    return first;
  }, 'profileLogin');
  const submitFirstVisit = firstVisit.submit;
  useEffect(() => submitFirstVisit(), [submitFirstVisit]);

  const offers = useRequest<boolean, boolean>(async (value, signal) => {
    await userApi.changeSetting('show_msg', value, signal);
    currentUser.send({ type: 'user.setting', key: 'show_msg', value });
    return value;
  }, 'tourOffers');

  const open = (tour: TourDefinition) => {
    if (!tour.startPath) return;
    pendingTourStart.ask(tour.key);
    void router.navigate({ href: tour.startPath });
  };

  return (
    <div className="welcome">
      <PageHeader
        eyebrow="Welcome"
        title={firstName ? `Welcome to Workbench, ${firstName}` : 'Welcome to Workbench'}
        description="Four steps take you from an empty workspace to your first email. Each has a short tour of its page; it remembers where you stopped, on any device."
      />
      <ol className="welcome__steps" aria-label="First steps">
        {START.map(({ tour, title, text }, index) => {
          const standing = tourStanding({ keptStep: steps?.[tour.key], stepCount: tour.steps.length });
          const action =
            standing === 'left'
              ? 'Resume the tour'
              : standing === 'finished'
                ? 'Take it again'
                : 'Take the tour';
          return (
            <li key={tour.key} className="welcome__step">
              <span className="welcome__number" aria-hidden="true">
                {index + 1}
              </span>
              <div className="welcome__text">
                <h2 className="welcome__title">{title}</h2>
                <p className="welcome__body">{text}</p>
                <TourStatus tour={tour} steps={steps} />
              </div>
              <Button
                variant={index === 0 ? 'primary' : 'secondary'}
                aria-label={`${action}: ${tour.name}`}
                onClick={() => open(tour)}
              >
                {action}
              </Button>
            </li>
          );
        })}
      </ol>
      <div className="welcome__footer">
        <Checkbox
          label="Offer a tour on each page I have not toured yet"
          checked={offerTours}
          disabled={offers.status === 'loading'}
          onChange={(event) => offers.submit(event.target.checked)}
        />
        <Link {...areaLinks.campaigns} className="welcome__skip">
          Skip the tours and go to Campaigns
        </Link>
      </div>
      {offers.status === 'failure' ? (
        <Alert tone="error">The tour setting was not saved: {offers.error?.message}</Alert>
      ) : null}
    </div>
  );
}
