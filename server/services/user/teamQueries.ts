import type { Team, TeamInvitation, TeamMember } from '../../../domain/teamSettings.ts';
import { canManageOrganisation } from '../../../domain/userRoles.ts';
import type { Db } from '../../db/Db.ts';
import type { UserRow } from '../../db/schema.ts';
import { notFound } from '../../lib/AppError.ts';

export const TEAM_INVITATION_KIND = 'team_invitation';

/** The organisation's current users (removed ones left out): administrators first, then by name. */
export async function teamMembersOf(db: Db, orgId: number, youId: number): Promise<TeamMember[]> {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'email', 'role', 'created_at'])
    .where('org_id', '=', orgId)
    .where('removed_at', 'is', null)
    .orderBy('role')
    .orderBy('first_name')
    .orderBy('last_name')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    role: row.role,
    is_you: row.id === youId,
    joined_at: row.created_at.toISOString(),
  }));
}

/** Invitations of the organisation not yet accepted (expired ones too), newest first. */
export async function teamInvitationsOf(db: Db, orgId: number): Promise<TeamInvitation[]> {
  const rows = await db
    .selectFrom('team_invitations')
    .select(['id', 'email', 'role', 'created_at', 'expires_at'])
    .where('org_id', '=', orgId)
    .orderBy('id', 'desc')
    .execute();
  return rows.map(invitationOf);
}

export function invitationOf(row: {
  id: number;
  email: string;
  role: TeamInvitation['role'];
  created_at: Date;
  expires_at: Date;
}): TeamInvitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    invited_at: row.created_at.toISOString(),
    expires_at: row.expires_at.toISOString(),
  };
}

/** Settings › Team as the user sees it now (after a change of their own role too). */
export async function teamOf(db: Db, user: UserRow): Promise<Team> {
  const [members, invitations] = await Promise.all([
    teamMembersOf(db, user.org_id, user.id),
    teamInvitationsOf(db, user.org_id),
  ]);
  const you = members.find((member) => member.is_you);
  return { members, invitations, can_manage: you ? canManageOrganisation(you) : false };
}

/** A current user of the organisation; another organisation's (or a removed) user is a 404. */
export async function memberOfOrganisation(db: Db, orgId: number, userId: number) {
  const row = await db
    .selectFrom('users')
    .select(['id', 'email', 'role'])
    .where('id', '=', userId)
    .where('org_id', '=', orgId)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw notFound('This person is not on your team.');
  return row;
}

/** How many administrators the organisation has now. */
export async function adminCount(db: Db, orgId: number): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('org_id', '=', orgId)
    .where('role', '=', 'admin')
    .where('removed_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The live invitation behind a key, with its organisation's name and who sent it. */
export async function findLiveInvitation(db: Db, keyHash: string, now: Date) {
  return db
    .selectFrom('team_invitations as i')
    .innerJoin('organisations as o', 'o.id', 'i.org_id')
    .leftJoin('users as u', 'u.id', 'i.invited_by')
    .select([
      'i.id',
      'i.org_id',
      'i.email',
      'i.role',
      'o.name as organisation_name',
      'u.first_name as inviter_first_name',
      'u.last_name as inviter_last_name',
    ])
    .where('i.key_hash', '=', keyHash)
    .where('i.expires_at', '>', now)
    .executeTakeFirst();
}
