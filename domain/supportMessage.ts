import { z } from 'zod';

/** A support-chat message: 1 to 2000 characters after trimming, sent with the path of the page it came from. */
export const SUPPORT_MESSAGE_MAX = 2000;
export const SUPPORT_PAGE_PATH_MAX = 500;

export const supportMessageTextSchema = z
  .string({
    error: (issue) => (issue.input === undefined ? 'message is required.' : 'message must be text.'),
  })
  .trim()
  .min(1, 'Write a message first.')
  .max(SUPPORT_MESSAGE_MAX, `A message can be at most ${SUPPORT_MESSAGE_MAX} characters.`);

export const supportPagePathSchema = z
  .string({ error: 'page must be text.' })
  .trim()
  .max(SUPPORT_PAGE_PATH_MAX, `page can be at most ${SUPPORT_PAGE_PATH_MAX} characters.`)
  .regex(/^\/[^\s]*$/, 'page must be a path starting with "/".');

/** The body of POST support_message/. */
export const supportMessageBodySchema = z.object({
  message: supportMessageTextSchema,
  page: supportPagePathSchema.optional(),
});

/** A message as the sender sees it. */
export type SupportMessage = {
  id: number;
  message: string;
  page_path: string | null;
  created_at: string;
};

/** A message as an internal admin sees it in the support inbox. */
export type SupportInboxMessage = SupportMessage & {
  user_id: number;
  user_name: string;
  user_email: string;
  org_id: number;
  org_name: string;
};

/** GET support_messages/ (the sender's own) and GET support_inbox/ (internal admins). */
export type SupportMessagesPage = { total_count: number; data: SupportMessage[] };
export type SupportInboxPage = { total_count: number; data: SupportInboxMessage[] };

/** The error to show for a draft, or null when it can be sent (the same rule the server applies). */
export function supportDraftError(draft: string): string | null {
  const result = supportMessageTextSchema.safeParse(draft);
  return result.success ? null : (result.error.issues[0]?.message ?? 'This message cannot be sent.');
}
