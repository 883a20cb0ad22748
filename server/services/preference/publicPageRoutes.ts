import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HONEYPOT_FIELD, readFormAnswers } from '../../../domain/hostedForms.ts';
import { hasAnyOptionOn, preferenceFormFromRecord } from '../../../domain/preferenceForm.ts';
import { normaliseUnsubUuid } from '../../../domain/preferenceMessages.ts';
import { preferenceFormFromPost } from '../../../domain/preferencePostedForm.ts';
import { publicPagePath } from '../../../domain/publicPagePath.ts';
import {
  resubscribePath,
  successIdOf,
  successPath,
  UNSUB_SUCCESS_PATH,
} from '../../../domain/publicPageTimings.ts';
import { normaliseUnsubPath } from '../../../domain/unsubPath.ts';
import {
  PUBLIC_PAGE_DATA_ID,
  type PublicPageData,
  serializePublicPageData,
} from '../../../public-pages/publicPageData.ts';
import { renderPublicPage } from '../../../public-pages/renderPublicPage.tsx';
import type { AppContext } from '../../lib/AppContext.ts';
import { escapeHtml } from '../../lib/escapeHtml.ts';
import { hostedFormByPublicId } from '../audience/formQueries.ts';
import { submitHostedForm } from '../audience/submitHostedForm.ts';
import { changeOfPostedForm } from './changeOfPostedForm.ts';
import { consentOrigin } from './consentOrigin.ts';
import { detailsWithForm } from './detailsWithForm.ts';
import {
  formQuery,
  NOTHING_CHOSEN_MESSAGE,
  pageParams,
  postedFieldsSchema,
  ROOT_ELEMENT,
  resubscribeQuery,
} from './publicPageSchemas.ts';
import { publicPageTemplate } from './publicPageTemplate.ts';

/**
 * The recipients' pages, rendered on the server by React from the same components the browser hydrates
 * (public-pages/renderPublicPage.tsx), with the recipient's data in the page. With JavaScript off every
 * page works through plain form posts to its own URL: the preference form saves and goes (303) to
 * /unsub-success; the unsubscribe button unsubscribes and goes to /resub/i2c/{id}; the resubscribe button
 * resubscribes and comes back saying so. Unknown or malformed ids get the "not valid" page (404) and
 * change nothing. Pages are never cached (they show the recipient's address). Rate-limited per IP.
 */
export function publicPageRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { config, recipients, db } = ctx;
  const limited = { public: true, rateLimit: { max: config.publicRateLimit, timeWindow: '1 minute' } };
  const schema = { hide: true } as const;

  return async (app) => {
    const template = publicPageTemplate(config);
    if (!template.includes(ROOT_ELEMENT)) throw new Error('The public pages template has no empty #root.');

    async function sendPage(
      reply: FastifyReply,
      pathname: string,
      extra: Partial<PublicPageData> = {},
      status?: number,
      search = '',
    ) {
      const page = publicPagePath(pathname);
      const id = 'unsubId' in page ? normaliseUnsubUuid(page.unsubId) : null;
      const details = id ? await recipients.details(id) : null;
      const data: PublicPageData = { details, notice: null, formError: null, ...extra };
      const rendered = renderPublicPage(pathname, data, search);
      const html = template
        .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(rendered.title)}</title>`)
        .replace(
          ROOT_ELEMENT,
          `<div id="root">${rendered.html}</div>` +
            `<script id="${PUBLIC_PAGE_DATA_ID}" type="application/json">${serializePublicPageData(data)}</script>`,
        );
      return reply
        .status(status ?? (rendered.notValid ? 404 : 200))
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'no-store')
        .send(html);
    }

    const pathOf = (url: string) => url.split('?')[0] ?? '/';

    // A repeated "unsub" (/unsub/unsub/abc) is normalised to a single /unsub/{unsubid}.
    const normalisedOrPage = async (url: string, reply: FastifyReply) => {
      const pathname = pathOf(url);
      const normalised = normaliseUnsubPath(pathname);
      if (normalised) return reply.redirect(`${normalised}${url.slice(pathname.length)}`, 301);
      return sendPage(reply, pathname);
    };

    // The confirmation of a save names its recipient (?u=): it says what is now true, in their sender's name.
    app.get('/unsub-success', { config: limited, schema }, async (request, reply) => {
      const search = request.url.slice(pathOf(request.url).length);
      const id = normaliseUnsubUuid(successIdOf(search) ?? '');
      const details = id ? await recipients.details(id) : null;
      return sendPage(reply, UNSUB_SUCCESS_PATH, { details }, 200, search);
    });
    for (const route of ['/unsub/:id', '/unsub/i2c/:id', '/unsub', '/unsub/']) {
      app.get(route, { config: limited, schema }, (request, reply) => normalisedOrPage(request.url, reply));
    }
    for (const route of ['/unsub/*', '/resub/*']) {
      app.get(route, { config: limited, schema }, (request, reply) => normalisedOrPage(request.url, reply));
    }
    app.get(
      '/resub/i2c/:id',
      { config: limited, schema: { ...schema, params: pageParams, querystring: resubscribeQuery } },
      async (request, reply) => {
        const pathname = pathOf(request.url);
        const id = normaliseUnsubUuid(request.params.id);
        const details = id ? await recipients.details(id) : null;
        // Said only when it is true now: the recipient is not unsubscribed from everything.
        const resubscribed = request.query.resubscribed === '1' && details?.unsub_all === '0';
        return sendPage(reply, pathname, { notice: resubscribed ? 'resubscribed' : null });
      },
    );

    app.post(
      '/unsub/:id',
      { config: limited, schema: { ...schema, params: pageParams, body: postedFieldsSchema } },
      async (request, reply) => {
        const pathname = pathOf(request.url);
        const id = normaliseUnsubUuid(request.params.id);
        const details = id ? await recipients.details(id) : null;
        if (!id || !details) return sendPage(reply, pathname);
        const posted = preferenceFormFromPost(preferenceFormFromRecord(details), request.body);
        if (!hasAnyOptionOn(posted)) {
          const shown = detailsWithForm(details, posted);
          return sendPage(reply, pathname, { details: shown, formError: NOTHING_CHOSEN_MESSAGE }, 400);
        }
        await recipients.change(id, changeOfPostedForm(posted), consentOrigin(request, 'page'));
        return reply.redirect(successPath(id), 303);
      },
    );

    // Hosted sign-up forms (/f/{public id}): the form, then the thanks or the form with what was wrong.
    const formPage = (id: string) => (/^[a-f0-9]{32}$/.test(id) ? hostedFormByPublicId(db, id) : null);
    app.get(
      '/f/:id',
      { config: limited, schema: { ...schema, params: pageParams, querystring: formQuery } },
      async (request, reply) => {
        const found = await formPage(request.params.id);
        const submitted = request.query.submitted === '1';
        return sendPage(reply, pathOf(request.url), {
          hostedForm: found ? { form: found.form, values: {}, errors: {}, submitted } : null,
        });
      },
    );
    app.post(
      '/f/:id',
      { config: limited, schema: { ...schema, params: pageParams, body: postedFieldsSchema } },
      async (request, reply) => {
        const pathname = pathOf(request.url);
        const found = await formPage(request.params.id);
        if (!found) return sendPage(reply, pathname, { hostedForm: null });
        const thanks = `/f/${found.form.publicId}?submitted=1`;
        // A bot fills in the hidden field: it is thanked like anyone else and nothing is stored.
        const trap = request.body[HONEYPOT_FIELD];
        if (typeof trap === 'string' ? trap.trim() !== '' : Array.isArray(trap))
          return reply.redirect(thanks, 303);
        const { answers, errors } = readFormAnswers(found.form.fields, request.body);
        if (Object.keys(errors).length > 0)
          return sendPage(
            reply,
            pathname,
            { hostedForm: { form: found.form, values: answers, errors, submitted: false } },
            400,
          );
        const origin = consentOrigin(request, 'form');
        const referer = request.headers.referer;
        const result = await submitHostedForm(
          db,
          { id: found.id, orgId: found.orgId, listId: found.listId, fields: found.form.fields },
          answers,
          {
            ip: origin.ip,
            userAgent: origin.userAgent,
            referer: typeof referer === 'string' ? referer : null,
          },
        );
        if (result.optInUuid) await recipients.change(result.optInUuid, { kind: 'opt_in' }, origin);
        return reply.redirect(thanks, 303);
      },
    );

    app.post(
      '/unsub/i2c/:id',
      { config: limited, schema: { ...schema, params: pageParams } },
      async (request, reply) => {
        const id = normaliseUnsubUuid(request.params.id);
        const outcome = id
          ? await recipients.change(id, { kind: 'unsubscribe' }, consentOrigin(request, 'unsubscribe'))
          : 'unknown';
        if (!id || outcome === 'unknown') return sendPage(reply, pathOf(request.url));
        return reply.redirect(resubscribePath(id), 303);
      },
    );

    app.post(
      '/resub/i2c/:id',
      { config: limited, schema: { ...schema, params: pageParams } },
      async (request, reply) => {
        const id = normaliseUnsubUuid(request.params.id);
        const outcome = id
          ? await recipients.change(id, { kind: 'resubscribe' }, consentOrigin(request, 'resubscribe'))
          : 'unknown';
        if (!id || outcome === 'unknown') return sendPage(reply, pathOf(request.url));
        return reply.redirect(`${resubscribePath(id)}?resubscribed=1`, 303);
      },
    );
  };
}
