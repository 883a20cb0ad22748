import type { z } from 'zod';
import type { PeopleScope } from '../../../domain/audiencePeople.ts';
import type { peopleScopeQuerySchema } from '../../../domain/audiencePeopleSchemas.ts';

/** The scope a request's fields name (tab, search_word, filters, account_id). */
export const peopleScopeOf = (input: z.output<typeof peopleScopeQuerySchema>): PeopleScope => ({
  tab: input.tab,
  searchWord: input.search_word,
  filters: input.filters,
  accountId: input.account_id,
});
