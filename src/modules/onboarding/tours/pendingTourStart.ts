import type { OnboardingKey } from '../../../../domain/onboardingSteps.ts';

/**
 * The tour a link asked to start on the page it opens (the welcome page's "Start the tour"): taken once,
 * by that page's tour, when it appears.
 */
let pending: OnboardingKey | null = null;

export const pendingTourStart = {
  ask(key: OnboardingKey): void {
    pending = key;
  },
  /** True (and cleared) when the tour of `key` was asked for. */
  take(key: OnboardingKey): boolean {
    if (pending !== key) return false;
    pending = null;
    return true;
  },
  clear(): void {
    pending = null;
  },
};
