import type { UserRow } from '../../db/schema.ts';

/**
 * Which emails a user may use (the email picker, cloning, the email listings):
 * - an ordinary user (internal_level 0) has permission on the emails they own;
 * - an internal user (internal_level >= 1, e.g. 4708 and 14764) on every email of their organisation.
 */
export function isInternalUser(user: Pick<UserRow, 'internal_level'>): boolean {
  return user.internal_level >= 1;
}
