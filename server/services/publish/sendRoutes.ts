import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publishDataQuerySchema } from '../../../domain/outlookSchemas.ts';
import {
  publishConfigurationBodySchema,
  publishEmailBodySchema,
  publishQuerySchema,
  recipientsCountBodySchema,
  resendEmailBodySchema,
  scheduleEmailBodySchema,
  sendIdBodySchema,
  testEmailBodySchema,
} from '../../../domain/sendSchemas.ts';
import type { AppContext } from '../../lib/AppContext.ts';
import { authGuard, currentAuth } from '../../lib/sessions.ts';
import { TestSendLimiter } from '../delivery/testSendRules.ts';
import { changeSendStatus } from './changeSendStatus.ts';
import type { EditionSender } from './EditionSender.ts';
import { editionRecipients } from './editionRecipients.ts';
import { oneClickSelfTest } from './oneClickSelfTest.ts';
import type { OutlookMailboxes } from './outlook/OutlookMailboxes.ts';
import { publishDataOf } from './publishData.ts';
import { publishEdition } from './publishEdition.ts';
import { resendEdition } from './resendEdition.ts';
import { savePublishSettings } from './savePublishSettings.ts';
import { scheduleEdition } from './scheduleEdition.ts';
import type { SendDeps } from './sendDeps.ts';
import { sendEditionTest } from './sendEditionTest.ts';
import { editionPreflight } from './sendRules.ts';

const REFUSALS =
  'Refusals (400, error): already_sent, not_premium, preflight (errors), no_recipients, outlook_not_connected, ' +
  'outlook_limit, confirm_warnings (warnings), each with the errors and warnings the preflight reports.';

/**
 * The publish step's calls (publish_email/, publish_configurations/, recipients_count/, schedule_email/,
 * resend_email/, preflight/, pause_send/, resume_send/, send_test_email/): each handler calls one use case.
 * A send walks the edition's audience in batches (EditionSender, on pg-boss): every contact at most once per edition.
 * See docs/publish.md.
 */
export function sendRoutes(
  ctx: AppContext,
  sender: EditionSender,
  mailboxes: OutlookMailboxes,
): FastifyPluginAsyncZod {
  const { db, config } = ctx;
  const tags = ['publish'];
  const testLimiter = new TestSendLimiter(ctx.rateLimiter);

  return async (app) => {
    app.addHook('onRequest', authGuard(ctx.sessions, config));
    const deps: SendDeps = {
      db,
      config,
      mailboxes,
      sender,
      testLimiter,
      clock: ctx.clock,
      oneClickSelfTest: oneClickSelfTest(app, config),
    };
    const userOf = (request: Parameters<typeof currentAuth>[0]) => currentAuth(request).user;

    app.get(
      'publish_email/',
      {
        schema: {
          tags,
          summary: "The publish step's data: senders, subject, audience, Outlook, the latest send",
          description:
            'outlook_route=1 also checks the Outlook connection now (Graph /me, the token refreshed when ' +
            'needed): a connection that fails shows as connectionError. send: the latest send with how its ' +
            'emails are doing (delivered_count, failed_count, pending_count) and, when it failed, its error.',
          querystring: publishDataQuerySchema,
        },
      },
      async (request) => ({
        success: true as const,
        data: await publishDataOf(deps, userOf(request), request.query, (message) =>
          request.log.warn({ userId: userOf(request).id }, message),
        ),
      }),
    );

    app.post(
      'publish_configurations/',
      {
        schema: {
          tags,
          summary: "Save the edition's sender, subject and audience",
          description:
            'Form: version_id; any of sender_address_id (one of the organisation verified addresses), ' +
            'sender_name, subject, list_ids, contact_ids (the organisation lists and contacts, else 404). ' +
            'Saved as they are, empty ones too: the preflight names what a send still needs.',
          body: publishConfigurationBodySchema,
        },
      },
      async (request) => {
        await savePublishSettings(db, userOf(request), request.body);
        return { success: true as const };
      },
    );

    app.post(
      'recipients_count/',
      {
        schema: {
          tags,
          summary: 'How many people a send reaches, and who it leaves out',
          description:
            'Form: version_id, optionally list_ids and contact_ids (else the edition audience). Unsubscribed ' +
            'and Hard Bounce contacts and people who said no to marketing email are left out.',
          body: recipientsCountBodySchema,
        },
      },
      async (request) => ({
        success: true as const,
        data: await editionRecipients(db, userOf(request), request.body),
      }),
    );

    app.get(
      'preflight/',
      {
        schema: {
          tags,
          summary: 'Everything a send checks: errors block a send, warnings ask',
          description:
            'The send rules on the edition as saved: its state, the plan, the sender, subject and design, ' +
            'the one-click unsubscribe self-test, the audience and, for an Outlook send, the mailbox.',
          querystring: publishQuerySchema,
        },
      },
      async (request) => ({
        success: true as const,
        data: await editionPreflight(deps, userOf(request), request.query.version_id),
      }),
    );

    app.post(
      'publish_email/',
      {
        schema: {
          tags,
          summary: 'Send the edition to its audience now',
          description: `Form: version_id, confirm_warnings (1 after the person has seen the warnings). ${REFUSALS}`,
          body: publishEmailBodySchema,
        },
      },
      async (request) => ({
        success: true as const,
        data: await publishEdition(deps, userOf(request), request.body, request.userTz),
      }),
    );

    app.post(
      'schedule_email/',
      {
        schema: {
          tags,
          summary: 'Schedule the edition (date, time, user_tz), reschedule it, or cancel (cancel=1)',
          body: scheduleEmailBodySchema,
        },
      },
      async (request) => ({
        success: true as const,
        data: await scheduleEdition(deps, userOf(request), request.body, request.userTz),
      }),
    );

    for (const [path, to, summary] of [
      ['pause_send/', 'paused', 'Pause a send under way (the emails queued so far still go)'],
      ['resume_send/', 'sending', 'Resume a paused send, or one whose walk failed, where it stopped'],
    ] as const) {
      app.post(path, { schema: { tags, summary, body: sendIdBodySchema } }, async (request) => ({
        success: true as const,
        data: await changeSendStatus(deps, userOf(request), request.body.send_id, to),
      }));
    }

    app.post(
      'send_test_email/',
      {
        config: { rateLimit: { max: 20, timeWindow: '10 minutes' } },
        schema: {
          tags,
          summary: 'Send a test of the edition to a few of your own addresses',
          description:
            'Form: version_id, emails (up to 5, comma separated; your users or verified senders). The email ' +
            'as recipients get it, subject marked [Test], recorded as a test (left out of analytics unless ' +
            'asked). Needs a design and a verified sender; the preflight is not required.',
          body: testEmailBodySchema,
        },
      },
      async (request) => ({
        success: true as const,
        data: await sendEditionTest(deps, userOf(request), request.body),
      }),
    );

    app.post(
      'resend_email/',
      {
        schema: {
          tags,
          summary:
            'Send a sent edition again: to who did not open it, or to people added to its audience since',
          description:
            "Form: email_id (the email's latest sent edition) or version_id, and resend_options: not_opened, " +
            'new_contacts or JSON {to, confirm_warnings} (or the older `to` with confirm_warnings). Another ' +
            "organisation's email or edition answers 404; an email never sent 400. Every send rule is checked " +
            'as for a send. Answers data: {send_id, status, to}.',
          body: resendEmailBodySchema,
        },
      },
      async (request) => ({
        success: true as const,
        data: await resendEdition(deps, userOf(request), request.body),
      }),
    );
  };
}
