import { serviceClient } from './serviceClient.ts';

/** Buyer-journey service (spec 02 section 7). The typed base its issue builds the calls on. */
export const journeyApi = serviceClient('journey');
