import {
  FEATURE_MISSING_TEXT,
  type Feature,
  type FeatureHolder,
  hasFeature,
} from '../../domain/featureFlags.ts';
import { AppError } from './AppError.ts';

/**
 * Refuses a call the user's plan or permissions do not include with the spec's "permission denied" answer
 * (HTTP 200, error_code 403), whose `reason` says what is missing.
 */
export function requireFeature(user: FeatureHolder, feature: Feature): void {
  if (!hasFeature(user, feature)) {
    throw new AppError(
      200,
      'permission denied',
      {},
      { error_code: 403, reason: FEATURE_MISSING_TEXT[feature] },
    );
  }
}
