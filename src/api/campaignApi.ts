import { serviceClient } from './serviceClient.ts';

/** Campaign service (spec 02 section 7): campaigns, emails, editions, content curation and audiences. The typed base its issue builds the calls on. */
export const campaignApi = serviceClient('campaign');
