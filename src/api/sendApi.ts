import type {
  EditionSendStatus,
  PreflightResult,
  PublishConfiguration,
  PublishData,
  RecipientsCount,
  ResendTarget,
} from '../../domain/editionSend.ts';
import { serviceClient } from './serviceClient.ts';

const publish = serviceClient('publish');
/** Refusals of a send (not premium, preflight, warnings to confirm) are shown by the publish screen. */
const LOCAL = { errorCatalogue: false } as const;

/** What callback/ answers: the connected mailbox and the edition the connection was started from. */
export type OutlookConnected = {
  email_address: string;
  name: string;
  version_id: number | null;
  email_id: number | null;
  campaign_id: number | null;
};

export type OutlookRouteRequest = { campaignId: number; emailId: number; versionId: number; on: boolean };

export type ScheduleRequest = { versionId: number; date: string; time: string; confirmWarnings: boolean };

/**
 * The publish step's calls of the publishing service (server/services/publish/sendRoutes.ts, base
 * /api/publish/): the edition's Publish data, its sender, subject and audience, the recipients count, the
 * preflight, and sending, scheduling, pausing, resuming and resending it. See docs/publish.md.
 */
export const sendApi = {
  /** GET publish_email/?version_id: senders, subject, audience and the latest send. */
  publishData: async (versionId: number, signal?: AbortSignal): Promise<PublishData> =>
    (await publish.get<{ data: PublishData }>('publish_email/', { query: { version_id: versionId }, signal }))
      .data,

  /** POST outlook_connect/: the Microsoft sign-in address to send the browser to. */
  outlookConnect: async (versionId: number, signal?: AbortSignal): Promise<string> =>
    (
      await publish.post<{ data: { url: string } }>(
        'outlook_connect/',
        { version_id: versionId },
        { signal, ...LOCAL },
      )
    ).data.url,

  /** GET callback/: finishes the connection with what Microsoft returned to /outlook_auth. */
  outlookCallback: async (
    query: { code: string; state: string; session_state?: string },
    signal?: AbortSignal,
  ): Promise<OutlookConnected> =>
    (await publish.get<{ data: OutlookConnected }>('callback/', { query, signal, ...LOCAL })).data,

  /** POST outlook_authorized/: the edition goes through the connected mailbox (on) or the sender (off). */
  outlookRoute: async (input: OutlookRouteRequest, signal?: AbortSignal): Promise<void> => {
    await publish.post(
      'outlook_authorized/',
      {
        campaign_id: input.campaignId,
        email_id: input.emailId,
        version_id: input.versionId,
        outlook_route: input.on ? 1 : 0,
        is_custom: 0,
      },
      { signal, ...LOCAL },
    );
  },

  /** POST publish_configurations/: the sender (when one is chosen), subject (already encoded) and audience. */
  saveConfiguration: async (
    versionId: number,
    config: PublishConfiguration,
    signal?: AbortSignal,
  ): Promise<void> => {
    await publish.post(
      'publish_configurations/',
      {
        version_id: versionId,
        ...(config.senderAddressId !== null ? { sender_address_id: config.senderAddressId } : {}),
        sender_name: config.senderName,
        subject: config.subject,
        list_ids: config.listIds.join(','),
        contact_ids: config.contactIds.join(','),
      },
      { signal, ...LOCAL },
    );
  },

  /** POST recipients_count/: who this audience reaches, and who it leaves out. */
  recipientsCount: async (
    /** Without lists and contacts: the edition's saved audience. */
    input: { versionId: number; listIds?: number[]; contactIds?: number[] },
    signal?: AbortSignal,
  ): Promise<RecipientsCount> =>
    (
      await publish.post<{ data: RecipientsCount }>(
        'recipients_count/',
        {
          version_id: input.versionId,
          ...(input.listIds ? { list_ids: input.listIds.join(',') } : {}),
          ...(input.contactIds ? { contact_ids: input.contactIds.join(',') } : {}),
        },
        { signal, ...LOCAL },
      )
    ).data,

  /** GET preflight/?version_id: errors (block a send) and warnings (ask). */
  preflight: async (versionId: number, signal?: AbortSignal): Promise<PreflightResult> =>
    (
      await publish.get<{ data: PreflightResult }>('preflight/', {
        query: { version_id: versionId },
        signal,
        ...LOCAL,
      })
    ).data,

  /** POST publish_email/: send now. Refused with 400 and an `error` (see SendRefusalKind). */
  sendNow: async (
    input: { versionId: number; confirmWarnings: boolean },
    signal?: AbortSignal,
  ): Promise<{ send_id: number; status: EditionSendStatus }> =>
    (
      await publish.post<{ data: { send_id: number; status: EditionSendStatus } }>(
        'publish_email/',
        { version_id: input.versionId, ...(input.confirmWarnings ? { confirm_warnings: 1 } : {}) },
        { signal, ...LOCAL },
      )
    ).data,

  /** POST schedule_email/: schedule (or reschedule) at a date and time in the user's time zone. */
  schedule: async (
    input: ScheduleRequest,
    signal?: AbortSignal,
  ): Promise<{ send_id: number; scheduled_for: string; time_zone: string }> =>
    (
      await publish.post<{ data: { send_id: number; scheduled_for: string; time_zone: string } }>(
        'schedule_email/',
        {
          version_id: input.versionId,
          date: input.date,
          time: input.time,
          ...(input.confirmWarnings ? { confirm_warnings: 1 } : {}),
        },
        { signal, ...LOCAL },
      )
    ).data,

  /** POST schedule_email/ with cancel=1: the edition goes back to draft. */
  cancelSchedule: async (versionId: number, signal?: AbortSignal): Promise<void> => {
    await publish.post('schedule_email/', { version_id: versionId, cancel: 1 }, { signal, ...LOCAL });
  },

  /** POST pause_send/. */
  pause: async (sendId: number, signal?: AbortSignal): Promise<void> => {
    await publish.post('pause_send/', { send_id: sendId }, { signal, ...LOCAL });
  },

  /** POST resume_send/. */
  resume: async (sendId: number, signal?: AbortSignal): Promise<void> => {
    await publish.post('resume_send/', { send_id: sendId }, { signal, ...LOCAL });
  },

  /** POST resend_email/: to who did not open it, or to people added to the audience since. */
  resend: async (
    input: { versionId: number; to: ResendTarget },
    signal?: AbortSignal,
  ): Promise<{ send_id: number }> =>
    (
      await publish.post<{ data: { send_id: number } }>(
        'resend_email/',
        { version_id: input.versionId, to: input.to, confirm_warnings: 1 },
        { signal, ...LOCAL },
      )
    ).data,

  /** POST send_test_email/: the edition to a few of the organisation's own addresses, marked as a test. */
  sendTest: async (
    input: { versionId: number; emails: string },
    signal?: AbortSignal,
  ): Promise<{ send_id: number; message: string }> =>
    (
      await publish.post<{ data: { send_id: number; message: string } }>(
        'send_test_email/',
        { version_id: input.versionId, emails: input.emails },
        { signal, ...LOCAL },
      )
    ).data,
};

export type SendApi = typeof sendApi;
