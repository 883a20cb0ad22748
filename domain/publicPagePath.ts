/** Which public recipient page a path asks for, and its unsubscribe id. */
export type PublicPage =
  | { page: 'preferences'; unsubId: string }
  | { page: 'unsubscribe'; unsubId: string }
  | { page: 'resubscribe'; unsubId: string }
  | { page: 'unsubscribe-without-id' }
  | { page: 'success' }
  /** A hosted sign-up form (/f/{public id}). */
  | { page: 'form'; formId: string }
  | { page: 'unknown' };

const ID = '([A-Za-z0-9][A-Za-z0-9_-]{0,99})';

export function publicPagePath(pathname: string): PublicPage {
  const path = pathname.replace(/\/{2,}/g, '/').replace(/\/+$/, '') || '/';
  let match = path.match(new RegExp(`^/unsub/i2c/${ID}$`));
  if (match?.[1]) return { page: 'unsubscribe', unsubId: match[1] };
  match = path.match(new RegExp(`^/resub/i2c/${ID}$`));
  if (match?.[1]) return { page: 'resubscribe', unsubId: match[1] };
  if (path === '/unsub-success') return { page: 'success' };
  match = path.match(new RegExp(`^/f/${ID}$`));
  if (match?.[1]) return { page: 'form', formId: match[1] };
  if (path === '/unsub') return { page: 'unsubscribe-without-id' };
  match = path.match(new RegExp(`^/unsub/${ID}$`));
  if (match?.[1] && match[1] !== 'i2c') return { page: 'preferences', unsubId: match[1] };
  return { page: 'unknown' };
}
