import type { OutlookConfig } from '../../../config.ts';
import { OutlookCallError, timedFetch } from './microsoftIdentity.ts';

export type GraphMailbox = { address: string; name: string };

export type GraphMessage = {
  to: { address: string; name?: string };
  subject: string;
  html: string;
  /** The headers the SMTP path sends; Graph takes only X- headers, the others are left out (see below). */
  headers: Readonly<Record<string, string>>;
};

/**
 * A Graph answer that is not a success: 401 (the access token is no good: refresh once), 429 and 5xx (try
 * later; retryAfterMs from Retry-After), other 4xx (this message is refused).
 */
export class GraphError extends OutlookCallError {
  constructor(
    status: number,
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(status === 429 || status >= 500 ? 'unreachable' : 'refused', message, status);
    this.name = 'GraphError';
  }
}

async function graphError(response: Response, what: string): Promise<GraphError> {
  let detail = '';
  try {
    const body = (await response.json()) as { error?: { code?: unknown; message?: unknown } };
    const code = typeof body.error?.code === 'string' ? body.error.code : '';
    const message = typeof body.error?.message === 'string' ? body.error.message.slice(0, 200) : '';
    detail = [code, message].filter(Boolean).join(': ');
  } catch {
    detail = '';
  }
  const retryAfter = Number(response.headers.get('retry-after'));
  return new GraphError(
    response.status,
    `Microsoft Graph refused ${what} (HTTP ${response.status}${detail ? `, ${detail}` : ''}).`,
    Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : undefined,
  );
}

/** The connected mailbox's address and name: GET /me (mail, else the sign-in name). */
export async function readGraphMailbox(config: OutlookConfig, accessToken: string): Promise<GraphMailbox> {
  const response = await timedFetch(
    config,
    `${config.graphBaseUrl}/me?$select=displayName,mail,userPrincipalName`,
    { headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' } },
    'Microsoft Graph',
  );
  if (!response.ok) throw await graphError(response, 'reading the mailbox');
  const me = (await response.json()) as {
    displayName?: unknown;
    mail?: unknown;
    userPrincipalName?: unknown;
  };
  const address =
    typeof me.mail === 'string' && me.mail
      ? me.mail
      : typeof me.userPrincipalName === 'string'
        ? me.userPrincipalName
        : '';
  if (!address) throw new GraphError(400, 'Microsoft Graph gave no address for this mailbox.');
  return { address, name: typeof me.displayName === 'string' ? me.displayName : '' };
}

/**
 * Graph's internetMessageHeaders takes only names starting with X- (List-Unsubscribe and
 * List-Unsubscribe-Post are refused by Graph): the others are left out and named in `dropped`.
 */
export function graphHeaders(headers: Readonly<Record<string, string>>): {
  kept: { name: string; value: string }[];
  dropped: string[];
} {
  const entries = Object.entries(headers);
  return {
    kept: entries.filter(([name]) => /^x-/i.test(name)).map(([name, value]) => ({ name, value })),
    dropped: entries.filter(([name]) => !/^x-/i.test(name)).map(([name]) => name),
  };
}

/** The JSON body of POST /me/sendMail for one message (HTML body; not kept in Sent Items). */
export function sendMailBody(message: GraphMessage) {
  const { kept } = graphHeaders(message.headers);
  return {
    message: {
      subject: message.subject,
      body: { contentType: 'HTML', content: message.html },
      toRecipients: [
        {
          emailAddress: {
            address: message.to.address,
            ...(message.to.name ? { name: message.to.name } : {}),
          },
        },
      ],
      ...(kept.length > 0 ? { internetMessageHeaders: kept } : {}),
    },
    saveToSentItems: false,
  };
}

/** Sends one message from the signed-in mailbox: POST /me/sendMail (Graph answers 202 Accepted). */
export async function graphSendMail(
  config: OutlookConfig,
  accessToken: string,
  message: GraphMessage,
): Promise<void> {
  const response = await timedFetch(
    config,
    `${config.graphBaseUrl}/me/sendMail`,
    {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(sendMailBody(message)),
    },
    'Microsoft Graph',
  );
  if (!response.ok) throw await graphError(response, 'the message');
  await response.body?.cancel();
}
