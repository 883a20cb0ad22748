import type { OutlookTransport } from '../../delivery/OutlookTransport.ts';
import { GraphError, graphSendMail } from './graphSendMail.ts';
import { OutlookCallError } from './microsoftIdentity.ts';
import type { OutlookMailboxes } from './OutlookMailboxes.ts';

/**
 * The delivery worker's Outlook transport: each message is posted to Graph's /me/sendMail of the mailbox of
 * the user who sent the edition, with the HTML the SMTP path sends. A broken connection (refresh refused,
 * 401 or 403 after a refresh) is not the message's fault: it waits and is tried again (until the worker's
 * attempts run out), so connecting Outlook again lets the send go on.
 */
export function outlookTransport(mailboxes: OutlookMailboxes): OutlookTransport {
  return {
    send: async (row, html, headers) => {
      if (row.outlook_user_id === null) {
        return { ok: false, permanent: true, message: 'Not an Outlook send.' };
      }
      if (!mailboxes.configured) {
        return {
          ok: false,
          permanent: false,
          message: `Outlook is not configured on this server (set ${mailboxes.config.missing.join(' and ')}).`,
        };
      }
      try {
        await mailboxes.withAccessToken(row.outlook_user_id, (token) =>
          graphSendMail(mailboxes.config, token, {
            to: { address: row.to_address },
            subject: row.subject,
            html,
            headers,
          }),
        );
        return { ok: true };
      } catch (error) {
        if (error instanceof GraphError) {
          // A 4xx other than 401 and 403 (those broke the connection) refuses this message for good.
          const permanent = error.kind === 'refused' && error.status !== 401 && error.status !== 403;
          return {
            ok: false,
            permanent,
            message: error.message,
            ...(error.retryAfterMs !== undefined ? { retryAfterMs: error.retryAfterMs } : {}),
          };
        }
        if (error instanceof OutlookCallError) return { ok: false, permanent: false, message: error.message };
        return {
          ok: false,
          permanent: false,
          message: error instanceof Error ? error.message : String(error),
        };
      }
    },
  };
}
