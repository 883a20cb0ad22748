import { renderToString } from 'react-dom/server';
import { publicPagePath } from '../domain/publicPagePath.ts';
import { PublicApp } from './PublicApp.tsx';
import type { PreferenceClient } from './preferenceClient.ts';
import type { PublicPageData } from './publicPageData.ts';
import { UNSUBSCRIBED_TITLE } from './SuccessPage.tsx';

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
export function renderPublicPage(pathname: string, data: PublicPageData, search = ''): RenderedPublicPage {
  const page = publicPagePath(pathname);
  const needsRecipient =
    page.page === 'preferences' || page.page === 'unsubscribe' || page.page === 'resubscribe';
  const notValid =
    page.page === 'unknown' ||
    page.page === 'unsubscribe-without-id' ||
    (needsRecipient && !data.details) ||
    (page.page === 'form' && !data.hostedForm);
  const html = renderToString(
    <PublicApp pathname={pathname} search={search} client={serverClient} navigate={() => {}} data={data} />,
  );
  if (notValid) return { html, title: TITLES.unknown, notValid };
  if (page.page === 'form' && data.hostedForm)
    return {
      html,
      title: `${data.hostedForm.form.name} · ${data.hostedForm.form.organisationName}`,
      notValid,
    };
  const title =
    page.page === 'success' && data.details?.unsub_all === '1' ? UNSUBSCRIBED_TITLE : TITLES[page.page];
  const sender = data.details?.organisation_name;
  return { html, title: sender ? `${title} · ${sender}` : title, notValid };
}
