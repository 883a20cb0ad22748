import type { UserRow } from '../../db/schema.ts';

/** The signed-in user as the workflow use cases need them. */
export type WorkflowUser = Pick<UserRow, 'id' | 'org_id' | 'internal_level'>;
