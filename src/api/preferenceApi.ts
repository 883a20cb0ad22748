import { serviceClient } from './serviceClient.ts';

/** Preference service (spec 01 section 7): the recipients' preference, unsubscribe and resubscribe calls. The typed base its issue builds the calls on. */
export const preferenceApi = serviceClient('preference');
