import type { ServiceName } from '../../domain/serviceNames.ts';

export type { ServiceName } from '../../domain/serviceNames.ts';

/**
 * Where each service lives, from build-time configuration (VITE_* variables), with the server's defaults.
 * Set for example VITE_WORKFLOW_BASE=https://api.example.com/workflow/ to point one service elsewhere.
 */

const env: Record<string, unknown> = import.meta.env ?? {};

function setting(name: string): string | null {
  const raw = env[name];
  return typeof raw === 'string' && raw.trim() ? raw.trim() : null;
}

/** Normalises a base to end with exactly one "/" (absolute URLs and paths both allowed). */
export function normaliseServiceBase(base: string): string {
  return `${base.replace(/\/+$/, '')}/`;
}

function base(name: ServiceName): string {
  return normaliseServiceBase(setting(`VITE_${name.toUpperCase()}_BASE`) ?? `/api/${name}/`);
}

export const serviceBases: Readonly<Record<ServiceName, string>> = {
  auth: base('auth'),
  user: base('user'),
  workflow: base('workflow'),
  preference: base('preference'),
  campaign: base('campaign'),
  publish: base('publish'),
  analytics: base('analytics'),
  journey: base('journey'),
  audience: base('audience'),
};

/** Origin of the login page (path auth/login); null means this origin. */
export const configuredAuthOrigin: string | null = setting('VITE_AUTH_ORIGIN')?.replace(/\/+$/, '') ?? null;

/** App origins the login page may send a signed-in person back to, besides its own (comma-separated). */
export const ssoAllowedOrigins: readonly string[] = (setting('VITE_SSO_ALLOWED_ORIGINS') ?? '')
  .split(',')
  .map((origin) => origin.trim())
  .filter(Boolean);
