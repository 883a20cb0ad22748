import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ArticlesPage, SourceFilterEntry } from '../../../domain/contentArticles.ts';
import {
  addFeedBodySchema,
  articlesQuerySchema,
  favouriteBodySchema,
} from '../../../domain/contentSchemas.ts';
import type { AppContext } from '../../lib/AppContext.ts';
import { dayRange } from '../../lib/dayRange.ts';
import { authGuard, currentAuth } from '../../lib/sessions.ts';
import { addFeed } from './addFeed.ts';
import { listArticles } from './articleListing.ts';
import { ownCampaignId } from './ownCampaignId.ts';
import { setFavourite } from './setFavourite.ts';
import { listSourceEntries } from './sourceQueries.ts';

type Ok<T> = T & { success: true };

const FILTERS_HELP =
  'search (PostgreSQL web search syntax: words, "a phrase", -not, or; ranked by ts_rank_cd, title over ' +
  'description over text), include_sources / exclude_sources (comma-separated source ids; `global` is the ' +
  'whole global pool), include_keywords (any of them) / exclude_keywords (none of them), comma-separated, ' +
  'start_date / end_date (YYYY-MM-DD, both days in, in user_tz).';

/**
 * The content explorer under the user and curation service: the articles an organisation sees (the
 * global pool and its own feeds' pool) by tab, searched and filtered; its sources and the feeds it adds;
 * favourites per user. Another organisation's article or source is a 404. See docs/content.md.
 */
export function contentRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db, config } = ctx;
  const tags = ['content'];
  return async (app) => {
    app.addHook('onRequest', authGuard(ctx.sessions, config));

    app.get(
      'articles/',
      {
        schema: {
          tags,
          summary: 'A page of articles of a content explorer tab',
          description:
            "tab: explorer, search (newest first, or by rank with a search), favorites (the user's, newest " +
            "favourite first), myaccounts (entities naming one of the organisation's accounts), most_engaged " +
            "(clicks in the organisation's sent email, most first), previously_sent (in a sent edition, with " +
            `sent_date, latest first; campaign_id: only that campaign's sent editions, another organisation's ` +
            `campaign a 404). ${FILTERS_HELP} offset, limit (1-100, default 20; the screen asks 22 ` +
            'for favorites). total_count counts up to 1,000 (total_capped true: more than that). A search ' +
            'ranks the newest 1,000 matches; pages past them go on by date. With a search, highlights.title and highlights.description are HTML-escaped ' +
            'text whose only tags are <mark></mark> around matched words.',
          querystring: articlesQuerySchema,
        },
      },
      async (request): Promise<Ok<ArticlesPage>> => {
        const { user } = currentAuth(request);
        const { tab, campaign_id, offset, limit, start_date, end_date, ...filters } = request.query;
        const { from, to } = dayRange({ start_date, end_date }, request.userTz);
        if (campaign_id !== null) await ownCampaignId(db, user.org_id, campaign_id);
        const page = await listArticles(
          db,
          { orgId: user.org_id, userId: user.id },
          { tab, campaignId: campaign_id, filters, from, to, offset, limit },
        );
        return { success: true, ...page };
      },
    );

    app.get(
      'article_sources/',
      {
        schema: {
          tags,
          summary: "The source filter entries: the global pool and the organisation's feeds",
          description:
            'type global (the default source; data.sources lists its feeds, which exclude_sources may name) ' +
            'and type feed (data: id, name, feed_url, kind, last_fetched_at, last_error, articles_count; ' +
            'is_active: fetched on schedule).',
        },
      },
      async (request): Promise<Ok<{ data: SourceFilterEntry[] }>> => ({
        success: true,
        data: await listSourceEntries(db, currentAuth(request).user.org_id),
      }),
    );

    app.post(
      'article_sources/',
      {
        schema: {
          tags,
          summary: "Add a feed (RSS, Atom or JSON Feed) to the organisation's sources",
          description:
            'Form: feed_url (http or https), name (optional; default the host). It is fetched at once and then ' +
            "on schedule; the entry's last_fetched_at and last_error tell how its fetches went. The same " +
            'address twice answers 400.',
          body: addFeedBodySchema,
        },
      },
      async (request): Promise<Ok<{ data: SourceFilterEntry }>> => {
        const { user } = currentAuth(request);
        const entry = await addFeed(db, user.org_id, request.body.feed_url, request.body.name);
        if (entry.type === 'feed') {
          try {
            await app.feedFetcher?.fetchNow(entry.data.id);
          } catch (error) {
            request.log.warn({ err: error }, 'could not queue the first fetch of a feed');
          }
        }
        return { success: true, data: entry };
      },
    );

    app.post(
      'favourite_article/',
      {
        schema: {
          tags,
          summary: "Mark or unmark an article as one of the user's favourites",
          description: 'Form: article_id, is_favourite (1 or 0). Idempotent.',
          body: favouriteBodySchema,
        },
      },
      async (request): Promise<Ok<{ article_id: number; is_favourite: boolean }>> => {
        const { user } = currentAuth(request);
        const { article_id, is_favourite } = request.body;
        await setFavourite(db, { orgId: user.org_id, userId: user.id }, article_id, is_favourite);
        return { success: true, article_id, is_favourite };
      },
    );
  };
}
