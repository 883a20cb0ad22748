import { serviceClient } from './serviceClient.ts';

/** Publish service (spec 02 section 7): design and publishing of campaign emails; AI email creation uses AI_EMAIL_TIMEOUT_MS. The typed base its issue builds the calls on. */
export const publishApi = serviceClient('publish');
