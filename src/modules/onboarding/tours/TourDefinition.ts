import type { OnboardingKey } from '../../../../domain/onboardingSteps.ts';

/**
 * One step of a tour: the control it explains (`target`, a CSS selector of a real element of the page;
 * the first visible match is spotlit) and what it says about it. A step whose control is not on the page
 * (an empty list) is shown in the middle of the window, over nothing.
 */
export type TourStep = { target: string; title: string; body: string };

/** One area's tour: data only; every tour runs on the one engine (tourMachine and TourOverlay). */
export type TourDefinition = {
  key: OnboardingKey;
  /** The area's name ("Campaigns"): the tour is "the Campaigns tour". */
  name: string;
  /** Whether the page at this path is the area the tour explains. */
  matches: (pathname: string) => boolean;
  /** Where the welcome page opens the tour; null when it needs a chosen item (a campaign, an edition). */
  startPath: string | null;
  steps: readonly TourStep[];
};

/** The path without its trailing slashes ("/campaigns/" is "/campaigns"). */
export const trimmedPath = (pathname: string): string => pathname.replace(/\/+$/, '') || '/';
