import { z } from 'zod';
import { positiveIdField } from './wholeNumberField.ts';
import { booleanFieldSchema } from './workflowFormFields.ts';

/**
 * Payloads of the Outlook connection's calls (base /api/publish/: outlook_connect/, callback/,
 * outlook_authorized/, outlook_disconnect/), shared by the server (validation, OpenAPI) and the client. See
 * docs/publish.md "Sending through your Outlook mailbox".
 */

/** Error of a send through a mailbox that cannot take it today (400). */
export const OUTLOOK_LIMIT = 'outlook_limit';
/** Error of a send through Outlook without a working connection (400). */
export const OUTLOOK_NOT_CONNECTED = 'outlook_not_connected';

const oauthValue = (field: string, max: number) =>
  z
    .string({ error: `${field} is missing: start again from the publish step.` })
    .trim()
    .min(1, `${field} is missing: start again from the publish step.`)
    .max(max, `${field} is too long.`);

export const outlookConnectBodySchema = z.object({
  /** The edition whose publish step the person comes back to. */
  version_id: positiveIdField('version_id'),
});

/** What Microsoft hands the /outlook_auth page, passed on as it came. */
export const outlookCallbackQuerySchema = z.object({
  code: oauthValue('code', 4000),
  state: oauthValue('state', 200),
  session_state: z.string().max(200).optional(),
});

export const outlookAuthorizedBodySchema = z.object({
  campaign_id: positiveIdField('campaign_id'),
  email_id: positiveIdField('email_id'),
  /** The edition of that email (the spec's payload names the email; an email here has several editions). */
  version_id: positiveIdField('version_id'),
  /** 1: the edition is sent through the person's connected mailbox; 0: through the organisation's sender. */
  outlook_route: booleanFieldSchema('outlook_route'),
  /** Accepted as the spec sends it; every edition is sent the same way here. */
  is_custom: booleanFieldSchema('is_custom').optional(),
});

export const publishDataQuerySchema = z.object({
  version_id: positiveIdField('version_id'),
  /** 1: check the Outlook connection now (Graph /me, refreshing the token when needed). */
  outlook_route: booleanFieldSchema('outlook_route').optional(),
});
