import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppConfig } from './config.ts';
import type { DatabaseHandle } from './db/openDatabase.ts';
import { AfterReply } from './lib/AfterReply.ts';
import type { AppContext } from './lib/AppContext.ts';
import { errorHandler, markBodyRead, notFoundHandler } from './lib/errorHandler.ts';
import { logUnsentEmail } from './lib/logUnsentEmail.ts';
import { enqueueEmail } from './lib/outbox.ts';
import { RateLimiter } from './lib/RateLimiter.ts';
import { rateLimitRoutes } from './lib/rateLimitRoutes.ts';
import { refuseCrossSiteWrites } from './lib/refuseCrossSiteWrites.ts';
import { rejectNulCharacters } from './lib/rejectNulCharacters.ts';
import { SessionStore } from './lib/SessionStore.ts';
import { securityHeaders } from './lib/securityHeaders.ts';
import { userTzHook } from './lib/userTz.ts';
import { aiEmailRoutes } from './services/ai/aiEmailRoutes.ts';
import { aiPublishRoutes } from './services/ai/aiPublishRoutes.ts';
import { aiVariantRoutes } from './services/ai/aiVariantRoutes.ts';
import { accountAnalyticsRoutes } from './services/analytics/accountAnalyticsRoutes.ts';
import { contactAnalyticsRoutes } from './services/analytics/contactAnalyticsRoutes.ts';
import { dashboardRoutes } from './services/analytics/dashboardRoutes.ts';
import { exportRoutes } from './services/analytics/exportRoutes.ts';
import { filterRoutes } from './services/analytics/filterRoutes.ts';
import { listInsightRoutes } from './services/analytics/listInsightRoutes.ts';
import { workflowGraphRoutes } from './services/analytics/workflowGraphRoutes.ts';
import { accountRoutes } from './services/audience/accountRoutes.ts';
import { contactRoutes } from './services/audience/contactRoutes.ts';
import { formRoutes } from './services/audience/formRoutes.ts';
import { formSubmissionRoutes } from './services/audience/formSubmissionRoutes.ts';
import { groupRoutes } from './services/audience/groupRoutes.ts';
import { importRoutes } from './services/audience/importRoutes.ts';
import { listRoutes } from './services/audience/listRoutes.ts';
import { peoplePicksRoutes } from './services/audience/peoplePicksRoutes.ts';
import { peopleRoutes } from './services/audience/peopleRoutes.ts';
import { invitationRoutes } from './services/auth/invitationRoutes.ts';
import { passwordRoutes } from './services/auth/passwordRoutes.ts';
import { sessionRoutes } from './services/auth/sessionRoutes.ts';
import { signupRoutes } from './services/auth/signupRoutes.ts';
import { campaignAudienceRoutes } from './services/campaign/campaignAudienceRoutes.ts';
import { campaignRoutes } from './services/campaign/campaignRoutes.ts';
import { curationRoutes } from './services/campaign/curationRoutes.ts';
import { emailListingRoutes } from './services/campaign/emailListingRoutes.ts';
import { emailRoutes } from './services/campaign/emailRoutes.ts';
import { contentRoutes } from './services/content/contentRoutes.ts';
import { mailboxRoutes } from './services/delivery/mailboxRoutes.ts';
import { TrackingRecorder } from './services/delivery/TrackingRecorder.ts';
import { trackingRoutes } from './services/delivery/trackingRoutes.ts';
import { JourneyOrgs } from './services/journey/JourneyOrgs.ts';
import { journeyClickDestination } from './services/journey/journeyClickDestination.ts';
import { journeyCollectRoutes } from './services/journey/journeyCollectRoutes.ts';
import { journeyScoringRoutes } from './services/journey/journeyScoringRoutes.ts';
import { journeyTrackingRoutes } from './services/journey/journeyTrackingRoutes.ts';
import { PageViewCollector } from './services/journey/PageViewCollector.ts';
import { preferenceRoutes } from './services/preference/preferenceRoutes.ts';
import { publicPageRoutes } from './services/preference/publicPageRoutes.ts';
import { RecipientStore } from './services/preference/RecipientStore.ts';
import { emailHtmlRoutes } from './services/publish/emailHtmlRoutes.ts';
import { exportWidgetRoutes } from './services/publish/exportWidgetRoutes.ts';
import { OutlookMailboxes } from './services/publish/outlook/OutlookMailboxes.ts';
import { outlookRoutes } from './services/publish/outlook/outlookRoutes.ts';
import { publishRoutes } from './services/publish/publishRoutes.ts';
import { sendRoutes } from './services/publish/sendRoutes.ts';
import { templateRoutes } from './services/publish/templateRoutes.ts';
import { webVersionRoutes } from './services/publish/webVersionRoutes.ts';
import { widgetPageRoutes } from './services/publish/widgetPageRoutes.ts';
import type { RuntimeOptions } from './services/runtime/WorkflowRuntime.ts';
import { supportRoutes } from './services/support/supportRoutes.ts';
import { outboxRoutes } from './services/user/outboxRoutes.ts';
import { planRoutes } from './services/user/planRoutes.ts';
import { senderAddressRoutes } from './services/user/senderAddressRoutes.ts';
import { teamRoutes } from './services/user/teamRoutes.ts';
import { userRoutes } from './services/user/userRoutes.ts';
import { runtimeRoutes } from './services/workflow/runtimeRoutes.ts';
import { workflowRoutes } from './services/workflow/workflowRoutes.ts';
import { type FeedFetcherSettings, startBackgroundWork } from './startBackgroundWork.ts';
import { staticClient } from './staticClient.ts';

export const BODY_LIMIT_BYTES = 1024 * 1024;
const BODY_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data', 'application/json'];

export type BuildAppOptions = {
  config: AppConfig;
  database: DatabaseHandle;
  /** Serve the built client from config.distDir (start-up does; API tests do not). */
  serveClient?: boolean;
  logger?: boolean;
  /** Run the workflow runtime in this process (npm start does; tests opt in). */
  workflowRuntime?: false | Omit<RuntimeOptions, 'database' | 'databaseUrl' | 'boss'>;
  /** Fetch the article pool's feeds on a schedule in this process (npm start does; tests opt in). */
  feedFetcher?: false | FeedFetcherSettings;
  /** Where the log goes instead of stdout (tests read it), at config.logLevel. */
  logStream?: { write: (line: string) => void };
  /** Now, for sign-in delays and test-send limits; tests move it. */
  clock?: () => Date;
};

/** Builds the whole server: the API services, their docs and the built client. Used by start-up and tests. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger:
      options.logger === false && !options.logStream
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.cookie', 'req.headers["x-csrftoken"]'],
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 200 },
    return503OnClosing: true,
    logController: new LogController({ disableRequestLogging: !config.logRequests }),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler(notFoundHandler);
  app.decorateRequest('auth', null);
  app.decorateRequest('userTz', 'UTC');
  app.decorateRequest('bodyRead', false);

  await app.register(cookie);
  await app.register(formbody, { bodyLimit: BODY_LIMIT_BYTES });
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fieldSize: BODY_LIMIT_BYTES, fields: 200, files: 0, fileSize: 0 },
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Workbench API',
        version: '0.1.0',
        description: 'Every call the workbench and the public pages make.',
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'wb_session' },
          csrf: { type: 'apiKey', in: 'header', name: 'X-CSRFToken' },
        },
      },
    },
    // Bodies are form data unless a route says otherwise; JSON is accepted too.
    transform: (input) => {
      const out = jsonSchemaTransform(input);
      const schema = out.schema as Record<string, unknown> | undefined;
      if (schema?.body && !schema.consumes)
        out.schema = { ...schema, consumes: BODY_TYPES } as typeof out.schema;
      return out;
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  app.addHook('preValidation', rejectNulCharacters);
  app.addHook('preValidation', userTzHook);
  app.addHook('preHandler', markBodyRead);
  app.addHook('onSend', securityHeaders);
  app.addHook('onRequest', refuseCrossSiteWrites(config));

  const sessions = new SessionStore(database.db, config.sessionCacheMs);
  const clock = options.clock ?? (() => new Date());
  const rateLimiter = new RateLimiter(database.db, clock);
  // Every route with config.rateLimit is limited by the one mechanism, shared by every process.
  rateLimitRoutes(app, rateLimiter);
  const ctx: AppContext = {
    db: database.db,
    config,
    sessions,
    recipients: new RecipientStore(database.db, config.recipientCacheMs, database.kind === 'postgres'),
    mail: {
      send: async (email) => {
        const row = await enqueueEmail(database.db, email, Boolean(config.smtpUrl));
        // Without SMTP, a message with a one-time secret reaches its recipient only through the operator,
        // who alone reads this log: the outbox shows it redacted.
        if (!config.smtpUrl && email.secrets?.length) logUnsentEmail(app.log, row.id, email);
        return row;
      },
    },
    emailEventSinks: [],
    afterReply: new AfterReply((error, what) => app.log.error(error, `${what} failed`)),
    clock,
    rateLimiter,
  };
  const background = await startBackgroundWork({
    config,
    database,
    log: app.log,
    sessions,
    mail: ctx.mail,
    sinks: ctx.emailEventSinks,
    workflowRuntime: options.workflowRuntime ?? false,
    feedFetcher: options.feedFetcher ?? false,
    clock,
  });
  app.decorate('workflowRuntime', background.workflowRuntime);
  app.decorate('feedFetcher', background.feedFetcher);
  app.decorate('outboxDelivery', background.outboxDelivery);
  app.decorate('deliveryWorker', background.deliveryWorker);
  app.decorate('emailEventSinks', ctx.emailEventSinks);
  app.decorate('analyticsRollups', background.analyticsRollups);
  app.decorate('analyticsExports', background.analyticsExports);
  app.decorate('journeyScoring', background.journeyScoring);
  app.decorate('afterReply', ctx.afterReply);
  const trackingRecorder = new TrackingRecorder(database.db, ctx.emailEventSinks, (error, input) =>
    app.log.error({ err: error, kind: input.kind, sendId: input.sendId }, 'tracking event lost'),
  );
  app.decorate('trackingRecorder', trackingRecorder);
  const journeyOrgs = new JourneyOrgs(database.db);
  const pageViews = new PageViewCollector(database.db, (error, input) =>
    app.log.error({ err: error, orgId: input.orgId }, 'page view lost'),
  );
  app.decorate('pageViews', pageViews);

  await app.register(sessionRoutes(ctx), { prefix: config.bases.auth });
  await app.register(signupRoutes(ctx), { prefix: config.bases.auth });
  await app.register(passwordRoutes(ctx), { prefix: config.bases.auth });
  await app.register(invitationRoutes(ctx), { prefix: config.bases.auth });
  await app.register(userRoutes(ctx), { prefix: config.bases.user });
  await app.register(outboxRoutes(ctx), { prefix: config.bases.user });
  await app.register(senderAddressRoutes(ctx), { prefix: config.bases.user });
  await app.register(teamRoutes(ctx), { prefix: config.bases.user });
  await app.register(planRoutes(ctx), { prefix: config.bases.user });
  await app.register(supportRoutes(ctx), { prefix: config.bases.user });
  await app.register(preferenceRoutes(ctx), { prefix: config.bases.preference });
  await app.register(workflowRoutes(ctx), { prefix: config.bases.workflow });
  await app.register(runtimeRoutes(ctx), { prefix: config.bases.workflow });
  await app.register(workflowGraphRoutes(ctx), { prefix: config.bases.analytics });
  await app.register(dashboardRoutes(ctx, background.analyticsExports), { prefix: config.bases.analytics });
  await app.register(contactAnalyticsRoutes(ctx, background.analyticsExports), {
    prefix: config.bases.analytics,
  });
  await app.register(accountAnalyticsRoutes(ctx, background.analyticsExports), {
    prefix: config.bases.analytics,
  });
  await app.register(listInsightRoutes(ctx, background.analyticsExports), { prefix: config.bases.analytics });
  await app.register(exportRoutes(ctx), { prefix: config.bases.analytics });
  await app.register(filterRoutes(ctx), { prefix: config.bases.analytics });
  await app.register(journeyScoringRoutes(ctx, background.journeyScoring), { prefix: config.bases.journey });
  await app.register(groupRoutes(ctx), { prefix: config.bases.audience });
  await app.register(formRoutes(ctx), { prefix: config.bases.audience });
  await app.register(formSubmissionRoutes(ctx), { prefix: config.bases.audience });
  await app.register(peopleRoutes(ctx), { prefix: config.bases.audience });
  await app.register(peoplePicksRoutes(ctx), { prefix: config.bases.audience });
  await app.register(contactRoutes(ctx), { prefix: config.bases.audience });
  await app.register(accountRoutes(ctx), { prefix: config.bases.audience });
  await app.register(listRoutes(ctx), { prefix: config.bases.audience });
  await app.register(importRoutes(ctx, background.importJobs), { prefix: config.bases.audience });
  await app.register(campaignRoutes(ctx), { prefix: config.bases.campaign });
  await app.register(campaignAudienceRoutes(ctx), { prefix: config.bases.campaign });
  await app.register(emailRoutes(ctx), { prefix: config.bases.campaign });
  await app.register(emailListingRoutes(ctx), { prefix: config.bases.campaign });
  await app.register(aiEmailRoutes(ctx, background.aiGenerations), { prefix: config.bases.campaign });
  await app.register(aiVariantRoutes(ctx), { prefix: config.bases.campaign });
  await app.register(publicPageRoutes(ctx));
  await app.register(mailboxRoutes(ctx), { prefix: config.bases.user });
  await app.register(contentRoutes(ctx), { prefix: config.bases.user });
  await app.register(curationRoutes(ctx), { prefix: config.bases.campaign });
  await app.register(trackingRoutes(ctx, trackingRecorder, journeyClickDestination(journeyOrgs, clock)));
  await app.register(journeyCollectRoutes(ctx, journeyOrgs, pageViews));
  await app.register(journeyTrackingRoutes(ctx, journeyOrgs), { prefix: config.bases.journey });
  await app.register(publishRoutes(ctx), { prefix: config.bases.publish });
  await app.register(templateRoutes(ctx), { prefix: config.bases.publish });
  const outlookMailboxes = new OutlookMailboxes(ctx.db, config.outlook, ctx.clock);
  await app.register(sendRoutes(ctx, background.editionSender, outlookMailboxes), {
    prefix: config.bases.publish,
  });
  await app.register(aiPublishRoutes(ctx, background.editionSender, outlookMailboxes), {
    prefix: config.bases.publish,
  });
  await app.register(outlookRoutes(ctx, outlookMailboxes), { prefix: config.bases.publish });
  await app.register(webVersionRoutes(ctx));
  await app.register(exportWidgetRoutes(ctx), { prefix: config.bases.publish });
  await app.register(emailHtmlRoutes(ctx), { prefix: config.bases.publish });
  await app.register(widgetPageRoutes(ctx));

  if (options.serveClient) await app.register(staticClient(config));

  // Sessions nobody came back for, expired sign-up links, old sign-in delays and ended rate-limit windows
  // are deleted at start-up and every hour (startBackgroundWork).
  app.addHook('onReady', background.sweepExpired);

  app.addHook('onClose', async () => {
    await ctx.afterReply.idle();
    // Answered opens and clicks not committed yet are written first, while their sinks still run.
    await trackingRecorder.drain();
    await pageViews.drain();
    await background.stop();
  });
  return app;
}
