/*
 * The delivery worker's port for a user's Outlook mailbox: the publish service's Outlook connection
 * (publish/outlook/outlookDelivery.ts) implements it, so delivery never imports publish.
 */

/** One claimed marketing email that goes through a connected mailbox (email_send.outlook_user_id set). */
export type OutlookSendRow = {
  id: number;
  outlook_user_id: number | null;
  to_address: string;
  subject: string;
};

/**
 * How a message through Outlook ended: accepted by Graph, or not (`permanent`: this message will never go,
 * e.g. Graph refused it with a 400; else try again later, after retryAfterMs when Graph said).
 */
export type OutlookOutcome =
  | { ok: true }
  | { ok: false; permanent: boolean; message: string; retryAfterMs?: number };

/** What the delivery worker hands a claimed Outlook row to (startDeliveryWorker's `outlook` option). */
export type OutlookTransport = {
  send: (
    row: OutlookSendRow,
    html: string,
    headers: Readonly<Record<string, string>>,
  ) => Promise<OutlookOutcome>;
};
