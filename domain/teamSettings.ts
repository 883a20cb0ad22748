import { z } from 'zod';
import type { MailDelivery } from './authAnswers.ts';
import { emailSchema, passwordSchema } from './authSchemas.ts';
import { nameText } from './nameText.ts';
import { USER_ROLES, type UserRole } from './userRoles.ts';
import { positiveIdField } from './wholeNumberField.ts';

/**
 * Settings › Team (base /api/user/: team/, invite_user/, cancel_invitation/, change_user_role/,
 * remove_user/, and the invitee's invitation/ and accept_invitation/). Shared by the server and the client.
 */

/** An invitation link works this long, and once. */
export const INVITATION_TTL_DAYS = 7;

export type TeamMember = {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  role: UserRole;
  /** The signed-in user. */
  is_you: boolean;
  joined_at: string;
};

export type TeamInvitation = {
  id: number;
  email: string;
  role: UserRole;
  invited_at: string;
  expires_at: string;
};

export type Team = {
  members: TeamMember[];
  invitations: TeamInvitation[];
  /** Admins invite, change roles and remove; members read. */
  can_manage: boolean;
};

export type InvitationAnswer = { invitation: TeamInvitation; mail_delivery: MailDelivery; message: string };

/** What the invitee sees when opening the link. */
export type InvitationCheck = {
  email: string;
  organisation_name: string;
  invited_by: string;
  role: UserRole;
};

const roleSchema = z.enum(USER_ROLES, { error: 'role must be admin or member.' });

export const inviteBodySchema = z.object({ email: emailSchema, role: roleSchema.default('member') });
export type InviteInput = z.input<typeof inviteBodySchema>;

export const memberIdBodySchema = z.object({ user_id: positiveIdField('user_id') });
export const changeRoleBodySchema = z.object({ user_id: positiveIdField('user_id'), role: roleSchema });
export const invitationIdBodySchema = z.object({ invitation_id: positiveIdField('invitation_id') });

export const invitationKeySchema = z
  .string({ error: 'The invitation key is missing.' })
  .regex(/^[A-Za-z0-9_-]{20,100}$/, 'This invitation link is not valid.');

const personName = (label: string) =>
  nameText(label).pipe(
    z.string().min(1, `${label} is required.`).max(100, `${label} must be at most 100 characters.`),
  );

export const acceptInvitationSchema = z.object({
  key: invitationKeySchema,
  first_name: personName('First name'),
  last_name: personName('Last name'),
  password: passwordSchema,
});
export type AcceptInvitationInput = z.input<typeof acceptInvitationSchema>;

export const INVITATION_SPENT =
  'This invitation has expired, was withdrawn or has already been used. Ask your administrator for a new one.';
export const LAST_ADMIN =
  'Your organisation needs at least one administrator: make someone else an administrator first.';
