import type { JourneySource } from '../../../domain/journeyTracking.ts';

/** How the screen names each source of website visits. */
export const JOURNEY_SOURCE_LABELS: Record<JourneySource, string> = {
  email: 'Email',
  organic: 'Organic search',
  social: 'Social',
  referral: 'Referral',
  direct: 'Direct',
};
