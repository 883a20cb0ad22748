import { renderToString } from 'react-dom/server';
import { publicPagePath } from '../domain/publicPagePath.ts';
import { PublicApp } from './PublicApp.tsx';
import type { PreferenceClient } from './preferenceClient.ts';
import type { PublicPageData } from './publicPageData.ts';

/** The title of each page, in the document's <title>. */
const TITLES: Record<ReturnType<typeof publicPagePath>['page'], string> = {
  preferences: 'Preference Management',
  unsubscribe: 'Unsubscribe',
  resubscribe: 'Resubscribe',
  success: 'Preferences saved',
  form: 'Sign up',
  'unsubscribe-without-id': 'This link is not valid',
  unknown: 'This link is not valid',
};

/** The server renders without calling anything: data comes in `PublicPageData`, effects never run. */
const serverClient: PreferenceClient = {
  getRecipientDetails: () => Promise.reject(new Error('No calls while rendering on the server.')),
  updatePreference: () => Promise.reject(new Error('No calls while rendering on the server.')),
  unsubscribe: () => Promise.reject(new Error('No calls while rendering on the server.')),
  resubscribe: () => Promise.reject(new Error('No calls while rendering on the server.')),
  recordPageEvent: () => Promise.reject(new Error('No calls while rendering on the server.')),
};

export type RenderedPublicPage = { html: string; title: string; notValid: boolean };

/**
 * One public page rendered to HTML by React's server renderer, from the same components the browser
 * hydrates (public-pages/main.tsx), with the recipient's data already in it.
 */
export function renderPublicPage(pathname: string, data: PublicPageData): RenderedPublicPage {
  const page = publicPagePath(pathname);
  const needsRecipient =
    page.page === 'preferences' || page.page === 'unsubscribe' || page.page === 'resubscribe';
  const notValid =
    page.page === 'unknown' ||
    page.page === 'unsubscribe-without-id' ||
    (needsRecipient && !data.details) ||
    (page.page === 'form' && !data.hostedForm);
  const html = renderToString(
    <PublicApp pathname={pathname} client={serverClient} navigate={() => {}} data={data} />,
  );
  const title = page.page === 'form' && data.hostedForm ? data.hostedForm.form.name : TITLES[page.page];
  return { html, title: notValid ? TITLES.unknown : title, notValid };
}
