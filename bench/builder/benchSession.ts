import type { BrowserContext } from 'playwright';
import { signInSession } from '../benchServer.ts';
import { DEMO_LOGIN } from './builderSettings.ts';

export type Session = { origin: string; cookie: string; csrf: string };

/** The demo user signed in on the bench server. */
export async function signIn(origin: string): Promise<Session> {
  return { origin, ...(await signInSession(origin, DEMO_LOGIN)) };
}

/** A call of the workflow service as the signed-in user; throws on anything but a successful answer. */
export async function call<T>(
  session: Session,
  method: 'GET' | 'POST',
  route: string,
  fields: Record<string, string> = {},
) {
  const query = method === 'GET' && Object.keys(fields).length ? `?${new URLSearchParams(fields)}` : '';
  const response = await fetch(`${session.origin}/api/workflow/${route}${query}`, {
    method,
    headers: {
      cookie: session.cookie,
      ...(method === 'POST'
        ? { 'x-csrftoken': session.csrf, 'content-type': 'application/x-www-form-urlencoded' }
        : {}),
    },
    body: method === 'POST' ? new URLSearchParams(fields).toString() : undefined,
  });
  const text = await response.text();
  const body = JSON.parse(text) as T & { success?: boolean; message?: string };
  if (response.status !== 200 || body.success === false) {
    throw new Error(`${route} answered ${response.status}: ${text.slice(0, 400)}`);
  }
  return body;
}

/** The session's cookie, and its CSRF token in localStorage as the signed-in app keeps it (sessionRule.ts). */
export async function signInContext(context: BrowserContext, session: Session) {
  await context.addCookies([
    { name: 'wb_session', value: session.cookie.split('=')[1] as string, url: session.origin },
  ]);
  await context.addInitScript(
    `localStorage.setItem('csrf_token', ${JSON.stringify(session.csrf)}); localStorage.setItem('logout', '0');`,
  );
}
