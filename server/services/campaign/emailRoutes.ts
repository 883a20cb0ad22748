import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import {
  assetIdBodySchema,
  campaignIdParamsSchema,
  createEmailBodySchema,
  deleteEmailBodySchema,
  editionIdBodySchema,
  emailBrowserQuerySchema,
  pageQuerySchema,
  updateEmailBodySchema,
  versionsQuerySchema,
} from '../../../domain/campaignSchemas.ts';
import type { CampaignUser, EmailsPage } from '../../../domain/campaigns.ts';
import type { UserRow } from '../../db/schema.ts';
import type { AppContext } from '../../lib/AppContext.ts';
import { notFound } from '../../lib/AppError.ts';
import { likePattern } from '../../lib/likePattern.ts';
import { authGuard, currentAuth } from '../../lib/sessions.ts';
import { isInternalUser } from '../workflow/emailAccess.ts';
import {
  CAMPAIGN_NOT_FOUND,
  countEmails,
  type Db,
  EMAIL_NOT_FOUND,
  editionsOf,
  selectEmails,
} from './campaignQueries.ts';
import { createEdition, createEmail, deleteEdition, deleteEmail, updateEmail } from './emailCommands.ts';

async function emailsPage(
  db: Db,
  where: ReturnType<typeof sql>,
  page: { offset: number; limit: number },
): Promise<EmailsPage> {
  const [data, counts] = await Promise.all([selectEmails(db, where, page), countEmails(db, where)]);
  return { ...counts, data };
}

async function assertCampaign(db: Db, orgId: number, campaignId: number) {
  const row = await db
    .selectFrom('campaigns')
    .select('id')
    .where('id', '=', campaignId)
    .where('org_id', '=', orgId)
    .executeTakeFirst();
  if (!row) throw notFound(CAMPAIGN_NOT_FOUND);
}

/** The emails a user may see outside a campaign: their own; an internal user's, the organisation's. */
function visibleTo(user: UserRow) {
  return isInternalUser(user)
    ? sql`e.org_id = ${user.org_id}`
    : sql`e.org_id = ${user.org_id} and e.user_id = ${user.id}`;
}

/**
 * Emails, editions (versions) and assets (spec 02 "Email", "Asset / edition", "Draft edition") of the
 * signed-in user's organisation: one email entity, the one workflows send. Another organisation's email,
 * edition or campaign is a 404; an ordinary user changes only their own emails (403). See docs/campaigns.md.
 */
/** An email whose name or subject holds the search, in any case. */
const nameOrSubject = (search: string) =>
  sql`(e.name ilike ${likePattern(search)} or e.subject ilike ${likePattern(search)})`;

export function emailRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db, config } = ctx;
  const tags = ['campaign emails and editions'];
  return async (app) => {
    app.addHook('onRequest', authGuard(ctx.sessions, config));

    app.post(
      'create_email/',
      {
        schema: {
          tags,
          summary: "Create an email (digest or ad hoc) with its 'Draft Edition', or clone one",
          description:
            'Form: email_name, email_type (0 digest, 1 ad hoc; default 0), campaign_id (none: an email without ' +
            "campaign), template_id (the first edition starts from that template's design: a product template, " +
            "one shared in the organisation or the user's own; any other answers 404), create_campaign_flag=1 with " +
            'campaign_name, keywords, contact_ids, list_ids and advanced_search to create the campaign on the way. ' +
            'email_id with clone_only=1 (not with template_id) copies that email (draft editions with their designs ' +
            'and curated articles, no sends) as email_name or ' +
            '"Copy of <name>" into campaign_id or its own campaign. Email names are unique in their campaign ' +
            "(any case): a name that exists answers 400 'Email with that name already exists in this campaign'.",
          body: createEmailBodySchema,
        },
      },
      async (request) => ({
        success: true as const,
        data: await createEmail(db, currentAuth(request).user, request.body),
      }),
    );

    app.post(
      'update_email/',
      {
        schema: {
          tags,
          summary:
            'Rename an email, change its subject or move it to another campaign (its campaigns take the top)',
          description:
            'Form: email_id, and email_name, subject and/or campaign_id (another campaign of the organisation; ' +
            "another organisation's answers 404) or create_campaign_flag=1 with campaign_name, keywords, " +
            'contact_ids, list_ids (moves it into a campaign made on the way). A moved email takes its editions, ' +
            'sends and statistics. A name another email of the (new) campaign has answers 400.',
          body: updateEmailBodySchema,
        },
      },
      async (request) => ({
        success: true as const,
        data: await updateEmail(db, currentAuth(request).user, request.body),
      }),
    );

    app.post(
      'delete_email/',
      {
        schema: {
          tags,
          summary: 'Delete an email with its editions',
          description:
            "Form: email_id, campaign_id (optional; must be the email's). Refused (400, naming them) while a " +
            'workflow uses the email.',
          body: deleteEmailBodySchema,
        },
      },
      async (request) => ({
        success: true as const,
        ...(await deleteEmail(
          db,
          currentAuth(request).user,
          request.body.email_id,
          request.body.campaign_id,
        )),
      }),
    );

    app.post(
      'delete_asset/',
      {
        schema: {
          tags,
          summary: 'Delete an asset (an email) with its editions',
          description: 'Form: asset_id (an email id). As delete_email/.',
          body: assetIdBodySchema,
        },
      },
      async (request) => ({
        success: true as const,
        ...(await deleteEmail(db, currentAuth(request).user, request.body.asset_id)),
      }),
    );

    app.post(
      'create_edition/',
      {
        schema: {
          tags,
          summary: "A new draft edition 'Draft Edition' of an email",
          description: 'Form: asset_id (an email id).',
          body: assetIdBodySchema,
        },
      },
      async (request) => ({
        success: true as const,
        data: await createEdition(db, currentAuth(request).user, request.body.asset_id),
      }),
    );

    app.post(
      'delete_edition/',
      {
        schema: {
          tags,
          summary: 'Delete an edition (never the last one of an email, nor a sent one)',
          description: 'Form: edition_id. The last edition of an email, or a sent edition, answers 400.',
          body: editionIdBodySchema,
        },
      },
      async (request) => ({
        success: true as const,
        ...(await deleteEdition(db, currentAuth(request).user, request.body.edition_id)),
      }),
    );

    app.get(
      'get_versions/',
      {
        schema: {
          tags,
          summary: 'The editions of an email with their status and curated article counts',
          querystring: versionsQuerySchema,
        },
      },
      async (request) => {
        const orgId = currentAuth(request).user.org_id;
        const email = await db
          .selectFrom('emails')
          .select('id')
          .where('id', '=', request.query.email_id)
          .where('org_id', '=', orgId)
          .executeTakeFirst();
        if (!email) throw notFound(EMAIL_NOT_FOUND);
        const data = await editionsOf(db, [email.id]);
        return { success: true as const, total_count: data.length, data };
      },
    );

    app.get(
      'get_draft_emails/:id/',
      {
        schema: {
          tags,
          summary: 'A page of the campaign emails that have a draft edition',
          description:
            'offset, limit (default 8), search (name or subject). Answers total_count, data, marked_count (emails with a sent edition).',
          params: campaignIdParamsSchema,
          querystring: pageQuerySchema,
        },
      },
      async (request) => {
        const orgId = currentAuth(request).user.org_id;
        await assertCampaign(db, orgId, request.params.id);
        const q = request.query;
        const where = sql`e.org_id = ${orgId} and e.campaign_id = ${request.params.id}
          and exists (select 1 from email_versions v where v.email_id = e.id and v.status = 'draft')
          ${q.search ? sql`and ${nameOrSubject(q.search)}` : sql``}`;
        return { success: true as const, ...(await emailsPage(db, where, q)) };
      },
    );

    app.get(
      'get_scheduled_emails/:id/',
      {
        schema: {
          tags,
          summary: 'A page of the campaign emails that have a scheduled edition',
          params: campaignIdParamsSchema,
          querystring: pageQuerySchema,
        },
      },
      async (request) => {
        const orgId = currentAuth(request).user.org_id;
        await assertCampaign(db, orgId, request.params.id);
        const q = request.query;
        const where = sql`e.org_id = ${orgId} and e.campaign_id = ${request.params.id}
          and exists (select 1 from email_versions v where v.email_id = e.id and v.status = 'scheduled')
          ${q.search ? sql`and ${nameOrSubject(q.search)}` : sql``}`;
        return { success: true as const, ...(await emailsPage(db, where, q)) };
      },
    );

    app.get(
      'get_emails_without_campaign/',
      {
        schema: {
          tags,
          summary: 'A page of the emails that belong to no campaign (yours; all of them for internal users)',
          querystring: pageQuerySchema,
        },
      },
      async (request) => {
        const user = currentAuth(request).user;
        const q = request.query;
        const where = sql`${visibleTo(user)} and e.campaign_id is null
          ${q.search ? sql`and ${nameOrSubject(q.search)}` : sql``}`;
        return { success: true as const, ...(await emailsPage(db, where, q)) };
      },
    );

    app.get(
      'get_email_browser_content/',
      {
        schema: {
          tags,
          summary: 'The email browser: a page of the emails you may use, newest first',
          description:
            'offset, limit (default 8), search (name or subject), email_type (all, 0 digest, 1 ad hoc, 2 AI, or ' +
            'digest/adhoc/aiEmail), campaign_id. Yours; an internal user sees all of the organisation. Answers ' +
            'data, total_count and marked_count (emails with a sent edition).',
          querystring: emailBrowserQuerySchema,
        },
      },
      async (request) => {
        const user = currentAuth(request).user;
        const q = request.query;
        const parts = [visibleTo(user)];
        if (q.email_type !== null) parts.push(sql`e.email_type = ${q.email_type}`);
        if (q.campaign_id !== null) parts.push(sql`e.campaign_id = ${q.campaign_id}`);
        if (q.search) parts.push(nameOrSubject(q.search));
        return { success: true as const, ...(await emailsPage(db, sql.join(parts, sql` and `), q)) };
      },
    );

    app.get(
      'get_users/',
      { schema: { tags, summary: "The organisation's users (the by-User filter)" } },
      async (request): Promise<{ success: true; data: CampaignUser[] }> => {
        const orgId = currentAuth(request).user.org_id;
        const rows = await db
          .selectFrom('users')
          .select(['id', 'first_name', 'last_name', 'email'])
          .where('org_id', '=', orgId)
          .orderBy('first_name')
          .orderBy('last_name')
          .orderBy('id')
          .execute();
        return {
          success: true,
          data: rows.map((r) => ({
            user_id: r.id,
            first_name: r.first_name,
            last_name: r.last_name,
            name: `${r.first_name} ${r.last_name}`.trim() || r.email,
            user_email: r.email,
          })),
        };
      },
    );
  };
}
