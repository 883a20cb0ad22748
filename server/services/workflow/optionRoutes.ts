import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { timeZoneOptions } from '../../../domain/timeZoneOptions.ts';
import {
  CONDITION_CONTROLS,
  DAY_OPTIONS,
  HOUR_OPTIONS,
  SHARE_PROFILE_TEMPLATES,
  WEEKDAYS,
  WORKFLOW_CONTROLS,
  WORKFLOW_TRIGGERS,
} from '../../../domain/workflowCatalogue.ts';
import {
  contactListsQuerySchema,
  emailsLinksQuerySchema,
  userEmailsQuerySchema,
} from '../../../domain/workflowSchemas.ts';
import type { WorkflowAnswers } from '../../../domain/workflowTypes.ts';
import type { AppContext } from '../../lib/AppContext.ts';
import { currentAuth } from '../../lib/sessions.ts';
import { isInternalUser } from '../user/isInternalUser.ts';
import { htmlLinks, listUserEmails, orgEmails } from './emailAccess.ts';
import { listContactLists, listShareProfiles } from './lookups.ts';
import { shareProfileTestRoutes } from './shareProfileTestRoutes.ts';
import { loadOwnSummary } from './workflowQueries.ts';

type Answer<K extends keyof WorkflowAnswers> = WorkflowAnswers[K] & { success: true };

const TIME_ZONES: readonly string[] = timeZoneOptions();

/** The workflow service's option lists: triggers, controls, emails, lists, links, static data. */
export function optionRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db } = ctx;
  const tags = ['workflow'];
  return async (app) => {
    app.get(
      'get_workflow_triggers/',
      { schema: { tags, summary: 'The triggers a workflow can start from' } },
      async (): Promise<Answer<'get_workflow_triggers'>> => ({ success: true, data: [...WORKFLOW_TRIGGERS] }),
    );

    app.get(
      'get_workflow_controls/',
      { schema: { tags, summary: 'The step controls and the condition controls of the builder' } },
      async (): Promise<Answer<'get_workflow_controls'>> => ({
        success: true,
        data: { actions: [...WORKFLOW_CONTROLS], conditions: [...CONDITION_CONTROLS] },
      }),
    );

    app.get(
      'get_user_emails/',
      {
        schema: {
          tags,
          summary: 'The emails the user may use in a workflow (the email picker), newest first',
          description:
            'email_type (0 digest, 1 ad hoc, 2 AI; optional), offset, limit (1-100, default 20), search ' +
            '(name or subject). Ordinary users see their own emails; internal users (level >= 1) every ' +
            'email of their organisation (internal_user true).',
          querystring: userEmailsQuerySchema,
        },
      },
      async (request): Promise<Answer<'get_user_emails'>> => {
        const { user } = currentAuth(request);
        const q = request.query;
        const page = await listUserEmails(db, user, {
          emailType: q.email_type,
          search: q.search,
          offset: q.offset,
          limit: q.limit,
        });
        return {
          success: true,
          data: { emails: page.emails },
          total_count: page.total_count,
          internal_user: isInternalUser(user),
        };
      },
    );

    app.get(
      'get_user_contact_lists/',
      {
        schema: {
          tags,
          summary: "The organisation's active contact lists, by name (list_name searches)",
          querystring: contactListsQuerySchema,
        },
      },
      async (request): Promise<Answer<'get_user_contact_lists'>> => {
        const { user } = currentAuth(request);
        const q = request.query;
        return {
          success: true,
          data: await listContactLists(db, user.org_id, {
            search: q.list_name,
            offset: q.offset,
            limit: q.limit,
          }),
        };
      },
    );

    app.get(
      'get_emails_links/',
      {
        schema: {
          tags,
          summary: 'The links of emails (for has clicked conditions), duplicates removed',
          description:
            'email_ids (comma-separated or JSON list), node_id and workflow_id (optional; the workflow must be ' +
            'yours). Emails outside your organisation are left out.',
          querystring: emailsLinksQuerySchema,
        },
      },
      async (request): Promise<Answer<'get_emails_links'>> => {
        const { user } = currentAuth(request);
        const q = request.query;
        if (q.workflow_id !== undefined) await loadOwnSummary(db, user.id, q.workflow_id);
        const emails = await orgEmails(db, user.org_id, q.email_ids);
        return {
          success: true,
          data: emails.map((email) => ({
            email_id: email.id,
            email_name: email.name,
            links: htmlLinks(email.html),
          })),
        };
      },
    );

    app.get(
      'get_user_static_data/',
      {
        schema: {
          tags,
          summary: "The builder's option lists (time zones, hours, days, templates, signatures)",
        },
      },
      async (request): Promise<Answer<'get_user_static_data'>> => {
        const { user } = currentAuth(request);
        const fullName = `${user.first_name} ${user.last_name}`.trim();
        return {
          success: true,
          data: {
            timezones: [...TIME_ZONES],
            weekdays: [...WEEKDAYS],
            hours: [...HOUR_OPTIONS],
            day_options: [...DAY_OPTIONS],
            templates: [...SHARE_PROFILE_TEMPLATES],
            signatures: [
              { id: 'full', name: `${fullName} (full signature)` },
              { id: 'short', name: `${user.first_name} (short signature)` },
            ],
            share_profiles: await listShareProfiles(db, user.org_id),
          },
        };
      },
    );

    await app.register(shareProfileTestRoutes(ctx));
  };
}
