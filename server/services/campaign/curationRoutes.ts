import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type {
  ArticlePreview,
  ArticlesPage,
  CurationResult,
  CurationTargetsPage,
} from '../../../domain/contentArticles.ts';
import {
  articlePreviewQuerySchema,
  curatedArticlesBodySchema,
  curationTargetsQuerySchema,
  deleteCuratedBodySchema,
  previouslySentQuerySchema,
} from '../../../domain/contentSchemas.ts';
import type { AppContext } from '../../lib/AppContext.ts';
import { dayRange } from '../../lib/dayRange.ts';
import { authGuard, currentAuth } from '../../lib/sessions.ts';
import { listArticles } from '../content/articleListing.ts';
import { articlePreview } from './articlePreview.ts';
import { curateArticles } from './curateArticles.ts';
import { listCurationTargets } from './listCurationTargets.ts';
import { removeCuratedArticle } from './removeCuratedArticle.ts';

type Ok<T> = T & { success: true };

/**
 * Curation under the campaign and edition service: articles into and out of a draft edition, the article
 * preview, the previously sent articles and the draft editions the curation panel offers. Another
 * organisation's edition, email or article is a 404. See docs/content.md.
 */
export function curationRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db, config } = ctx;
  const tags = ['curation'];
  return async (app) => {
    app.addHook('onRequest', authGuard(ctx.sessions, config));

    app.post(
      'curated_articles/',
      {
        schema: {
          tags,
          summary: "Add articles to an email's draft edition, after its last article",
          description:
            'Form: new_article_ids (comma-separated, JSON list or repeated; 1-100), version_id (a draft ' +
            "edition) or email_id (its newest draft edition), campaign_id (optional: must be the email's). " +
            'Articles the edition holds already are not added again and come back in articles_already_curated ' +
            '(all of them: success with nothing added). Answers articles_count, last_update, image (the first ' +
            "article's image). Adding bumps the edition and email and moves the campaign to the top.",
          body: curatedArticlesBodySchema,
        },
      },
      async (request): Promise<Ok<CurationResult>> => {
        const { user } = currentAuth(request);
        const body = request.body;
        const result = await curateArticles(
          db,
          { orgId: user.org_id, userId: user.id },
          {
            articleIds: body.new_article_ids,
            versionId: body.version_id,
            emailId: body.email_id,
            campaignId: body.campaign_id,
          },
        );
        return { success: true, ...result };
      },
    );

    app.post(
      'delete_curated_article/',
      {
        schema: {
          tags,
          summary: 'Take an article out of a draft edition',
          description: 'Form: version_id, article_id. An article the edition does not hold answers 404.',
          body: deleteCuratedBodySchema,
        },
      },
      async (request): Promise<Ok<{ articles_count: number; last_update: string; image: string | null }>> => {
        const { user } = currentAuth(request);
        const result = await removeCuratedArticle(
          db,
          { orgId: user.org_id, userId: user.id },
          request.body.version_id,
          request.body.article_id,
        );
        return { success: true, ...result };
      },
    );

    app.get(
      'get_article_preview/',
      {
        schema: {
          tags,
          summary: 'An article for the preview panel: its fields, source and an excerpt of its text',
          description: 'article_id; version_id (optional): in_edition tells whether that edition holds it.',
          querystring: articlePreviewQuerySchema,
        },
      },
      async (request): Promise<Ok<{ data: ArticlePreview }>> => {
        const { user } = currentAuth(request);
        return {
          success: true,
          data: await articlePreview(
            db,
            { orgId: user.org_id, userId: user.id },
            request.query.article_id,
            request.query.version_id,
          ),
        };
      },
    );

    app.get(
      'previously_sent_articles/',
      {
        schema: {
          tags,
          summary: "Articles of the organisation's sent editions, with sent_date, latest first",
          description:
            "The advanced search and paging of the user service's articles/ (tab previously_sent).",
          querystring: previouslySentQuerySchema,
        },
      },
      async (request): Promise<Ok<ArticlesPage>> => {
        const { user } = currentAuth(request);
        const { offset, limit, start_date, end_date, ...filters } = request.query;
        const { from, to } = dayRange({ start_date, end_date }, request.userTz);
        const page = await listArticles(
          db,
          { orgId: user.org_id, userId: user.id },
          { tab: 'previously_sent', filters, from, to, offset, limit },
        );
        return { success: true, ...page };
      },
    );

    app.get(
      'curation_targets/',
      {
        schema: {
          tags,
          summary: "The organisation's draft editions to curate into, last changed first",
          description:
            'search (in the email or campaign name), offset, limit (1-50, default 8). Each: version_id, ' +
            'email_id, email_name, name, campaign_id, campaign_name, articles_count, image, last_update.',
          querystring: curationTargetsQuerySchema,
        },
      },
      async (request): Promise<Ok<CurationTargetsPage>> => ({
        success: true,
        ...(await listCurationTargets(db, currentAuth(request).user.org_id, request.query)),
      }),
    );
  };
}
