/**
 * Redirect targets read from the URL are never followed blindly (no open redirects).
 */

function hasControlCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i += 1) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/** A path inside this app: starts with one "/", no scheme, no protocol-relative "//" or "/\". */
export function safeInternalPath(raw: string | null | undefined): string | null {
  if (typeof raw !== 'string') return null;
  const value = raw.trim();
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  if (hasControlCharacter(value)) return null;
  try {
    const parsed = new URL(value, 'http://internal.invalid');
    if (parsed.origin !== 'http://internal.invalid') return null;
    return `${parsed.pathname}${parsed.search}${parsed.hash}`;
  } catch {
    return null;
  }
}

/** The origin of an http(s) URL, or null. */
export function httpOrigin(raw: string | null | undefined): string | null {
  if (typeof raw !== 'string' || !raw.trim()) return null;
  try {
    const url = new URL(raw.trim());
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (url.username || url.password) return null;
    return url.origin;
  } catch {
    return null;
  }
}

export type SsoRedirectInput = {
  /** The redirectURL parameter given to /auth/login. */
  redirectURL: string | null | undefined;
  csrfToken: string;
  /** This page's origin. */
  currentOrigin: string;
  /** Further origins the login page may send people back to (configuration). */
  allowedOrigins: readonly string[];
};

/**
 * After sign-in on the login page: `${redirectURL origin}/sso/{csrfToken}/` when that origin is this one
 * or an allowed one, otherwise null (the caller then goes to /campaigns).
 */
export function ssoRedirectTarget(input: SsoRedirectInput): string | null {
  const origin = httpOrigin(input.redirectURL);
  if (!origin || !input.csrfToken) return null;
  const allowed = new Set(
    [input.currentOrigin, ...input.allowedOrigins]
      .map((o) => httpOrigin(o))
      .filter((o): o is string => o !== null),
  );
  if (!allowed.has(origin)) return null;
  return `${origin}/sso/${encodeURIComponent(input.csrfToken)}/`;
}
