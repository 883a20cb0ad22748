import type { Kysely } from 'kysely';
import type { PreflightFinding, PreflightResult, SendRefusalKind } from '../../../domain/editionSend.ts';
import type { EmailDesign } from '../../../domain/emailDesign.ts';
import { hasFeature } from '../../../domain/featureFlags.ts';
import { OUTLOOK_LIMIT, OUTLOOK_NOT_CONNECTED } from '../../../domain/outlookSchemas.ts';
import { NOT_PREMIUM, NOT_PREMIUM_MESSAGE } from '../../../domain/sendSchemas.ts';
import type { AppConfig } from '../../config.ts';
import type { Database, UserRow } from '../../db/schema.ts';
import { AppError } from '../../lib/AppError.ts';
import { countRecipients } from './editionAudience.ts';
import { editionForSend, type SendEdition } from './editionForSend.ts';
import { activeSendOf } from './editionSendQueries.ts';
import { CONNECTION_BROKEN, type MailboxState, type OutlookMailboxes } from './outlook/OutlookMailboxes.ts';
import { preflightChecks, uploadIdsOf } from './preflightChecks.ts';

/** Sending now (publish_email/ and the preflight), scheduling (also a reschedule), or resending. */
export type SendIntent = 'send' | 'schedule' | 'resend';

/** What the send rules read besides the edition. */
export type SendRulesDeps = {
  db: Kysely<Database>;
  config: AppConfig;
  mailboxes: OutlookMailboxes;
  /** The RFC 8058 self-test (the running server answers its own one-click address): a finding, or null. */
  oneClickSelfTest: () => Promise<PreflightFinding | null>;
};

/** A finding that blocks a send, with the refusal a send gets when it is the first (null: a plain 400). */
export type Blocker = PreflightFinding & { refusal: SendRefusalKind | null };

type Facts = {
  user: UserRow;
  edition: SendEdition;
  intent: SendIntent;
  activeSend: Awaited<ReturnType<typeof activeSendOf>>;
  content: PreflightResult;
  oneClick: PreflightFinding | null;
  recipients: number;
  outlook: { configured: boolean; mailbox: MailboxState | null; remaining: number; dailyLimit: number };
};

const blocker = (refusal: SendRefusalKind | null, code: string, message: string): Blocker => ({
  refusal,
  code,
  message,
});

/**
 * The send rules, in the order a send is refused by them: the first rule that finds something names the
 * refusal. The preflight reports what every rule finds, so it checks everything a send checks (tests
 * enumerate every refusal and the preflight's finding for it).
 */
export const SEND_RULES: readonly { name: string; check: (facts: Facts) => Blocker[] }[] = [
  {
    name: 'the edition is not sent or scheduled yet',
    check: ({ intent, activeSend }) => {
      if (intent === 'resend') {
        return !activeSend || activeSend.status === 'scheduled'
          ? [blocker(null, 'not_sent', 'Send this edition first; then resend it.')]
          : [];
      }
      if (!activeSend) return [];
      if (activeSend.status === 'scheduled') {
        return intent === 'schedule'
          ? []
          : [
              blocker(
                'already_sent',
                'scheduled',
                'This edition is scheduled: cancel the schedule to send it now.',
              ),
            ];
      }
      return [
        blocker(
          'already_sent',
          'already_sent',
          intent === 'schedule'
            ? 'This edition has been sent.'
            : 'This edition has been sent. Resend it to those who did not open it, or to people added since.',
        ),
      ];
    },
  },
  {
    name: 'the plan includes sending',
    check: ({ user }) =>
      hasFeature(user, 'premium') ? [] : [blocker(NOT_PREMIUM, NOT_PREMIUM, NOT_PREMIUM_MESSAGE)],
  },
  {
    name: 'the sender, subject and design pass the preflight',
    check: ({ content, oneClick }) =>
      [...content.errors, ...(oneClick ? [oneClick] : [])].map((finding) => ({
        ...finding,
        refusal: 'preflight' as const,
      })),
  },
  {
    name: 'somebody in the audience can receive it',
    check: ({ recipients }) =>
      recipients > 0
        ? []
        : [
            blocker(
              'no_recipients',
              'no_recipients',
              'Nobody in this audience can receive it: choose lists or contacts with subscribed people.',
            ),
          ],
  },
  {
    name: 'an Outlook send has a working mailbox that may send this many',
    check: ({ edition, outlook, recipients }) => {
      if (!edition.outlook_route) return [];
      if (!outlook.configured) {
        return [
          blocker(
            OUTLOOK_NOT_CONNECTED,
            OUTLOOK_NOT_CONNECTED,
            'Sending through Outlook is not available in this workspace: turn it off to send from your organisation’s sender.',
          ),
        ];
      }
      if (outlook.mailbox?.status !== 'connected') {
        return [
          blocker(
            OUTLOOK_NOT_CONNECTED,
            OUTLOOK_NOT_CONNECTED,
            outlook.mailbox
              ? CONNECTION_BROKEN
              : 'This edition is sent through your Outlook mailbox: connect Outlook first.',
          ),
        ];
      }
      if (recipients <= outlook.remaining) return [];
      return [
        blocker(
          OUTLOOK_LIMIT,
          OUTLOOK_LIMIT,
          `This send has ${recipients} recipients, but your Outlook mailbox can send ${outlook.remaining} more emails ` +
            `today (${outlook.dailyLimit} in 24 hours). Choose fewer people or send through your organisation's sender.`,
        ),
      ];
    },
  },
];

async function uploadSizesOf(db: Kysely<Database>, edition: SendEdition): Promise<Map<string, number>> {
  const ids = uploadIdsOf((edition.design ?? null) as EmailDesign | null);
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('uploaded_images')
    .select(['id', 'byte_size'])
    .where('org_id', '=', edition.org_id)
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((row) => [row.id, row.byte_size]));
}

async function factsOf(
  deps: SendRulesDeps,
  user: UserRow,
  edition: SendEdition,
  intent: SendIntent,
): Promise<Facts> {
  const { db, mailboxes } = deps;
  const [activeSend, uploadSizes, oneClick, counted, mailbox] = await Promise.all([
    activeSendOf(db, edition.id),
    uploadSizesOf(db, edition),
    deps.oneClickSelfTest(),
    countRecipients(db, {
      orgId: edition.org_id,
      listIds: edition.audience_list_ids,
      contactIds: edition.audience_contact_ids,
    }),
    edition.outlook_route ? mailboxes.state(user.id) : Promise.resolve(null),
  ]);
  const content = preflightChecks({
    design: edition.html ? ((edition.design ?? null) as EmailDesign | null) : null,
    subject: edition.subject,
    senderAddress: edition.sender_address,
    senderName: edition.sender_name ?? edition.email_sender_name,
    uploadSizes,
  });
  return {
    user,
    edition,
    intent,
    activeSend,
    content,
    oneClick,
    recipients: counted.count,
    outlook: {
      configured: mailboxes.configured,
      mailbox,
      remaining: mailbox ? await mailboxes.remaining(user.id) : 0,
      dailyLimit: deps.config.outlook.dailyLimit,
    },
  };
}

export type SendCheck = { blockers: Blocker[]; warnings: PreflightFinding[]; recipients: number };

/** Runs every send rule on the edition as it is saved. */
export async function checkSend(
  deps: SendRulesDeps,
  user: UserRow,
  edition: SendEdition,
  intent: SendIntent,
): Promise<SendCheck> {
  const facts = await factsOf(deps, user, edition, intent);
  return {
    blockers: SEND_RULES.flatMap((rule) => rule.check(facts)),
    warnings: facts.content.warnings,
    recipients: facts.recipients,
  };
}

/** The preflight's answer: every blocker as an error, and the warnings. */
export function preflightOf(check: SendCheck): PreflightResult {
  return {
    errors: check.blockers.map(({ refusal: _refusal, ...finding }) => finding),
    warnings: check.warnings,
  };
}

/** preflight/: every send rule on the edition as it is saved, for sending it now. */
export async function editionPreflight(
  deps: SendRulesDeps,
  user: UserRow,
  versionId: number,
): Promise<PreflightResult> {
  const edition = await editionForSend(deps.db, user.org_id, versionId);
  return preflightOf(await checkSend(deps, user, edition, 'send'));
}

/**
 * Refuses a send (400) when a rule found something, naming the first rule's refusal (preflight: the
 * findings to fix), or when there are warnings the person has not confirmed (confirm_warnings). Answers
 * the check otherwise.
 */
export async function assertSendable(
  deps: SendRulesDeps,
  user: UserRow,
  edition: SendEdition,
  intent: SendIntent,
  confirmed: boolean,
): Promise<SendCheck> {
  const check = await checkSend(deps, user, edition, intent);
  const first = check.blockers[0];
  const findings = preflightOf(check);
  if (first) {
    if (first.refusal === null) throw new AppError(400, first.message);
    const message =
      first.refusal === 'preflight' ? 'Fix what the preflight found before sending.' : first.message;
    throw new AppError(400, message, {}, { error: first.refusal, ...findings });
  }
  if (check.warnings.length > 0 && !confirmed) {
    throw new AppError(
      400,
      'The preflight has warnings: send anyway?',
      {},
      { error: 'confirm_warnings', ...findings },
    );
  }
  return check;
}
