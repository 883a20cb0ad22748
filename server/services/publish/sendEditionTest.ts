import type { UserRow } from '../../db/schema.ts';
import { editionForSend, senderOf } from './editionForSend.ts';
import type { SendDeps } from './sendDeps.ts';
import { sendTestEmail } from './sendTestEmail.ts';

/**
 * send_test_email/: a test of the edition as it is saved to a few of the organisation's own addresses,
 * within the test-send limits of the user and the organisation.
 */
export async function sendEditionTest(
  deps: SendDeps,
  user: UserRow,
  input: { version_id: number; emails: string[] },
) {
  const edition = await editionForSend(deps.db, user.org_id, input.version_id);
  await deps.testLimiter.take(user.id, user.org_id);
  const sender = senderOf(edition);
  const { sendId } = await sendTestEmail(deps.db, {
    orgId: user.org_id,
    userId: user.id,
    edition: {
      id: edition.id,
      email_id: edition.email_id,
      campaign_id: edition.campaign_id,
      html: edition.html,
      subject: sender.subject,
      sender_address: edition.sender_address,
      sender_name: sender.sender_name,
    },
    addresses: input.emails,
  });
  return { send_id: sendId, message: `Test sent to ${input.emails.join(', ')}.` };
}
