import { serviceClient } from './serviceClient.ts';

/** Analytics service (spec 01 and spec 02 section 7): engagement analytics and the workflow email graph. The typed base its issue builds the calls on. */
export const analyticsApi = serviceClient('analytics');
