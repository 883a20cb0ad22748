import { createHash, randomBytes } from 'node:crypto';
import type { OutlookConfig } from '../../../config.ts';

/** Delegated permissions asked for: sign-in and profile, a refresh token, the mailbox's name, sending. */
export const OUTLOOK_SCOPES = 'openid profile offline_access User.Read Mail.Send';

export type TokenSet = { accessToken: string; refreshToken: string; expiresAt: Date };

/**
 * A failure talking to Microsoft: `refused` when the identity platform or Graph answered with an error (the
 * grant or token is no good: the connection is broken), `unreachable` on a time-out or network error (try
 * again later). The message never holds a token.
 */
export class OutlookCallError extends Error {
  constructor(
    readonly kind: 'refused' | 'unreachable',
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'OutlookCallError';
  }
}

/** A random PKCE code_verifier (RFC 7636: 43 to 128 characters of [A-Za-z0-9-._~]) and its S256 challenge. */
export function newPkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(48).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** The Microsoft sign-in address the browser is sent to (authorization code flow with PKCE, S256). */
export function authorizeUrl(config: OutlookConfig, state: string, codeChallenge: string): string {
  const url = new URL(config.authorizeUrl);
  url.search = new URLSearchParams({
    client_id: config.clientId ?? '',
    response_type: 'code',
    redirect_uri: config.redirectUri,
    response_mode: 'query',
    scope: OUTLOOK_SCOPES,
    state,
    code_challenge: codeChallenge,
    code_challenge_method: 'S256',
    prompt: 'select_account',
  }).toString();
  return url.toString();
}

/** fetch with the configured time-out; a network error or time-out is an `unreachable` OutlookCallError. */
export async function timedFetch(
  config: OutlookConfig,
  url: string,
  init: RequestInit,
  what: string,
): Promise<Response> {
  try {
    return await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(config.timeoutMs) });
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    throw new OutlookCallError(
      'unreachable',
      timedOut
        ? `${what} did not answer within ${Math.round(config.timeoutMs / 1000)} s.`
        : `${what} could not be reached.`,
    );
  }
}

type TokenAnswer = {
  access_token?: unknown;
  refresh_token?: unknown;
  expires_in?: unknown;
  error?: unknown;
  error_description?: unknown;
};

/** The first line of a provider's error description (Microsoft adds trace and correlation ids after it). */
function providerError(answer: TokenAnswer, status: number): string {
  const text = typeof answer.error_description === 'string' ? answer.error_description.split(/\r?\n/)[0] : '';
  const code = typeof answer.error === 'string' ? answer.error : `HTTP ${status}`;
  return text ? `${code}: ${text.slice(0, 200)}` : code;
}

async function tokenRequest(
  config: OutlookConfig,
  fields: Record<string, string>,
  previousRefresh?: string,
  now: () => Date = () => new Date(),
): Promise<TokenSet> {
  const body = new URLSearchParams({
    client_id: config.clientId ?? '',
    scope: OUTLOOK_SCOPES,
    ...fields,
    ...(config.clientSecret ? { client_secret: config.clientSecret } : {}),
  });
  const response = await timedFetch(
    config,
    config.tokenUrl,
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body,
    },
    "Microsoft's sign-in service",
  );
  let answer: TokenAnswer = {};
  try {
    answer = (await response.json()) as TokenAnswer;
  } catch {
    answer = {};
  }
  if (!response.ok || typeof answer.access_token !== 'string') {
    throw new OutlookCallError(
      response.status >= 500 ? 'unreachable' : 'refused',
      `Microsoft refused the sign-in (${providerError(answer, response.status)}).`,
      response.status,
    );
  }
  const refreshToken = typeof answer.refresh_token === 'string' ? answer.refresh_token : previousRefresh;
  if (!refreshToken) {
    throw new OutlookCallError('refused', 'Microsoft gave no refresh token (the offline_access permission).');
  }
  const seconds = Number(answer.expires_in);
  return {
    accessToken: answer.access_token,
    refreshToken,
    expiresAt: new Date(now().getTime() + (Number.isFinite(seconds) && seconds > 0 ? seconds : 3600) * 1000),
  };
}

/** Exchanges the authorization code (with the PKCE verifier) for tokens. */
export function exchangeCode(config: OutlookConfig, code: string, codeVerifier: string): Promise<TokenSet> {
  return tokenRequest(config, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: config.redirectUri,
    code_verifier: codeVerifier,
  });
}

/** A new access token from the refresh token (Microsoft may hand back a new refresh token too). */
export function refreshTokens(config: OutlookConfig, refreshToken: string): Promise<TokenSet> {
  return tokenRequest(config, { grant_type: 'refresh_token', refresh_token: refreshToken }, refreshToken);
}
