import type { SignInNotice } from './routeTable.ts';

export const SIGN_IN_NOTICES: readonly SignInNotice[] = ['signed-out', 'session-ended', 'password-reset'];

export function parseSignInNotice(raw: unknown): SignInNotice | undefined {
  return typeof raw === 'string' && (SIGN_IN_NOTICES as readonly string[]).includes(raw)
    ? (raw as SignInNotice)
    : undefined;
}

export function optionalString(raw: unknown): string | undefined {
  return typeof raw === 'string' && raw !== '' ? raw : undefined;
}
