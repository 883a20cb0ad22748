import { z } from 'zod';
import { wholeNumberField } from './wholeNumberField.ts';

/**
 * The areas that have a tour, each kept under its onboarding key: the campaigns list, a campaign's emails
 * and editions, the email browser of a campaign (its emails, "assets"), an edition's steps, the content
 * explorer, a campaign's audience, the people of the audiences area and the automation list.
 */
export const ONBOARDING_KEYS = [
  'campaigns',
  'campaigns_and_emails',
  'assets',
  'editions',
  'content_explorer',
  'campaign_audience',
  'audiences',
  'automation',
] as const;

export type OnboardingKey = (typeof ONBOARDING_KEYS)[number];

/** The furthest step kept: a tour is a handful of steps, a step past its last means "finished". */
export const MAX_ONBOARDING_STEP = 20;

/**
 * Where each tour stands for a user: the step to resume at (0 is the first), or the tour's number of
 * steps once it was finished. A key without an entry was never started.
 */
export type OnboardingSteps = Partial<Record<OnboardingKey, number>>;

export const isOnboardingKey = (value: string): value is OnboardingKey =>
  (ONBOARDING_KEYS as readonly string[]).includes(value);

/** The onboarding-step POST: which tour (key) and the step it stands at. */
export const onboardingStepSchema = z.object({
  key: z.enum(ONBOARDING_KEYS, { error: `key must be one of ${ONBOARDING_KEYS.join(', ')}.` }),
  step: wholeNumberField('step', { min: 0, max: MAX_ONBOARDING_STEP }),
});

export type OnboardingStepInput = z.input<typeof onboardingStepSchema>;

/** The apps a sign-in is recorded for (profile_login/): this workbench. */
export const LOGIN_APP_NAMES = ['workbench'] as const;

export const profileLoginSchema = z.object({
  appName: z.enum(LOGIN_APP_NAMES, { error: `appName must be one of ${LOGIN_APP_NAMES.join(', ')}.` }),
});

/** profile_login/'s answer: whether this was the user's first visit of the app. */
export type ProfileLoginAnswer = { success: true; first_login: boolean };

/** The onboarding-step POST's answer: the step now kept. */
export type OnboardingStepAnswer = { success: true; key: OnboardingKey; step: number };
