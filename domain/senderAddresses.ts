import { z } from 'zod';
import type { MailDelivery } from './authAnswers.ts';
import { emailSchema } from './authSchemas.ts';
import { nameText } from './nameText.ts';
import { MAX_SENDER_NAME } from './sendSchemas.ts';
import { positiveIdField } from './wholeNumberField.ts';

/**
 * An organisation's sender (From) addresses, managed on Settings › Sender addresses (base /api/user/:
 * sender_addresses/, add_sender_address/, set_default_sender/, remove_sender_address/,
 * cancel_sender_request/, verify_sender_address/). Shared by the server (validation, OpenAPI) and the client.
 */

/** A verification link works this long, and once. */
export const SENDER_LINK_TTL_HOURS = 24;
/** Verification emails an organisation may have mailed in an hour. */
export const SENDER_MAILS_PER_HOUR = 10;

/** A verified sender: the publish step offers it as a From address. */
export type SenderAddress = {
  id: number;
  email: string;
  sender_name: string;
  is_default: boolean;
  verified_at: string;
};

/** An address waiting for its verification link to be opened. */
export type SenderRequest = {
  id: number;
  email: string;
  sender_name: string;
  requested_at: string;
  expires_at: string;
};

export type SenderAddresses = {
  senders: SenderAddress[];
  requests: SenderRequest[];
  /** Admins manage the senders; members read them. */
  can_manage: boolean;
};

export type SenderRequestAnswer = { request: SenderRequest; mail_delivery: MailDelivery; message: string };
export type SenderVerified = { email: string; organisation_name: string; is_default: boolean };

export const senderNameSchema = nameText('sender_name').pipe(
  z
    .string()
    .min(1, 'Enter the name recipients see.')
    .max(MAX_SENDER_NAME, `A sender name is at most ${MAX_SENDER_NAME} characters.`),
);

export const addSenderBodySchema = z.object({ email: emailSchema, sender_name: senderNameSchema });
export type AddSenderInput = z.input<typeof addSenderBodySchema>;

export const senderIdBodySchema = z.object({ sender_id: positiveIdField('sender_id') });
export const senderRequestIdBodySchema = z.object({ request_id: positiveIdField('request_id') });

export const senderKeySchema = z
  .string({ error: 'The verification key is missing.' })
  .regex(/^[A-Za-z0-9_-]{20,100}$/, 'This verification link is not valid.');
export const verifySenderBodySchema = z.object({ key: senderKeySchema });

export const SENDER_LINK_SPENT =
  'This verification link has expired or has already been used. Add the address again in Settings to get a new one.';
export const SENDER_ONLY_DEFAULT =
  'This is your only verified sender: add and verify another address before removing it.';
