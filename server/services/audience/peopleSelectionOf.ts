import type { z } from 'zod';
import type { PeopleSelection } from '../../../domain/audiencePeople.ts';
import type { peopleSelectionBodySchema } from '../../../domain/audiencePeopleSchemas.ts';
import { badRequest } from '../../lib/AppError.ts';
import { peopleScopeOf } from './peopleScopeOf.ts';

/** The people a request selects: contact_ids, or select_all with excluded_ids over its scope (neither: 400). */
export function peopleSelectionOf(input: z.output<typeof peopleSelectionBodySchema>): PeopleSelection {
  if (input.select_all) return { kind: 'all', scope: peopleScopeOf(input), excludedIds: input.excluded_ids };
  if (input.contact_ids.length === 0)
    throw badRequest('Send contact_ids, or select_all=1 with optional excluded_ids.');
  return { kind: 'ids', ids: input.contact_ids };
}
