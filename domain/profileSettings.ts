import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, passwordSchema } from './authSchemas.ts';
import { nameText } from './nameText.ts';

/**
 * Settings › Profile: the user's own name (base /api/user/: update_profile/) and password (base
 * /api/auth/: change_password/, which asks the current password and ends the user's other sessions).
 */
const personName = (label: string) =>
  nameText(label).pipe(
    z.string().min(1, `${label} is required.`).max(100, `${label} must be at most 100 characters.`),
  );

export const updateProfileSchema = z.object({
  first_name: personName('First name'),
  last_name: personName('Last name'),
});
export type UpdateProfileInput = z.input<typeof updateProfileSchema>;

export const changePasswordSchema = z.object({
  current_password: z
    .string({ error: 'Enter your current password.' })
    .min(1, 'Enter your current password.')
    .max(PASSWORD_MAX_LENGTH),
  new_password: passwordSchema,
});
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

export const CURRENT_PASSWORD_WRONG = 'Your current password is not right.';

/** The answer to a password change: how many other sessions (other browsers, devices) it ended. */
export type PasswordChanged = { message: string; ended_sessions: number };
