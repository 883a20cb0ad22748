import { z } from 'zod';
import { nameText } from './nameText.ts';

/** Rules for sign-up, sign-in and password reset, shared by the server and the sign-in forms. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;

export const emailSchema = z
  .string({ error: 'Email is required.' })
  .trim()
  .min(1, 'Email is required.')
  .max(254, 'Email must be at most 254 characters.')
  .pipe(z.email({ error: 'Enter a valid email address.' }));

export const passwordSchema = z
  .string({ error: 'Password is required.' })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`);

const nameSchema = (label: string) =>
  nameText(label).pipe(
    z.string().min(1, `${label} is required.`).max(100, `${label} must be at most 100 characters.`),
  );

export const loginSchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: 'Password is required.' })
    .min(1, 'Password is required.')
    .max(PASSWORD_MAX_LENGTH),
});

export const signupSchema = z.object({
  first_name: nameSchema('First name'),
  last_name: nameSchema('Last name'),
  email: emailSchema,
  password: passwordSchema,
  organisation_name: nameText('organisation_name')
    .pipe(z.string().max(120, 'Organisation name must be at most 120 characters.'))
    .optional(),
});

export const forgotPasswordSchema = z.object({ email: emailSchema });

export const resetKeySchema = z
  .string({ error: 'The reset key is missing.' })
  .regex(/^[A-Za-z0-9_-]{20,100}$/, 'This reset link is not valid.');

export const resetPasswordSchema = z.object({ reset_key: resetKeySchema, password: passwordSchema });

export const signupKeySchema = z
  .string({ error: 'The sign-up key is missing.' })
  .regex(/^[A-Za-z0-9_-]{20,100}$/, 'This sign-up link is not valid.');

export const confirmSignupSchema = z.object({ signup_key: signupKeySchema });

/** The one answer to every sign-up, whether or not the address already has an account. */
export const SIGNUP_CHECK_EMAIL_MESSAGE =
  'Check your email: we have sent a link to finish creating your account (valid 24 hours).';
/** The one answer to every password reset request. */
export const FORGOT_PASSWORD_MESSAGE =
  'If an account exists for that email, we have sent a link to reset its password.';
/** The same answers where no email delivery is set up (no SMTP_URL): the links are in the server's log. */
export const SIGNUP_LOGGED_LINK_MESSAGE =
  "This server has no email delivery set up: the server's operator finds the link to finish creating your account in the server log.";
export const FORGOT_PASSWORD_LOGGED_MESSAGE =
  "This server has no email delivery set up: if an account exists for that email, the server's operator finds its reset link in the server log.";

export type LoginInput = z.infer<typeof loginSchema>;
export type SignupInput = z.infer<typeof signupSchema>;
