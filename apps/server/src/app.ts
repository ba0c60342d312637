import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import { installValidationMessages } from '@bookla/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config/env.ts';
import type { Database } from './db/client.ts';
import { authRoutes } from './features/auth/auth.routes.ts';
import { teamsRoutes } from './features/teams/teams.routes.ts';
import { catalogueRoutes } from './features/catalogue/catalogue.routes.ts';
import { productsRoutes } from './features/catalogue/products.routes.ts';
import { publicCatalogueRoutes } from './features/catalogue/public.routes.ts';
import { scheduleReservationPurge } from './features/catalogue/reservations.service.ts';
import { scheduleNextSessionRefresh } from './features/catalogue/public.service.ts';
import { ticketsRoutes } from './features/catalogue/tickets.routes.ts';
import { activitiesRoutes } from './features/catalogue/activities.routes.ts';
import { defaultsRoutes } from './features/catalogue/defaults.routes.ts';
import { mediaRoutes } from './features/catalogue/media.routes.ts';
import { typeSetsRoutes } from './features/catalogue/type-sets.routes.ts';
import { attributesRoutes } from './features/catalogue/attributes.routes.ts';
import { fieldsRoutes } from './features/catalogue/fields.routes.ts';
import { sessionsRoutes } from './features/catalogue/sessions.routes.ts';
import { holidaysRoutes } from './features/catalogue/holidays.routes.ts';
import { resourcesRoutes } from './features/catalogue/resources.routes.ts';
import { referenceRoutes } from './features/reference/reference.routes.ts';
import { systemRoutes } from './features/system/system.routes.ts';
import { createJobRunner } from './lib/jobs.ts';
import { deriveKeyString } from './lib/keys.ts';
import { logRedaction } from './lib/log-redaction.ts';
import { createTransport, mailDirectory, registerMailJob } from './lib/mailer.ts';
import { createMemoryRateLimiter, createRedisRateLimiter, type RateLimiter } from './lib/rate-limit.ts';
import { authPlugin } from './plugins/auth.ts';
import { csrfPlugin } from './plugins/csrf.ts';
import { errorHandlerPlugin } from './plugins/error-handler.ts';
import { languagePlugin } from './plugins/language.ts';
import { openapiPlugin, registerDocsRoute } from './plugins/openapi.ts';
import { securityPlugin } from './plugins/security.ts';
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
  /** Where log lines go (tests read them to prove secrets stay out). */
  logStream?: NodeJS.WritableStream;
}

/** Log redaction: no cookies, tokens or passwords in logs (secrets in URLs: lib/log-redaction.ts). */
const REDACT = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-xsrf-token"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.password_confirm',
  '*.password_confirmation',
  '*.token',
];

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

export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = opts;
  installValidationMessages();

  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: { paths: REDACT, censor: '[redacted]' },
      ...logRedaction,
      ...(opts.logStream ? { stream: opts.logStream } : {}),
    },
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const log = app.log;
  if (typeof config.trustProxy === 'number' && !['127.0.0.1', '::1', 'localhost'].includes(config.host)) {
    log.warn({ host: config.host }, 'TRUST_PROXY is a hop count: make sure clients cannot reach this server but through the proxies');
  }
  const jobs = createJobRunner(database.db, log);
  const mailTransport = createTransport(config.smtpUrl);
  app.decorate('deps', {
    config,
    db: database.db,
    dbKind: database.kind,
    limiter: opts.limiter ?? (config.redisUrl ? createRedisRateLimiter(config.redisUrl) : createMemoryRateLimiter()),
    jobs,
    mailTransport,
  });
  registerMailJob(jobs, database.db, mailTransport, log, { mailDir: mailDirectory(config) });

  // Plumbing, in the order requests meet it.
  await app.register(openapiPlugin);
  await app.register(compress, { global: true, threshold: 1024 });
  // Its own key (HKDF of SESSION_SECRET): a signed URL can never pass as a signed cookie, nor back.
  await app.register(cookie, { secret: deriveKeyString(config.sessionSecret, 'cookies') });
  await app.register(languagePlugin);
  await app.register(securityPlugin);
  await app.register(sessionPlugin);
  await app.register(authPlugin);
  await app.register(csrfPlugin);
  await app.register(errorHandlerPlugin);

  // Features: the whole route table, in one place.
  await app.register(systemRoutes);
  await app.register(referenceRoutes);
  await app.register(authRoutes);
  await app.register(teamsRoutes);
  await app.register(catalogueRoutes);
  await app.register(ticketsRoutes);
  await app.register(productsRoutes);
  await app.register(publicCatalogueRoutes);
  await app.register(activitiesRoutes);
  await app.register(mediaRoutes);
  await app.register(defaultsRoutes);
  await app.register(typeSetsRoutes);
  await app.register(attributesRoutes);
  await app.register(fieldsRoutes);
  await app.register(sessionsRoutes);
  await app.register(holidaysRoutes);
  await app.register(resourcesRoutes);
  registerDocsRoute(app);

  await app.register(webPlugin);

  app.addHook('onClose', async () => {
    await jobs.stop();
    await app.deps.limiter.close();
    mailTransport?.close();
  });
  if (opts.runJobs) {
    app.addHook('onReady', async () => {
      jobs.start();
      const purge = setInterval(
        () => void app.sessions.purgeExpired().catch((err: unknown) => log.warn({ err }, 'session purge failed')),
        3600_000,
      );
      purge.unref();
      app.addHook('onClose', async () => clearInterval(purge));
      const stopReservationPurge = scheduleReservationPurge(database.db, log);
      app.addHook('onClose', async () => stopReservationPurge());
      const stopNextSessionRefresh = scheduleNextSessionRefresh(database.db, log);
      app.addHook('onClose', async () => stopNextSessionRefresh());
    });
  }
  return app;
}
