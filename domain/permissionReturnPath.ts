/**
 * Where a permission error sends the person back to before /permission_denied?error={code}
 *. Pure: the caller passes the current path and its query.
 */
export type PermissionReturnInput = {
  pathname: string;
  /** The current query string's parameters (from, campaign_id, email_id, contact_id, account_id, workflow_id). */
  search: Readonly<Record<string, string | undefined>>;
};

export const CAMPAIGN_AUDIENCE_PATH = '/campaigns/editionedit/audience';
export const CAMPAIGN_PUBLISH_EDIT_PATH = '/campaigns/editionedit/publish';
export const CONTACT_EMAIL_ENGAGEMENT_PATH = '/analytics/contacts/email_engagement';
export const ACCOUNT_EMAIL_ENGAGEMENT_PATH = '/analytics/accounts/email_engagement';
export const AUTOMATION_PATH = '/automation';
export const AUTOMATION_DETAILS_PATH = '/automation/details';
export const CONTENT_EXPLORER_PATH = '/content/explorer';
export const CAMPAIGNS_PATH = '/campaigns';

/** The path-prefix fallback, in order; the default is campaigns. */
const PREFIX_FALLBACK: readonly (readonly [prefix: string, target: string])[] = [
  ['/content', CONTENT_EXPLORER_PATH],
  ['/campaigns', CAMPAIGNS_PATH],
  ['/createcampaign', CAMPAIGNS_PATH],
  ['/audiences', '/audiences'],
  ['/analytics', '/analytics'],
  ['/automation', AUTOMATION_PATH],
  // Settings without export_widget_permission: a permission error sends the person to /campaigns.
  ['/settings', CAMPAIGNS_PATH],
];

function withQuery(path: string, query: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

function isUnder(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

export function permissionReturnPath({ pathname, search }: PermissionReturnInput): string {
  const { from, campaign_id, email_id, contact_id, account_id, workflow_id } = search;
  if (from === 'campaign' && campaign_id) return withQuery(CAMPAIGN_AUDIENCE_PATH, { campaign_id });
  if (from === 'emailEngagement') {
    if (contact_id) return withQuery(CONTACT_EMAIL_ENGAGEMENT_PATH, { contact_id });
    if (account_id) return withQuery(ACCOUNT_EMAIL_ENGAGEMENT_PATH, { account_id });
  }
  if (from === 'publish' && campaign_id) {
    return withQuery(CAMPAIGN_PUBLISH_EDIT_PATH, { campaign_id, email_id });
  }
  if (isUnder(pathname, AUTOMATION_PATH)) {
    return workflow_id ? withQuery(AUTOMATION_DETAILS_PATH, { workflow_id }) : AUTOMATION_PATH;
  }
  for (const [prefix, target] of PREFIX_FALLBACK) if (isUnder(pathname, prefix)) return target;
  return CAMPAIGNS_PATH;
}

/** The permission error page of a code (403 by default). */
export function permissionDeniedPath(code: number | string = 403): string {
  return `/permission_denied?error=${encodeURIComponent(String(code))}`;
}
