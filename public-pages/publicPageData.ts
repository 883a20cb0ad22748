import type { RecipientDetails } from '../domain/preferenceSchemas.ts';
import type { HostedFormPageData } from './HostedFormPage.tsx';

/**
 * What the server renders a public page with, written into the page as JSON so the browser hydrates the
 * same components with the same data. Absent on a static host (the page then loads what it needs).
 */
export type PublicPageData = {
  /** The recipient behind the page's unsubscribe id; null when the id is unknown or the page has none. */
  details: RecipientDetails | null;
  /** A plain-form (JavaScript off) resubscribe succeeded: the page says so. */
  notice: 'resubscribed' | null;
  /** A plain-form post was refused: the page shows why, beside the form. */
  formError: string | null;
  /** A hosted sign-up form's page (/f/{id}); absent on the other pages, null for an unknown form. */
  hostedForm?: HostedFormPageData | null;
};

export const PUBLIC_PAGE_DATA_ID = 'pp-data';

/** JSON safe inside a <script> element: "<", ">", "&" and line separators are escaped. */
export function serializePublicPageData(data: PublicPageData): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The data the server wrote into the page, or null (static host, or nothing readable). */
export function readPublicPageData(doc: Document): PublicPageData | null {
  const text = doc.getElementById(PUBLIC_PAGE_DATA_ID)?.textContent;
  if (!text) return null;
  try {
    const data = JSON.parse(text) as Partial<PublicPageData> | null;
    if (!data || typeof data !== 'object' || !('details' in data)) return null;
    return {
      details: data.details ?? null,
      notice: data.notice ?? null,
      formError: data.formError ?? null,
      ...(data.hostedForm ? { hostedForm: data.hostedForm } : {}),
    };
  } catch {
    return null;
  }
}
