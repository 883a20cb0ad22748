import { createHash, randomBytes } from 'node:crypto';

/** 256 bits of randomness, URL-safe. */
export const newToken = (): string => randomBytes(32).toString('base64url');

export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');
