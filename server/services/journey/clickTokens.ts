import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { badRequest } from '../../lib/AppError.ts';

/** How long a click-through token can be exchanged after the click: long enough for a slow page to load. */
export const CLICK_TOKEN_TTL_MS = 15 * 60 * 1000;

export const INVALID_CLICK_TOKEN = 'This visit cannot be linked to a contact: the link is not valid.';
export const EXPIRED_CLICK_TOKEN = 'This visit cannot be linked to a contact: the link has expired.';
export const USED_CLICK_TOKEN = 'This visit cannot be linked to a contact: the link was already used.';

/** What a click-through token says: who clicked, for which organisation, until when, and its one-use id. */
export type ClickClaims = { orgId: number; contactId: number; expiresAt: Date; nonce: string };

const TOKEN = /^([1-9]\d{0,9})\.([1-9]\d{0,9})\.([1-9]\d{0,11})\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{22})$/;

const signature = (key: string, payload: string) =>
  createHmac('sha256', key).update(payload).digest('base64url').slice(0, 22);

/**
 * A click-through token (wb_jt): "<org>.<contact>.<expiry, unix seconds>.<nonce>.<signature>", the
 * signature an HMAC-SHA256 (128 bits kept) of the rest with the organisation's journey_token_key.
 */
export function signClickToken(key: string, claims: Omit<ClickClaims, 'nonce'>): string {
  const nonce = randomBytes(12).toString('base64url');
  const payload = `${claims.orgId}.${claims.contactId}.${Math.ceil(claims.expiresAt.getTime() / 1000)}.${nonce}`;
  return `${payload}.${signature(key, payload)}`;
}

/** The organisation a token claims to be of (null when it is no token): whose key to check it with. */
export function claimedOrg(token: string): number | null {
  const match = TOKEN.exec(token);
  return match ? Number(match[1]) : null;
}

/** The token's claims when its signature is the key's and it has not expired; else a 400 AppError. */
export function verifyClickToken(token: string, key: string, now: Date): ClickClaims {
  const match = TOKEN.exec(token);
  if (!match) throw badRequest(INVALID_CLICK_TOKEN);
  const [, org, contact, expiry, nonce, given] = match as unknown as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  const expected = Buffer.from(signature(key, `${org}.${contact}.${expiry}.${nonce}`));
  if (!timingSafeEqual(expected, Buffer.from(given))) throw badRequest(INVALID_CLICK_TOKEN);
  const expiresAt = new Date(Number(expiry) * 1000);
  if (expiresAt.getTime() <= now.getTime()) throw badRequest(EXPIRED_CLICK_TOKEN);
  return { orgId: Number(org), contactId: Number(contact), expiresAt, nonce };
}
