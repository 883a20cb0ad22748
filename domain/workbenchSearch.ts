import { z } from 'zod';

/**
 * The query parameters the workbench reads, typed. The router's
 * search parser turns `?campaign_id=12` into the number 12 and `?allCampaigns=true` into true, so ids
 * accept numbers and strings and are kept as strings; a value of the wrong shape is dropped, never an error.
 */
const text = z
  .union([z.string(), z.number()])
  .transform((value) => String(value).trim())
  .optional()
  .catch(undefined)
  .transform((value) => (value ? value : undefined));

/** A flag that defaults to false: true, "true" and "1" are on. */
const flagDefaultFalse = z
  .union([z.boolean(), z.string(), z.number()])
  .optional()
  .catch(undefined)
  .transform((value) => value === true || value === 'true' || value === '1' || value === 1);

/** A flag read by presence (`?show_back`, `?ai_email=true`): absent is undefined, "false" and "0" are off. */
const presenceFlag = z
  .union([z.boolean(), z.string(), z.number()])
  .optional()
  .catch(undefined)
  .transform((value) =>
    value === undefined ? undefined : !(value === false || value === 'false' || value === '0' || value === 0),
  );

export const workbenchSearchSchema = z.object({
  workflow_id: text,
  redirect: text,
  list_id: text,
  contact_id: text,
  account_id: text,
  group_id: text,
  page_source: text,
  buyer_stage_filter: text,
  event_id: text,
  access_id: text,
  campaign_id: text,
  /** The campaign list's by-User filter. */
  user_id: text,
  /** One id or a comma list: read it with emailIdList. */
  email_id: text,
  ai_email: presenceFlag,
  test_email: presenceFlag,
  show_back: presenceFlag,
  /** The address a dashboard's Back returns to (followed only when it is a path of this app). */
  back_url: text,
  /** A saved analytics filter. */
  fs_id: text,
  version_id: text,
  article_id: text,
  article_link: text,
  generation_id: text,
  form_id: text,
  /** A recipient's unsubscribe id: the consent proof opens on their ledger. */
  unsub_id: text,
  allCampaigns: flagDefaultFalse,
  exportPopup: flagDefaultFalse,
  fromId_analytics: text,
  /** The origin of a screen (campaign, emailEngagement, publish): where a permission error sends back to. */
  from: text,
  /** The error code on /permission_denied. */
  error: text,
});

export type WorkbenchSearch = z.output<typeof workbenchSearchSchema>;
export type WorkbenchSearchInput = z.input<typeof workbenchSearchSchema>;

/** email_id may be a comma list ("12,13"): its ids, blanks dropped. */
export function emailIdList(emailId: string | undefined): string[] {
  return (emailId ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
}
