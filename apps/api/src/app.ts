import crypto from 'node:crypto';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { type Database, openDatabase } from './db/client.ts';
import { type LogStream, loggerOptions } from './lib/logging.ts';
import { runWithRequestId } from './lib/request-context.ts';
import { holdWorkerPool } from './lib/worker-pool.ts';
import { aiExtractRoutes } from './modules/ai/extract.routes.ts';
import { aiRoutes } from './modules/ai/index.ts';
import { areaChairRoutes } from './modules/area-chairs/index.ts';
import { assignmentsRoutes } from './modules/assignment/index.ts';
import { auditModuleRoutes } from './modules/audit/index.ts';
import { authRoutes } from './modules/auth/index.ts';
import { biddingRoutes } from './modules/bidding/index.ts';
import { catalogueRoutes } from './modules/catalogue/index.ts';
import { committeeRoutes } from './modules/committee/index.ts';
import { communicationsRoutes } from './modules/communications/index.ts';
import { conflictsRoutes } from './modules/conflicts/index.ts';
import { discussionRoutes } from './modules/discussion/index.ts';
import { eventsRoutes } from './modules/events/index.ts';
import { exportsRoutes } from './modules/exports/index.ts';
import { finalVersionsRoutes } from './modules/final-versions/index.ts';
import { metaReviewRoutes } from './modules/meta-reviews/index.ts';
import { outboxRoutes } from './modules/outbox/index.ts';
import { progressRoutes } from './modules/progress/index.ts';
import { responsesRoutes } from './modules/responses/index.ts';
import { reviewFormRoutes } from './modules/review-forms/index.ts';
import { reviewsRoutes } from './modules/reviews/index.ts';
import { submissionsRoutes } from './modules/submissions/index.ts';
import { systemRoutes } from './modules/system/index.ts';
import { usersRoutes } from './modules/users/index.ts';
import { authPlugin } from './plugins/auth.ts';
import { compressionPlugin } from './plugins/compression.ts';
import { csrfPlugin } from './plugins/csrf.ts';
import { dbPlugin } from './plugins/db.ts';
import { errorsPlugin, frameworkErrors } from './plugins/errors.ts';
import { inputPlugin } from './plugins/input.ts';
import { metricsPlugin } from './plugins/metrics.ts';
import { openapiOptions } from './plugins/openapi.ts';
import { HTTP_SERVER_OPTIONS, overloadPlugin } from './plugins/overload.ts';
import { rateLimitPlugin } from './plugins/rate-limit.ts';
import { securityPlugin } from './plugins/security.ts';
import { serializerCompiler } from './plugins/serializer.ts';
import { servicesPlugin } from './plugins/services.ts';
import { webPlugin } from './plugins/web.ts';

export type BuildAppOptions = {
  config: Config;
  /** An open database to use (tests share one); otherwise the app opens and owns one. */
  database?: Database;
  logger?: boolean;
  /** Where the log lines go (tests read them); standard output otherwise. */
  logStream?: LogStream;
};

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** Builds the whole application without listening, so tests can build it too. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  // The pool may lose an idle connection before or after the app exists: report it through the app's logger.
  let reportPoolError = (error: Error) => console.warn('database pool: idle connection lost:', error.message);
  const database =
    options.database ??
    (await openDatabase({
      url: config.databaseUrl,
      pgliteDir: `${config.dataDir}/db`,
      onPoolError: (error) => reportPoolError(error),
    }));

  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions(config.logLevel, options.logStream),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    requestIdHeader: false,
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: false },
    frameworkErrors,
    ...HTTP_SERVER_OPTIONS,
  }).withTypeProvider<ZodTypeProvider>();

  reportPoolError = (error) => app.log.warn({ err: error }, 'database pool: idle connection lost');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  // The process's worker threads stop when the last app holding them closes (a later task starts them again).
  const releaseWorkerPool = holdWorkerPool();
  app.addHook('onClose', releaseWorkerPool);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  // The request's id is the current one for everything its hooks and handler run (the jobs it queues record it);
  // set again before the handler, as reading the body may have left the request's async context.
  app.addHook('onRequest', (request, _reply, done) => runWithRequestId(request.id, done));
  app.addHook('preHandler', (request, _reply, done) => runWithRequestId(request.id, done));

  await app.register(errorsPlugin);
  await app.register(overloadPlugin, { limits: config.overload, db: database.db });
  await app.register(metricsPlugin, {
    db: database.db,
    token: config.metricsToken,
    isProduction: config.isProduction,
  });
  await app.register(inputPlugin);
  await app.register(compressionPlugin);
  await app.register(dbPlugin, { database, owned: !options.database });
  await app.register(cookie, { secret: config.secretKey });
  await app.register(securityPlugin, { hsts: config.isProduction });
  await app.register(csrfPlugin, { secret: config.secretKey, secure: config.isProduction });
  await app.register(authPlugin);
  await app.register(rateLimitPlugin, { db: database.db, scale: config.rateLimitScale });
  await app.register(swagger, openapiOptions(config.publicUrl));
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  await app.register(servicesPlugin, { config });

  await app.register(systemRoutes);
  await app.register(authRoutes);
  await app.register(usersRoutes);
  await app.register(catalogueRoutes);
  await app.register(eventsRoutes);
  await app.register(committeeRoutes);
  await app.register(aiRoutes);
  await app.register(submissionsRoutes);
  await app.register(aiExtractRoutes);
  await app.register(conflictsRoutes);
  await app.register(biddingRoutes);
  await app.register(assignmentsRoutes);
  await app.register(reviewsRoutes);
  await app.register(reviewFormRoutes);
  await app.register(metaReviewRoutes);
  await app.register(outboxRoutes);
  await app.register(communicationsRoutes);
  await app.register(exportsRoutes);
  await app.register(auditModuleRoutes);
  await app.register(progressRoutes);
  await app.register(responsesRoutes);
  await app.register(finalVersionsRoutes);
  await app.register(discussionRoutes);
  await app.register(areaChairRoutes);
  await app.register(webPlugin, { webDist: config.webDist, localesDir: config.localesDir });
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
  }
}
