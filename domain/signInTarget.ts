/** Where a person without a session is sent. */
export type SignInTarget =
  | { kind: 'local'; to: '/'; redirect: string | undefined }
  | { kind: 'external'; href: string };

const LOCAL_HOSTNAMES = new Set(['localhost', '::1', '[::1]']);

/** localhost, 127.x.x.x, ::1 (and *.localhost) are local hosts; the sign-in form is then served here at /. */
export function isLocalHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return LOCAL_HOSTNAMES.has(host) || host.endsWith('.localhost') || /^127(\.\d{1,3}){3}$/.test(host);
}

export type SignInTargetInput = {
  hostname: string;
  /** This page's origin, e.g. https://app.example.com */
  origin: string;
  /** Origin of the login page (VITE_AUTH_ORIGIN); this origin when not configured. */
  authOrigin: string | null;
  /** Path (with search) to come back to after sign-in, when known. */
  returnPath?: string;
};

/**
 * A local host goes to / (with the path to come back to); any other host goes to the login page of the
 * auth origin, which sends the person back to this origin after sign-in.
 */
export function signInTarget(input: SignInTargetInput): SignInTarget {
  const returnPath = input.returnPath && input.returnPath !== '/' ? input.returnPath : undefined;
  if (isLocalHost(input.hostname)) return { kind: 'local', to: '/', redirect: returnPath };
  const authOrigin = (input.authOrigin || input.origin).replace(/\/+$/, '');
  return {
    kind: 'external',
    href: `${authOrigin}/auth/login?redirectURL=${encodeURIComponent(input.origin)}`,
  };
}
