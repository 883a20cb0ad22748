import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { EmailDesign } from '../../../domain/emailDesign.ts';
import {
  OUTLOOK_LIMIT,
  OUTLOOK_NOT_CONNECTED,
  publishDataQuerySchema,
} from '../../../domain/outlookSchemas.ts';
import {
  NOT_PREMIUM,
  NOT_PREMIUM_MESSAGE,
  publishConfigurationBodySchema,
  publishEmailBodySchema,
  publishQuerySchema,
  recipientsCountBodySchema,
  resendEmailBodySchema,
  scheduleEmailBodySchema,
  sendIdBodySchema,
  testEmailBodySchema,
} from '../../../domain/sendSchemas.ts';
import { normalisePlanType } from '../../../domain/userData.ts';
import type { Database, UserRow } from '../../db/schema.ts';
import type { AppContext } from '../../lib/AppContext.ts';
import { badRequest, notFound } from '../../lib/AppError.ts';
import { listUnsubscribeHeaders } from '../../lib/listUnsubscribeHeaders.ts';
import { authGuard, currentAuth } from '../../lib/sessions.ts';
import { TestSendLimiter } from '../delivery/testSendRules.ts';
import { safeZone, zonedToInstant } from '../runtime/zonedTime.ts';
import { type EditionSender, runSend } from './EditionSender.ts';
import { countRecipients } from './editionAudience.ts';
import { promotionCodesOf } from './exportWidgetQueries.ts';
import { type EditionSendFields, insertEditionSend } from './insertEditionSend.ts';
import { readGraphMailbox } from './outlook/graphSendMail.ts';
import { CONNECTION_BROKEN, type OutlookMailboxes } from './outlook/OutlookMailboxes.ts';
import {
  type PreflightFinding,
  type PreflightResult,
  preflightChecks,
  uploadIdsOf,
} from './preflightChecks.ts';
import { sendTestEmail } from './sendTestEmail.ts';

/** Plans that send campaigns: a trial (what a new sign-up has) is the premium plan on trial. */
const SENDING_PLANS = new Set(['TRIAL', 'PREMIUM', 'ENTERPRISE']);

type Edition = Awaited<ReturnType<typeof loadEdition>>;

/** The edition of this organisation (else 404) with its email and sender. */
async function loadEdition(db: Kysely<Database>, orgId: number, versionId: number) {
  const row = await db
    .selectFrom('email_versions as v')
    .innerJoin('emails as e', 'e.id', 'v.email_id')
    .leftJoin('verified_addresses as a', (join) =>
      join.onRef('a.id', '=', 'v.sender_address_id').onRef('a.org_id', '=', 'v.org_id'),
    )
    .select([
      'v.id',
      'v.org_id',
      'v.email_id',
      'v.name',
      'v.subject',
      'v.status',
      'v.design',
      'v.html',
      'v.sender_address_id',
      'v.sender_name',
      'v.audience_list_ids',
      'v.audience_contact_ids',
      'v.outlook_route',
      'e.campaign_id',
      'e.subject as email_subject',
      'e.sender_name as email_sender_name',
      'a.address as sender_address',
    ])
    .where('v.id', '=', versionId)
    .where('v.org_id', '=', orgId)
    .executeTakeFirst();
  if (!row) throw notFound('Edition not found.');
  if (row.sender_address === null) {
    // No sender chosen yet: the organisation's default sender (else its first verified address).
    const fallback = await db
      .selectFrom('verified_addresses')
      .select(['id', 'address', 'sender_name'])
      .where('org_id', '=', orgId)
      .orderBy('is_default', 'desc')
      .orderBy('id')
      .executeTakeFirst();
    if (fallback) {
      return {
        ...row,
        sender_address_id: fallback.id,
        sender_address: fallback.address,
        sender_name: row.sender_name ?? (fallback.sender_name || null),
      };
    }
  }
  return row;
}

/** What a send takes from the publish step, fixed on the edition when it is sent or scheduled. */
function senderOf(edition: Edition) {
  return {
    sender_address_id: edition.sender_address_id,
    sender_name: edition.sender_name ?? edition.email_sender_name,
    subject: edition.subject || edition.email_subject,
  };
}

type SendFields = Omit<
  Extract<EditionSendFields, { kind: 'send' | 'resend' }>,
  'orgId' | 'versionId' | 'userId' | 'outlookUserId'
>;

/** Inserts a send of the edition (started now, or scheduled) and answers its id. */
async function insertSend(db: Kysely<Database>, user: UserRow, edition: Edition, fields: SendFields) {
  const id = await insertEditionSend(db, {
    ...fields,
    orgId: user.org_id,
    versionId: edition.id,
    userId: user.id,
    // Sent through the sender's own Outlook mailbox when the edition says so (outlook_authorized/).
    outlookUserId: edition.outlook_route ? user.id : null,
  });
  return { id };
}

/** A refusal with the findings the publish step shows. */
class SendRefusal extends Error {
  constructor(
    readonly body: {
      message: string;
      error: string;
      errors?: PreflightFinding[];
      warnings?: PreflightFinding[];
    },
  ) {
    super(body.message);
  }
}

/**
 * The publish step's calls (spec 02 "Publishing and design service": publish_email/, publish_configurations/,
 * recipients_count/, schedule_email/, resend_email/; plus preflight/, pause_send/ and resume_send/). A send
 * walks the edition's audience in batches on pg-boss (EditionSender): every contact at most once per
 * edition. See docs/publish.md.
 */
export function sendRoutes(
  ctx: AppContext,
  sender: EditionSender | null,
  mailboxes: OutlookMailboxes,
): FastifyPluginAsyncZod {
  const { db, config } = ctx;
  const tags = ['publish'];
  const testLimiter = new TestSendLimiter(ctx.rateLimiter);

  /** Starts walking a send: on pg-boss when this process has it, else here and now. */
  async function startWalk(sendId: number, startAfter?: Date): Promise<void> {
    if (sender) await sender.queue(sendId, startAfter);
    else if (!startAfter) void runSend(db, sendId).catch(() => {});
  }

  return async (app) => {
    app.addHook('onRequest', authGuard(ctx.sessions, config));

    /** The RFC 8058 self-test: the header a send carries leads to the one-click endpoint, which takes the POST. */
    async function oneClickSelfTest(): Promise<PreflightFinding | null> {
      const probe = '00000000-0000-4000-8000-000000000000';
      try {
        const headers = listUnsubscribeHeaders(config.publicOrigin, probe, config.bases.preference);
        const url = new URL(headers['List-Unsubscribe'].slice(1, -1));
        const answer = await app.inject({
          method: 'POST',
          url: url.pathname,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: headers['List-Unsubscribe-Post'],
        });
        if (answer.statusCode === 200) return null;
        return {
          code: 'one_click',
          message: `The one-click unsubscribe address answered ${answer.statusCode}: recipients could not unsubscribe from their inbox.`,
        };
      } catch (error) {
        return {
          code: 'one_click',
          message: `The one-click unsubscribe self-test failed: ${error instanceof Error ? error.message : String(error)}`,
        };
      }
    }

    async function preflight(edition: Edition): Promise<PreflightResult> {
      const design = (edition.design ?? null) as EmailDesign | null;
      const ids = uploadIdsOf(design);
      const uploads =
        ids.length === 0
          ? []
          : await db
              .selectFrom('uploaded_images')
              .select(['id', 'byte_size'])
              .where('org_id', '=', edition.org_id)
              .where('id', 'in', ids)
              .execute();
      const result = preflightChecks({
        design: edition.html ? design : null,
        subject: edition.subject || edition.email_subject,
        senderAddress: edition.sender_address,
        senderName: edition.sender_name ?? edition.email_sender_name,
        uploadSizes: new Map(uploads.map((row) => [row.id, row.byte_size])),
      });
      const oneClick = await oneClickSelfTest();
      if (oneClick) result.errors.push(oneClick);
      return result;
    }

    /** Refuses a send: not premium, preflight errors, unconfirmed warnings, nobody to send to. */
    async function checkSendable(user: UserRow, edition: Edition, confirmed: boolean): Promise<void> {
      if (!SENDING_PLANS.has(normalisePlanType(user.plan_type))) {
        throw new SendRefusal({ message: NOT_PREMIUM_MESSAGE, error: NOT_PREMIUM });
      }
      const result = await preflight(edition);
      if (result.errors.length > 0) {
        throw new SendRefusal({
          message: 'Fix what the preflight found before sending.',
          error: 'preflight',
          ...result,
        });
      }
      if (result.warnings.length > 0 && !confirmed) {
        throw new SendRefusal({
          message: 'The preflight has warnings: send anyway?',
          error: 'confirm_warnings',
          ...result,
        });
      }
      const audience = {
        orgId: edition.org_id,
        listIds: edition.audience_list_ids,
        contactIds: edition.audience_contact_ids,
      };
      const { count } = await countRecipients(db, audience);
      if (count === 0) {
        throw new SendRefusal({
          message: 'Nobody in this audience can receive it: choose lists or contacts with subscribed people.',
          error: 'no_recipients',
        });
      }
      if (edition.outlook_route) await checkOutlook(user, count);
    }

    /** A send through the user's Outlook mailbox: a working connection, and no more than it may send today. */
    async function checkOutlook(user: UserRow, count: number): Promise<void> {
      const mailbox = await mailboxes.state(user.id);
      if (!mailboxes.configured || !mailbox || mailbox.status !== 'connected') {
        throw new SendRefusal({
          message: !mailboxes.configured
            ? `Outlook is not set up on this server (set ${config.outlook.missing.join(' and ')}): send through your organisation's sender instead.`
            : mailbox
              ? CONNECTION_BROKEN
              : 'This edition is sent through your Outlook mailbox: connect Outlook first.',
          error: OUTLOOK_NOT_CONNECTED,
        });
      }
      const remaining = await mailboxes.remaining(user.id);
      if (count > remaining) {
        throw new SendRefusal({
          message:
            `This send has ${count} recipients, but your Outlook mailbox can send ${remaining} more emails ` +
            `today (${config.outlook.dailyLimit} in 24 hours). Choose fewer people or send through your organisation's sender.`,
          error: OUTLOOK_LIMIT,
        });
      }
    }

    /** Answers a send refusal as 400 with its findings (the publish step shows them). */
    async function refusable<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T | FastifyReply> {
      try {
        return await work();
      } catch (error) {
        if (error instanceof SendRefusal) return reply.code(400).send({ success: false, ...error.body });
        throw error;
      }
    }

    async function activeSend(versionId: number) {
      return db
        .selectFrom('edition_sends')
        .selectAll()
        .where('version_id', '=', versionId)
        .where('kind', '=', 'send')
        .where('status', 'not in', ['cancelled', 'failed'])
        .orderBy('id', 'desc')
        .executeTakeFirst();
    }

    app.get(
      'publish_email/',
      {
        schema: {
          tags,
          summary: "The publish step's data: senders, subject, audience, Outlook, the latest send",
          description:
            'outlook_route=1 also checks the Outlook connection now (Graph /me, the token refreshed when ' +
            'needed): a connection that fails shows as connectionError.',
          querystring: publishDataQuerySchema,
        },
      },
      async (request) => {
        const { user } = currentAuth(request);
        const edition = await loadEdition(db, user.org_id, request.query.version_id);
        let mailbox = await mailboxes.state(user.id);
        if (request.query.outlook_route && mailboxes.configured && mailbox?.status === 'connected') {
          try {
            const live = await mailboxes.withAccessToken(user.id, (token) =>
              readGraphMailbox(config.outlook, token),
            );
            mailbox = { ...mailbox, address: live.address, name: live.name };
          } catch (error) {
            request.log.warn({ userId: user.id }, `Outlook check failed: ${(error as Error).message}`);
            mailbox = await mailboxes.state(user.id);
          }
        }
        const senders = await db
          .selectFrom('verified_addresses')
          .select(['id', 'address', 'sender_name', 'is_default'])
          .where('org_id', '=', user.org_id)
          .orderBy('is_default', 'desc')
          .orderBy('id')
          .execute();
        const send = await db
          .selectFrom('edition_sends')
          .selectAll()
          .where('version_id', '=', edition.id)
          .where('kind', '!=', 'test')
          .orderBy('id', 'desc')
          .executeTakeFirst();
        return {
          success: true as const,
          data: {
            version_id: edition.id,
            status: edition.status,
            sender_emails: senders.map((row) => ({
              id: row.id,
              email: row.address,
              sender_name: row.sender_name,
              isDefault: row.is_default,
            })),
            sender_address_id: edition.sender_address_id ?? senders[0]?.id ?? null,
            sender_name: edition.sender_name ?? edition.email_sender_name,
            subject: edition.subject || edition.email_subject,
            list_ids: edition.audience_list_ids,
            contact_ids: edition.audience_contact_ids,
            designed: edition.html !== null,
            outlook_configured: mailboxes.configured,
            outlook_missing: config.outlook.missing,
            outlook_sender_email_address: mailbox?.address ?? null,
            outlook_sender_name: mailbox?.name ?? null,
            outlook_route: edition.outlook_route,
            is_authorized: mailbox?.status === 'connected',
            connectionError: mailbox?.status === 'error',
            outlook_connection_error: mailbox?.status === 'error' ? CONNECTION_BROKEN : null,
            outlook_remaining_emails: mailbox
              ? await mailboxes.remaining(user.id)
              : config.outlook.dailyLimit,
            outlook_daily_limit: config.outlook.dailyLimit,
            user_name: `${user.first_name} ${user.last_name}`.trim(),
            user_email: user.email,
            plan_type: normalisePlanType(user.plan_type),
            promoCodes: await promotionCodesOf(db, user.org_id, edition.campaign_id),
            send: send
              ? {
                  send_id: send.id,
                  kind: send.kind,
                  status: send.status,
                  scheduled_for: send.scheduled_for?.toISOString() ?? null,
                  time_zone: send.time_zone,
                  queued_count: send.queued_count,
                  started_at: send.started_at?.toISOString() ?? null,
                  finished_at: send.finished_at?.toISOString() ?? null,
                }
              : null,
          },
        };
      },
    );

    app.post(
      'publish_configurations/',
      {
        schema: {
          tags,
          summary: "Save the edition's sender, subject and audience",
          description:
            'Form: version_id; any of sender_address_id (one of the organisation verified addresses), ' +
            'sender_name, subject, list_ids, contact_ids (the organisation lists and contacts, else 404).',
          body: publishConfigurationBodySchema,
        },
      },
      async (request) => {
        const { user } = currentAuth(request);
        const body = request.body;
        const edition = await loadEdition(db, user.org_id, body.version_id);
        if (edition.status === 'sent')
          throw badRequest('This edition has been sent: make a new edition to change it.');
        if (body.sender_address_id !== undefined) {
          const found = await db
            .selectFrom('verified_addresses')
            .select('id')
            .where('id', '=', body.sender_address_id)
            .where('org_id', '=', user.org_id)
            .executeTakeFirst();
          if (!found) throw notFound('Sender address not found.');
        }
        if (body.sender_name !== undefined && !body.sender_name) throw badRequest('Enter the sender name.');
        if (body.subject !== undefined && !body.subject) throw badRequest('Enter a subject.');
        if (body.list_ids?.length) {
          const lists = await db
            .selectFrom('contact_lists')
            .select('id')
            .where('org_id', '=', user.org_id)
            .where('id', 'in', body.list_ids)
            .execute();
          if (lists.length !== new Set(body.list_ids).size) throw notFound('List not found.');
        }
        if (body.contact_ids?.length) {
          const contacts = await db
            .selectFrom('contacts')
            .select('id')
            .where('org_id', '=', user.org_id)
            .where('id', 'in', body.contact_ids)
            .execute();
          if (contacts.length !== new Set(body.contact_ids).size) throw notFound('Contact not found.');
        }
        await db
          .updateTable('email_versions')
          .set({
            ...(body.sender_address_id !== undefined ? { sender_address_id: body.sender_address_id } : {}),
            ...(body.sender_name !== undefined ? { sender_name: body.sender_name } : {}),
            ...(body.subject !== undefined ? { subject: body.subject } : {}),
            ...(body.list_ids !== undefined ? { audience_list_ids: [...new Set(body.list_ids)] } : {}),
            ...(body.contact_ids !== undefined
              ? { audience_contact_ids: [...new Set(body.contact_ids)] }
              : {}),
            updated_at: new Date(),
          })
          .where('id', '=', edition.id)
          .execute();
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
      async (request) => {
        const { user } = currentAuth(request);
        const body = request.body;
        const edition = await loadEdition(db, user.org_id, body.version_id);
        const counted = await countRecipients(db, {
          orgId: user.org_id,
          listIds: body.list_ids ?? edition.audience_list_ids,
          contactIds: body.contact_ids ?? edition.audience_contact_ids,
        });
        return { success: true as const, data: counted };
      },
    );

    app.get(
      'preflight/',
      {
        schema: {
          tags,
          summary: 'What would hurt deliverability or compliance: errors block a send, warnings ask',
          querystring: publishQuerySchema,
        },
      },
      async (request) => {
        const { user } = currentAuth(request);
        const edition = await loadEdition(db, user.org_id, request.query.version_id);
        return { success: true as const, data: await preflight(edition) };
      },
    );

    app.post(
      'publish_email/',
      {
        schema: {
          tags,
          summary: 'Send the edition to its audience now',
          description:
            'Form: version_id, confirm_warnings (1 after the person has seen the warnings). Refusals (400, ' +
            'error): not_premium, preflight (errors), confirm_warnings (warnings), no_recipients, already_sent.',
          body: publishEmailBodySchema,
        },
      },
      async (request, reply) =>
        refusable(reply, async () => {
          const { user } = currentAuth(request);
          const edition = await loadEdition(db, user.org_id, request.body.version_id);
          const existing = await activeSend(edition.id);
          if (existing) {
            throw new SendRefusal({
              message:
                existing.status === 'scheduled'
                  ? 'This edition is scheduled: cancel the schedule to send it now.'
                  : 'This edition has been sent. Resend it to those who did not open it, or to people added since.',
              error: 'already_sent',
            });
          }
          await checkSendable(user, edition, Boolean(request.body.confirm_warnings));
          const now = new Date();
          const send = await db.transaction().execute(async (trx) => {
            await trx
              .updateTable('email_versions')
              .set({ status: 'sent', sent_at: now, updated_at: now, ...senderOf(edition) })
              .where('id', '=', edition.id)
              .execute();
            return insertSend(trx, user, edition, {
              kind: 'send',
              status: 'sending',
              listIds: edition.audience_list_ids,
              contactIds: edition.audience_contact_ids,
            });
          });
          await startWalk(send.id);
          return { success: true as const, data: { send_id: send.id, status: 'sending' } };
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
      async (request, reply) =>
        refusable(reply, async () => {
          const { user } = currentAuth(request);
          const body = request.body;
          const edition = await loadEdition(db, user.org_id, body.version_id);
          const existing = await activeSend(edition.id);
          if (body.cancel) {
            if (existing?.status !== 'scheduled') {
              throw badRequest('This edition is not scheduled (or its send has started).');
            }
            await db.transaction().execute(async (trx) => {
              await trx
                .updateTable('edition_sends')
                .set({ status: 'cancelled', updated_at: new Date() })
                .where('id', '=', existing.id)
                .where('status', '=', 'scheduled')
                .execute();
              await trx
                .updateTable('email_versions')
                .set({ status: 'draft', scheduled_for: null, updated_at: new Date() })
                .where('id', '=', edition.id)
                .execute();
            });
            return { success: true as const, data: { status: 'cancelled' } };
          }
          if (!body.date || !body.time) throw badRequest('Choose the date and time to send it.');
          if (existing && existing.status !== 'scheduled') {
            throw new SendRefusal({ message: 'This edition has been sent.', error: 'already_sent' });
          }
          const zone = safeZone(request.userTz);
          const [year, month, day] = body.date.split('-').map(Number) as [number, number, number];
          const [hour, minute] = body.time.split(':').map(Number) as [number, number];
          const at = zonedToInstant({ year, month, day, hour, minute }, zone);
          if (Number.isNaN(at.getTime())) throw badRequest('That date does not exist.');
          if (at.getTime() <= Date.now() + 60_000)
            throw badRequest('Choose a time at least a minute from now.');
          await checkSendable(user, edition, Boolean(body.confirm_warnings));
          const send = await db.transaction().execute(async (trx) => {
            await trx
              .updateTable('email_versions')
              .set({ status: 'scheduled', scheduled_for: at, updated_at: new Date(), ...senderOf(edition) })
              .where('id', '=', edition.id)
              .execute();
            if (existing) {
              await trx
                .updateTable('edition_sends')
                .set({ scheduled_for: at, time_zone: zone, updated_at: new Date() })
                .where('id', '=', existing.id)
                .execute();
              return { id: existing.id };
            }
            return insertSend(trx, user, edition, {
              kind: 'send',
              status: 'scheduled',
              scheduledFor: at,
              timeZone: zone,
              listIds: edition.audience_list_ids,
              contactIds: edition.audience_contact_ids,
            });
          });
          await startWalk(send.id, at);
          return {
            success: true as const,
            data: { send_id: send.id, status: 'scheduled', scheduled_for: at.toISOString(), time_zone: zone },
          };
        }),
    );

    for (const [path, from, to, summary] of [
      ['pause_send/', 'sending', 'paused', 'Pause a send under way (the emails queued so far still go)'],
      ['resume_send/', 'paused', 'sending', 'Resume a paused send where it stopped'],
    ] as const) {
      app.post(path, { schema: { tags, summary, body: sendIdBodySchema } }, async (request) => {
        const { user } = currentAuth(request);
        const changed = await db
          .updateTable('edition_sends')
          .set({ status: to, updated_at: new Date() })
          .where('id', '=', request.body.send_id)
          .where('org_id', '=', user.org_id)
          .where('status', '=', from)
          .returning(['id'])
          .executeTakeFirst();
        if (!changed) {
          const found = await db
            .selectFrom('edition_sends')
            .select('status')
            .where('id', '=', request.body.send_id)
            .where('org_id', '=', user.org_id)
            .executeTakeFirst();
          if (!found) throw notFound('Send not found.');
          throw badRequest(
            `This send is ${found.status}: it cannot be ${to === 'paused' ? 'paused' : 'resumed'}.`,
          );
        }
        if (to === 'sending') await startWalk(changed.id);
        return { success: true as const, data: { send_id: changed.id, status: to } };
      });
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
      async (request) => {
        const { user } = currentAuth(request);
        const edition = await loadEdition(db, user.org_id, request.body.version_id);
        await testLimiter.take(user.id, user.org_id);
        const sender = senderOf(edition);
        const { sendId } = await sendTestEmail(db, {
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
          addresses: request.body.emails,
        });
        const to = request.body.emails.join(', ');
        return { success: true as const, data: { send_id: sendId, message: `Test sent to ${to}.` } };
      },
    );

    app.post(
      'resend_email/',
      {
        schema: {
          tags,
          summary:
            'Send a sent edition again: to who did not open it, or to people added to its audience since',
          body: resendEmailBodySchema,
        },
      },
      async (request, reply) =>
        refusable(reply, async () => {
          const { user } = currentAuth(request);
          const body = request.body;
          const edition = await loadEdition(db, user.org_id, body.version_id);
          const sent = await activeSend(edition.id);
          if (!sent || sent.status === 'scheduled')
            throw badRequest('Send this edition first; then resend it.');
          await checkSendable(user, edition, Boolean(body.confirm_warnings));
          let contactIds = edition.audience_contact_ids;
          let listIds = edition.audience_list_ids;
          if (body.to === 'not_opened') {
            const rows = await db
              .selectFrom('email_send as s')
              .select('s.contact_id')
              .distinct()
              .where('s.version_id', '=', edition.id)
              .where('s.is_test', '=', false)
              .where('s.dedupe_key', 'not like', '%:r%')
              .where(({ not, exists, selectFrom }) =>
                not(
                  exists(
                    selectFrom('email_event as ev')
                      .select('ev.id')
                      .whereRef('ev.contact_id', '=', 's.contact_id')
                      .where('ev.email_id', '=', edition.email_id)
                      .where('ev.kind', '=', 'opened'),
                  ),
                ),
              )
              .execute();
            contactIds = rows.flatMap((row) => (row.contact_id === null ? [] : [row.contact_id]));
            listIds = [];
            if (contactIds.length === 0) throw badRequest('Everyone who got this edition has opened it.');
          }
          const send = await insertSend(db, user, edition, {
            kind: body.to === 'not_opened' ? 'resend' : 'send',
            resendTo: body.to,
            status: 'sending',
            listIds,
            contactIds,
          });
          await startWalk(send.id);
          return { success: true as const, data: { send_id: send.id, status: 'sending', to: body.to } };
        }),
    );
  };
}
