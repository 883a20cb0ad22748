import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { limitField, offsetField, positiveIdField } from '../../../domain/wholeNumberField.ts';
import type { AppContext } from '../../lib/AppContext.ts';
import { notFound } from '../../lib/AppError.ts';
import { sendEmailDocument } from '../../lib/emailDocument.ts';
import { authGuard, currentAuth } from '../../lib/sessions.ts';
import { findMailboxSend, listMailbox, mailboxOptions } from './mailboxQueries.ts';
import { SendBodies } from './SendBodies.ts';
import { sendDemoEmail } from './sendDemoEmail.ts';

const pageQuery = z.object({
  offset: offsetField(),
  limit: limitField(100, 20),
  /** Recipient address or name, or subject, containing this (blank: every send). */
  q: z.string().trim().max(100, 'q is at most 100 characters.').default(''),
});
const sendParams = z.object({
  send_id: positiveIdField('send_id'),
});
const optionsQuery = z.object({ q: z.string().trim().max(100, 'q is at most 100 characters.').default('') });
const idField = positiveIdField;
const sendBody = z.object({
  email_id: idField('email_id'),
  contact_id: idField('contact_id'),
  /** Chosen by the form once per submission: sending the same request twice sends once. */
  request_id: z.uuid({ error: 'request_id must be a UUID.' }),
});

const NOT_FOUND_MESSAGE = 'No such email in your mailbox.';

/**
 * The demo mailbox (mounted under the user service): the signed-in person's organisation's marketing
 * sends, one of them rendered, and a form that sends one design-ready email to one contact through the
 * same queue and delivery as workflows. Another organisation's sends answer 404.
 */
export function mailboxRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db, config } = ctx;
  const bodies = new SendBodies(db, {
    trackingBaseUrl: config.trackingBaseUrl,
    publicOrigin: config.publicOrigin,
  });
  const tags = ['mailbox'];
  return async (app) => {
    app.addHook('onRequest', authGuard(ctx.sessions, config));

    app.get(
      'mailbox/',
      {
        schema: {
          tags,
          summary:
            "The organisation's marketing emails, newest first, optionally searched by recipient or subject (the demo mailbox)",
          querystring: pageQuery,
        },
      },
      async (request) => {
        const { user } = currentAuth(request);
        const page = await listMailbox(db, user.org_id, request.query);
        return {
          success: true,
          transport: config.smtpUrl ? ('smtp' as const) : ('mailbox' as const),
          total_count: page.total,
          data: page.items,
        };
      },
    );

    app.get(
      'mailbox/options/',
      {
        schema: {
          tags,
          summary: 'Design-ready emails and contacts the demo send form offers',
          querystring: optionsQuery,
        },
      },
      async (request) => {
        const { user } = currentAuth(request);
        return { success: true, ...(await mailboxOptions(db, user.org_id, request.query.q)) };
      },
    );

    app.get(
      'mailbox/:send_id/',
      {
        schema: {
          tags,
          summary: 'One marketing email as it was sent, with tracked links and pixel',
          params: sendParams,
        },
      },
      async (request) => {
        const { user } = currentAuth(request);
        const send = await findMailboxSend(db, user.org_id, request.params.send_id);
        if (!send) throw notFound(NOT_FOUND_MESSAGE);
        return {
          success: true,
          data: {
            send_id: send.id,
            subject: send.subject,
            to: send.to_address,
            from: `${send.from_name} <${send.from_address}>`,
            status: send.status,
            delivered_at: send.delivered_at ? new Date(send.delivered_at).toISOString() : null,
            html: (await bodies.contentOf(send)).html,
          },
        };
      },
    );

    app.get(
      'mailbox/:send_id/html',
      {
        schema: {
          tags,
          summary:
            'One marketing email as a sandboxed HTML document (what the mailbox viewer frames), with tracked links and pixel',
          params: sendParams,
        },
      },
      async (request, reply) => {
        const { user } = currentAuth(request);
        const send = await findMailboxSend(db, user.org_id, request.params.send_id);
        if (!send) throw notFound(NOT_FOUND_MESSAGE);
        return sendEmailDocument(reply, (await bodies.contentOf(send)).html);
      },
    );

    app.post(
      'mailbox/send/',
      {
        schema: {
          tags,
          summary: 'Send one design-ready email to one contact of the organisation (demo)',
          description:
            'request_id is an idempotency key: the same request again answers the earlier send (created false); a different email or contact under a used request_id answers 409.',
          body: sendBody,
        },
      },
      async (request) => {
        const { user } = currentAuth(request);
        const { email_id, contact_id, request_id } = request.body;
        const queued = await sendDemoEmail(db, {
          orgId: user.org_id,
          contactId: contact_id,
          emailId: email_id,
          requestId: request_id,
        });
        return { success: true, send_id: queued.sendId, created: queued.created };
      },
    );
  };
}
