import { createServer as createHttpServer, type ServerResponse } from 'node:http';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import { installValidationMessages } from '@bookla/shared';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config/env.ts';
import type { Database } from './db/client.ts';
import { authRoutes } from './features/auth/auth.routes.ts';
import { teamsRoutes } from './features/teams/teams.routes.ts';
import { activitiesRoutes } from './features/catalogue/activities/activities.routes.ts';
import { publicCatalogueRoutes, scheduleNextSessionRefresh } from './features/catalogue/public/index.ts';
import { publicTeamRoutes } from './features/selling/settings/public-team.routes.ts';
import { sellingSettingsRoutes } from './features/selling/settings/index.ts';
import { checkinRoutes } from './features/selling/checkin/index.ts';
import { discountsRoutes } from './features/selling/discounts/index.ts';
import { scheduleMembershipSweep, subscriptionsRoutes } from './features/selling/subscriptions/index.ts';
import { scheduleWebhookDeliveries, webhooksRoutes } from './features/selling/webhooks/index.ts';
import { customersRoutes } from './features/operations/customers/index.ts';
import { exportsRoutes } from './features/operations/exports/index.ts';
import { archiveRoutes } from './features/operations/archive/index.ts';
import { statisticsRoutes } from './features/operations/statistics/index.ts';
import { apiTokensRoutes } from './features/integrations/index.ts';
import {
  bexioRoutes,
  platformInvoicesRoutes,
  platformNow,
  platformPlanRoutes,
  scheduleBexioSync,
  schedulePlatformStatements,
} from './features/platform/index.ts';
import { documentsRoutes, pdfPoolFromConfig, type DocumentRenderer } from './features/selling/documents/index.ts';
import { providerWebhookRoutes, testPaymentsRoutes } from './features/selling/payments/index.ts';
import {
  orderLinksRoutes,
  ordersRoutes,
  publicCheckoutRoutes,
  publicOrdersRoutes,
  scheduleOrderExpiry,
} from './features/selling/orders/index.ts';
import { publicWaitingListRoutes, scheduleWaitingListSweep, waitingListRoutes } from './features/selling/waitinglist/index.ts';
import { customerAccountsRoutes } from './features/selling/customer-accounts/index.ts';
import { notificationSettingsRoutes, scheduleDigests } from './features/selling/notifications/index.ts';
import { resourcesRoutes } from './features/catalogue/resources/resources.routes.ts';
import { setupRoutes } from './features/catalogue/setup/setup.routes.ts';
import { scheduleReservationPurge, ticketsRoutes } from './features/catalogue/tickets/index.ts';
import { timetableRoutes } from './features/catalogue/timetable/timetable.routes.ts';
import { referenceRoutes } from './features/reference/reference.routes.ts';
import { HEALTH_OK, systemRoutes } from './features/system/system.routes.ts';
import { publicSiteRoutes } from './features/public-site/index.ts';
import { calendarRoutes } from './features/selling/calendar/index.ts';
import { registerJobHandlers } from './background-jobs.ts';
import { startJobsThread } from './jobs-thread.ts';
import { scheduleHousekeeping } from './lib/housekeeping.ts';
import { CatalogueVersions, invalidateOnWrites, PublicReadCache } from './lib/public-cache.ts';
import { createJobRunner } from './lib/jobs.ts';
import { deriveKeyString } from './lib/keys.ts';
import { loggerOptions } from './lib/logger.ts';
import { createTransport } from './lib/mailer.ts';
import { createMemoryRateLimiter, createRedisRateLimiter, type RateLimiter } from './lib/rate-limit.ts';
import { apiTokenPlugin } from './plugins/api-token.ts';
import { authPlugin } from './plugins/auth.ts';
import { csrfPlugin } from './plugins/csrf.ts';
import { errorHandlerPlugin } from './plugins/error-handler.ts';
import { languagePlugin } from './plugins/language.ts';
import { openapiPlugin, registerDocsRoute } from './plugins/openapi.ts';
import { routeDocsPlugin } from './plugins/route-docs.ts';
import { nulGuardPlugin } from './plugins/nul-guard.ts';
import { requestBasicsPlugin } from './plugins/request-basics.ts';
import { securityHeaders } from './plugins/security.ts';
import { sessionPlugin } from './plugins/session.ts';
import { webPlugin } from './plugins/web.ts';
import './types.ts';

export interface BuildOptions {
  config: Config;
  database: Database;
  /** Tests pass their own limiter (e.g. with a fake clock). */
  limiter?: RateLimiter;
  /** Start the background job loop (server: yes; tests run jobs explicitly). */
  runJobs?: boolean;
  /** With `runJobs` on PostgreSQL: run them in the jobs thread (default) or on the server's thread. */
  jobsThread?: boolean;
  /** Where log lines go (tests read them to prove secrets stay out). */
  logStream?: NodeJS.WritableStream;
  /** Tests: one PDF worker pool shared by the apps of a test process (its workers start once). */
  pdf?: DocumentRenderer;
}

/**
 * TRUST_PROXY → Fastify's `trustProxy`: `request.ip` (rate limits, session IPs) and
 * `request.protocol`/`host` follow X-Forwarded-* only from these proxies. Unset: from nobody.
 * A hop count trusts the nearest `n` hops whoever they are (Fastify ≥ 5.12 refuses a bare number),
 * so it is only safe when the app cannot be reached but through those proxies.
 */
function trustProxyOption(trust: Config['trustProxy']): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust;
}

/** `{"status":"ok"}` with the app's security headers, straight from the HTTP server. */
/**
 * The liveness answer's headers as one flat list, built once: `writeHead` with a list skips the
 * per-header work it does for an object (measured: 78k against 57k answers/s with the same eleven
 * headers on one core; the liveness check's goal is 0.8× bare Fastify, issue 23).
 */
function healthHeaderList(health: { headers: Record<string, string>; body: string }): string[] {
  const all = {
    ...health.headers,
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(health.body)),
  };
  return Object.entries(all).flat();
}

function answerHealth(res: ServerResponse, headers: string[], body: string, head: boolean): void {
  res.writeHead(200, headers);
  res.end(head ? undefined : body);
}

export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = opts;
  installValidationMessages();
  const health = { headers: securityHeaders(config.secure, 'api'), body: HEALTH_OK };
  const healthHeaders = healthHeaderList(health);

  const app = Fastify({
    logger: {
      ...loggerOptions(config),
      ...(opts.logStream ? { stream: opts.logStream } : {}),
    },
    trustProxy: trustProxyOption(config.trustProxy),
    // A balancer asks these every few seconds: two log lines each would drown the rest.
    logController: new LogController({
      disableRequestLogging: (request: { url?: string }) => request.url === '/api/health' || request.url === '/api/ready',
    }),
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    // Liveness is answered by the HTTP server itself (CONTRACT §7): a load balancer asks it every
    // few seconds on every instance, and it needs nothing of the app (no request object, logger,
    // hooks or routing). The same status, headers and body as its documented route (a test compares them).
    serverFactory: (handler, options) => {
      const server = createHttpServer((options as { http?: object }).http ?? {}, (req, res) => {
        if (req.url === '/api/health' && (req.method === 'GET' || req.method === 'HEAD'))
          return answerHealth(res, healthHeaders, health.body, req.method === 'HEAD');
        handler(req, res);
      });
      // What Fastify sets on the server it makes itself.
      const o = options as { keepAliveTimeout?: number; requestTimeout?: number; connectionTimeout?: number };
      server.keepAliveTimeout = o.keepAliveTimeout ?? 72_000;
      server.requestTimeout = o.requestTimeout ?? 0;
      server.setTimeout(o.connectionTimeout ?? 0);
      return server;
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const log = app.log;
  if (typeof config.trustProxy === 'number' && !['127.0.0.1', '::1', 'localhost'].includes(config.host)) {
    log.warn({ host: config.host }, 'TRUST_PROXY is a hop count: make sure clients cannot reach this server but through the proxies');
  }
  const jobs = createJobRunner(database.db, log);
  const mailTransport = createTransport(config.smtpUrl);
  // PDFs render in worker threads: on the server's thread a big one would hold up every request.
  const pdf = opts.pdf ?? pdfPoolFromConfig(config, log);
  app.decorate('deps', {
    config,
    db: database.db,
    dbKind: database.kind,
    limiter: opts.limiter ?? (config.redisUrl ? createRedisRateLimiter(config.redisUrl, { log }) : createMemoryRateLimiter()),
    jobs,
    mailTransport,
    pdf,
    jobsHeartbeat: () => jobs.lastTick(),
    publicCache: new PublicReadCache(new CatalogueVersions(database.db, log)),
  });
  registerJobHandlers(jobs, { db: database.db, config, mailTransport, log, pdf });

  // Plumbing, in the order requests meet it.
  await app.register(openapiPlugin);
  await app.register(routeDocsPlugin);
  // A GET, HEAD or OPTIONS carries no body to decompress: no preParsing hook on those routes (it
  // would run for every request they get; decision 036). Added before compress's own onRoute.
  app.addHook('onRoute', (route) => {
    if (route.decompress === undefined && [route.method].flat().every((m) => m === 'GET' || m === 'HEAD' || m === 'OPTIONS'))
      route.decompress = false;
  });
  await app.register(compress, { global: true, threshold: 1024 });
  // Its own key (HKDF of SESSION_SECRET): a signed URL can never pass as a signed cookie, nor back.
  await app.register(cookie, { secret: deriveKeyString(config.sessionSecret, 'cookies') });
  // Language, security headers, NUL bytes in the address (4xx before anything reads them:
  // PostgreSQL text cannot hold them), and liveness through `inject`: one hook for all requests.
  await app.register(requestBasicsPlugin, { health });
  await app.register(languagePlugin);
  await app.register(nulGuardPlugin); // NUL bytes in a body
  await app.register(apiTokenPlugin); // Authorization: Bearer (API tokens): the session is then never read
  await app.register(sessionPlugin);
  await app.register(authPlugin);
  await app.register(csrfPlugin);
  await app.register(errorHandlerPlugin);
  invalidateOnWrites(app); // a write's team: its public reads kept here are stale before the reply leaves

  // Features: the whole route table, in one place (URL prefixes → plugin).
  await app.register(systemRoutes); //       /api/health, /api/ready, /sanctum/csrf-cookie, /api/language/change/:lang, /api/srl/state
  await app.register(publicSiteRoutes); //   /robots.txt, /sitemap.xml (the public pages' HTML: plugins/web.ts)
  await app.register(referenceRoutes); //    /api/srl/options/*, /api/faq, /api/content/*
  await app.register(authRoutes); //         /api/srl/{register,login,logout,user,validator/*,email/verify/*,password/reset/*,two-factor/*},
  //                                         /api/customer/password/reset/mail
  await app.register(teamsRoutes); //        /api/srl/team(s), /api/team/*, /api/config/features, /api/profile/*, /api/srl/permission/:name,
  //                                         /api/srl/team/:teamid/invite/*
  // The catalogue (docs/api/catalogue.md), one plugin per area of features/catalogue/:
  await app.register(activitiesRoutes); //   /api/course/store, /api/courses, /api/courses/:id, /api/courses/mass, /api/course/instructors,
  //                                         /api/courses/:id/header-image, /media/:key/:variant
  await app.register(setupRoutes); //        /api/course/{type_sets,attributes,fields,options,locations}, /api/config/course/defaults,
  //                                         /api/config/holidays, /api/courses/:id/{attributes,fields,products}
  await app.register(timetableRoutes); //    /api/courses/:id/sessions/*, /api/calendar/sessions
  await app.register(ticketsRoutes); //      /api/courses/:id/tickets
  await app.register(resourcesRoutes); //    /api/sa/resources, /api/sa/resources/:id/bookings, /api/sa/conflicts/check
  await app.register(publicCatalogueRoutes); // /api/public/teams/:teamId/activities[/:id], /api/public/teams/:teamId/filters
  await app.register(sellingSettingsRoutes); // /api/config/tax, /api/config/integration
  await app.register(notificationSettingsRoutes); // /api/config/notifications (provider notifications)
  await app.register(publicTeamRoutes); //   /api/public/teams/:teamId (id or shop slug)
  await app.register(checkinRoutes); //       /api/tickets/:code, /api/tickets/:code/checkin (selling: check-in)
  await app.register(discountsRoutes); //    /api/discounts, /api/discounts/:id
  await app.register(subscriptionsRoutes); // /api/subscriptions…, /api/public/teams/:teamId/subscriptions
  await app.register(webhooksRoutes); // /api/webhooks…
  await app.register(ordersRoutes); //       /api/orders, /api/orders/:id, /api/orders/:id/{mark-paid,cancel}
  await app.register(customersRoutes); //    /api/orders/additional_sales, /api/customers/{participants[/filters],orders[/:id/orders]}
  await app.register(exportsRoutes); //      /api/exports, /api/exports/:id[/download]
  await app.register(publicOrdersRoutes); // /api/public/orders/:publicId[/cancel|/fresh-link]?token=…
  await app.register(orderLinksRoutes); //   /api/orders/:id/revoke-links
  await app.register(publicCheckoutRoutes); // /api/public/teams/:teamId/{reservations,quote,orders}, /api/public/reservations/:token
  await app.register(documentsRoutes); //    /api/public/orders/:id/{tickets,invoice,receipt}.pdf?token=…, /api/orders/:id/{…}.pdf
  await app.register(providerWebhookRoutes); // /api/webhooks/{provider} (raw body: its own content-type parser, this plugin only)
  await app.register(testPaymentsRoutes); // /api/public/test-payments/:paymentId?token=… (test-mode payment page)
  await app.register(waitingListRoutes); //  /api/waitinglist, /api/waitinglist/filters, /api/waitinglist/:id[/offer|/remove]
  await app.register(publicWaitingListRoutes); // /api/public/teams/:teamId/waitinglist[/:id[/claim|/decline]], /api/public/waitinglist/:id/remove
  await app.register(customerAccountsRoutes); // /api/customer/teams/:teamId/{me,register,login,logout,magic-link,link,password,bookings,…},
  //                                         /api/{customer/teams/:teamId,public}/orders/:id/cancellation
  await app.register(archiveRoutes); //     /api/archive/emails, /api/archive/emails/:id, /api/archive/emails/:id/resend (operations: email archive)
  await app.register(apiTokensRoutes); //   /api/tokens, /api/tokens/:id (API tokens, CONTRACT §8)
  await app.register(platformPlanRoutes); // /api/team/plan (platform plans, CONTRACT §6)
  await app.register(platformInvoicesRoutes); // /api/platform/{statements,invoices[/export|/:id/pdf|/:id/paid],statistics}, /api/team/platform-invoices[/:id/pdf]
  await app.register(bexioRoutes); //       /api/platform/invoices/:id/sync, /api/platform/invoices/sync-failed (bexio, CONTRACT §6)
  await app.register(calendarRoutes); //   /:lang/shop/:teamId/calendar.ics, /api/public/instructor-calendars/:token.ics,
  //                                         /api/public/orders/:id/calendar.ics, /api/sa/resources/:id/calendar-feeds, /api/sa/instructors/:id/calendar-feed
  await app.register(statisticsRoutes); //  /api/statistics/{dashboard,sales,report,export}, /api/dashboard/checklist (operations: statistics)
  registerDocsRoute(app);

  await app.register(webPlugin);

  app.addHook('onClose', async () => {
    await app.deps.publicCache.versions.stop();
    await jobs.stop();
    await app.deps.limiter.close();
    mailTransport?.close();
    await pdf.close();
  });
  if (opts.runJobs) {
    app.addHook('onReady', async () => {
      // The catalogue versions other instances moved: read now, then every 2 s (tests read them themselves).
      await app.deps.publicCache.versions.refresh();
      app.deps.publicCache.versions.start();
      if (database.kind === 'postgres' && opts.jobsThread !== false) {
        const thread = startJobsThread(config, log, () => jobs.start());
        app.deps.jobsHeartbeat = () => thread.lastTick() ?? jobs.lastTick();
        app.addHook('onClose', () => thread.stop());
      } else jobs.start();
      // Periodic work runs on one instance at a time (lib/periodic.ts): the purges here, the features' sweeps below.
      const stopHousekeeping = scheduleHousekeeping(database.db, log, () => app.sessions.purgeExpired());
      app.addHook('onClose', async () => stopHousekeeping());
      const stopReservationPurge = scheduleReservationPurge(database.db, log);
      app.addHook('onClose', async () => stopReservationPurge());
      const stopOrderExpiry = scheduleOrderExpiry(app.deps, log);
      app.addHook('onClose', async () => stopOrderExpiry());
      const stopWaitingListSweep = scheduleWaitingListSweep(app.deps, log);
      app.addHook('onClose', async () => stopWaitingListSweep());
      const stopNextSessionRefresh = scheduleNextSessionRefresh(database.db, log);
      app.addHook('onClose', async () => stopNextSessionRefresh());
      const stopDigests = scheduleDigests({ db: database.db, config }, log);
      app.addHook('onClose', async () => stopDigests());
      const stopMembershipSweep = scheduleMembershipSweep({ db: database.db, config }, log);
      app.addHook('onClose', async () => stopMembershipSweep());
      const stopWebhooks = scheduleWebhookDeliveries({ db: database.db, config }, log);
      app.addHook('onClose', async () => stopWebhooks());
      // Platform invoices to bexio (only with BEXIO_API_TOKEN; features/platform/bexio).
      const stopBexio = scheduleBexioSync({ db: database.db, config, now: platformNow }, log);
      app.addHook('onClose', async () => stopBexio());
      // The platform's monthly statement (on the 1st, Europe/Zurich; features/platform/invoices).
      const stopStatements = schedulePlatformStatements({ db: database.db, config }, log);
      app.addHook('onClose', async () => stopStatements());
    });
  }
  return app;
}
