/**
 * A user's role in their organisation. The first user of an organisation (who signed it up) is its
 * administrator; users added to it later are members. Admins manage the organisation's settings (its
 * sender addresses); members read them.
 */
export const USER_ROLES = ['admin', 'member'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export function canManageOrganisation(user: { role: UserRole }): boolean {
  return user.role === 'admin';
}
