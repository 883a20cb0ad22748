/**
 * A URL in which the word unsub repeats is normalised to a single /unsub/{unsubid}:
 * /unsub/unsub/abc and /unsub/unsub/unsub/abc/ both become /unsub/abc. A leading run of two or more
 * "unsub" segments collapses to one and the rest of the path is kept (/unsub/unsub/i2c/abc becomes
 * /unsub/i2c/abc). Used by the workbench router and by the server (a 301).
 */
export function normaliseUnsubPath(pathname: string): string | null {
  const segments = pathname.split('/').filter((segment) => segment !== '');
  let run = 0;
  while (segments[run]?.toLowerCase() === 'unsub') run += 1;
  if (run < 2) return null;
  const rest = segments.slice(run);
  return rest.length === 0 ? '/unsub/' : `/unsub/${rest.join('/')}`;
}

/** The public recipient paths the server answers with the public build. */
export function isPublicRecipientPath(pathname: string): boolean {
  return /^\/(unsub|resub|unsub-success)(\/|$)/.test(pathname);
}
