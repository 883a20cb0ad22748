import { accountsApi } from './accountsApi.ts';
import { formsApi } from './formsApi.ts';
import { groupsApi } from './groupsApi.ts';
import { importApi } from './importApi.ts';
import { listsApi } from './listsApi.ts';
import { peopleApi } from './peopleApi.ts';
import { peoplePicksApi } from './peoplePicksApi.ts';

/**
 * The audience service's calls (src/api/audienceService.ts), one object for the screens: the calls of
 * lists, people, sales groups, accounts and import side by side, the forms calls as audienceApi.forms.
 */
export const audienceApi = {
  ...listsApi,
  ...peopleApi,
  ...peoplePicksApi,
  forms: formsApi,
  ...groupsApi,
  ...accountsApi,
  ...importApi,
};

export type AudienceApi = typeof audienceApi;
