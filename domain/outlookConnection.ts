import type { PublishData } from './editionSend.ts';

/** Where the publish step's Outlook connection stands. */
export type OutlookStatus = 'notConfigured' | 'notConnected' | 'connected' | 'error';

export type OutlookState = {
  status: OutlookStatus;
  /** The variables an administrator still has to set (notConfigured). */
  missing: string[];
  address: string | null;
  name: string | null;
  /** This edition goes through the mailbox. */
  route: boolean;
  remaining: number;
  dailyLimit: number;
  /** What went wrong (error). */
  error: string | null;
};

/** The Outlook part of the publish data, as the publish screen shows it. */
export function outlookStateOf(data: PublishData): OutlookState {
  const status: OutlookStatus = !data.outlook_configured
    ? 'notConfigured'
    : data.connectionError
      ? 'error'
      : data.is_authorized
        ? 'connected'
        : 'notConnected';
  return {
    status,
    missing: data.outlook_missing,
    address: data.outlook_sender_email_address,
    name: data.outlook_sender_name,
    route: data.outlook_route,
    remaining: data.outlook_remaining_emails,
    dailyLimit: data.outlook_daily_limit,
    error: data.connectionError
      ? (data.outlook_connection_error ?? 'The Outlook connection stopped working: connect Outlook again.')
      : null,
  };
}

/** The mailbox as a reader sees the sender: "Name <address>". */
export function mailboxLabel(state: Pick<OutlookState, 'address' | 'name'>): string {
  if (!state.address) return '';
  return state.name ? `${state.name} <${state.address}>` : state.address;
}
