import type { UserData } from './userData.ts';

/** The auth service's answers (its inputs are typed by authSchemas.ts: LoginInput, SignupInput). */
export type SignInAnswer = { success: true; csrf_token: string; user: UserData };
export type MessageAnswer = { success: true; message: string };

/**
 * How the product's own emails (sign-up and reset links, sender verification) leave this server: over
 * SMTP, or, without SMTP_URL, written to the server's log, where its operator finds their links.
 */
export type MailDelivery = 'smtp' | 'log';

/** The answer to a sign-up or a reset request: the same for every address, and how its email left. */
export type MailedAnswer = MessageAnswer & { mail_delivery: MailDelivery };
