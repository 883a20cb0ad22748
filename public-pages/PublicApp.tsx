import { publicPagePath } from '../domain/publicPagePath.ts';
import { successIdOf } from '../domain/publicPageTimings.ts';
import { HostedFormPage } from './HostedFormPage.tsx';
import { NotValidPage } from './NotValidPage.tsx';
import { PreferencePage } from './PreferencePage.tsx';
import type { PreferenceClient } from './preferenceClient.ts';
import type { Navigate } from './publicNavigation.ts';
import type { PublicPageData } from './publicPageData.ts';
import { SubscriptionPage } from './SubscriptionPage.tsx';
import { SuccessPage } from './SuccessPage.tsx';

export type PublicAppProps = {
  pathname: string;
  /** The address's query (the confirmation names its recipient there). */
  search?: string;
  client: PreferenceClient;
  navigate: Navigate;
  /** What the server rendered the first page with; null on a static host or after client navigation. */
  data?: PublicPageData | null;
};

/** The public pages' path switch (no router library): pure props in, one page out. */
export function PublicApp({ pathname, search = '', client, navigate, data = null }: PublicAppProps) {
  const page = publicPagePath(pathname);
  switch (page.page) {
    case 'preferences':
      return (
        <PreferencePage
          key={pathname}
          unsubId={page.unsubId}
          client={client}
          navigate={navigate}
          initial={data ? { details: data.details, formError: data.formError } : undefined}
        />
      );
    case 'unsubscribe':
    case 'resubscribe':
      return (
        <SubscriptionPage
          key={pathname}
          action={page.page}
          unsubId={page.unsubId}
          client={client}
          navigate={navigate}
          initialDetails={data ? data.details : undefined}
          notice={data?.notice ?? null}
        />
      );
    case 'success':
      return (
        <SuccessPage
          key={search}
          unsubId={successIdOf(search)}
          client={client}
          initialDetails={data ? data.details : undefined}
        />
      );
    case 'form':
      // Served by the product's server only (the form is in the page); without it the link is not valid.
      return data?.hostedForm ? <HostedFormPage data={data.hostedForm} /> : <NotValidPage />;
    default:
      return <NotValidPage />;
  }
}
