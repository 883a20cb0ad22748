import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/**
 * Encrypts a secret (an OAuth token or PKCE verifier) with AES-256-GCM under a 32-byte key:
 * `v1.<iv>.<tag>.<ciphertext>` in base64url. `context` (e.g. `access:<userId>`) is authenticated with it, so a
 * value copied to another user's row or column does not decrypt.
 */
export function encryptSecret(key: Buffer, plain: string, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), body]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** The secret encryptSecret stored, or null when it does not decrypt (another key, context or a change). */
export function decryptSecret(key: Buffer, stored: string, context: string): string | null {
  const [version, iv, tag, body] = stored.split('.');
  if (version !== VERSION || iv === undefined || tag === undefined || body === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return null;
  }
}
