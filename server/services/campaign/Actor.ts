import type { UserRow } from '../../db/schema.ts';

export type Actor = Pick<UserRow, 'id' | 'org_id' | 'internal_level' | 'email' | 'first_name' | 'last_name'>;
