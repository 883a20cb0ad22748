import type { UserData } from './userData.ts';

/** The auth service's answers (its inputs are typed by authSchemas.ts: LoginInput, SignupInput). */
export type SignInAnswer = { success: true; csrf_token: string; user: UserData };
export type MessageAnswer = { success: true; message: string };
