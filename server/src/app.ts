import Fastify, { LogController, type FastifyInstance, type FastifyReply } from 'fastify';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { registerRefusedBodies } from './platform/http/refused-bodies.ts';
import { guardConnections } from './platform/http/connections.ts';
import { registerDrain } from './platform/http/drain.ts';
import { registerForwardedNotice } from './platform/http/forwarded-notice.ts';
import { createNotices } from './platform/notices.ts';
import { createSessionService } from './platform/auth/sessions.ts';
import { createDiskWatch, type DiskWatch } from './platform/disk.ts';
import { createLiveSockets } from './platform/realtime/ws-server.ts';
import { closeRedis, REDIS_OPTIONS, redisReady, watchRedis } from './platform/redis.ts';
import { installationKey } from './platform/db/installation.ts';
import { IMAGE_MAX_BYTES } from '@tamaq/contract/constants';
import { ERROR_MESSAGES } from '@tamaq/contract/errors';
import type { Config } from './platform/config.ts';
import type { Database } from './platform/db/client.ts';
import { createActorService } from './platform/auth/actors.ts';
import { registerGuard } from './platform/auth/guard.ts';
import { createTokenService } from './platform/auth/tokens.ts';
import { registerCsrf } from './platform/http/csrf.ts';
import { registerHeavyWork } from './platform/http/heavy-work.ts';
import { registerErrorHandler } from './platform/http/error-handler.ts';
import { registerAnswerLanguage } from './platform/http/answer-language.ts';
import { registerInput } from './platform/http/input.ts';
import { registerSecurityHeaders } from './platform/http/security-headers.ts';
import { loggerOptions } from './platform/http/log-options.ts';
import { trustProxyOption, trustProxyWarnings } from './platform/http/trust-proxy.ts';
import { createMailer, type Mailer } from './platform/mail.ts';
import { createPush, vapidKeys } from './platform/push.ts';
import { createTelegram } from './platform/telegram.ts';
import { registerMetrics } from './platform/metrics.ts';
import { registerOpenApi } from './platform/openapi.ts';
import { rateLimitError } from './platform/rate-limit.ts';
import { catalogueRoutes } from './platform/catalogue-routes.ts';
import { registerWeb } from './platform/web.ts';
import { createRealtimeHub } from './platform/realtime/hub.ts';
import { createTicketService } from './platform/realtime/tickets.ts';
import { fixationsRoutes } from './modules/fixations/fixations.routes.ts';
import { manualFixationsRoutes } from './modules/manual-fixations/manual-fixations.routes.ts';
import type { Platform } from './platform/platform.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { brandRoutes } from './modules/brand/brand.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { profileRoutes } from './modules/profile/profile.routes.ts';
import { referenceRoutes } from './modules/reference/reference.routes.ts';
import { imagesRoutes } from './modules/images/images.routes.ts';
import { schoolsRoutes } from './modules/schools/schools.routes.ts';
import { bookCategoriesRoutes } from './modules/book-categories/book-categories.routes.ts';
import { bookLoansRoutes } from './modules/book-loans/book-loans.routes.ts';
import { booksRoutes } from './modules/books/books.routes.ts';
import { classroomsRoutes } from './modules/classrooms/classrooms.routes.ts';
import { dishCategoriesRoutes } from './modules/dish-categories/dish-categories.routes.ts';
import { foodsRoutes } from './modules/foods/foods.routes.ts';
import { techCardsRoutes } from './modules/tech-cards/tech-cards.routes.ts';
import { normsRoutes } from './modules/norms/norms.routes.ts';
import { dishesRoutes } from './modules/dishes/dishes.routes.ts';
import { ordersRoutes } from './modules/orders/orders.routes.ts';
import { reportsRoutes } from './modules/reports/reports.routes.ts';
import { menuActivationsRoutes } from './modules/menu-activations/menu-activations.routes.ts';
import { calendarRoutes } from './modules/calendar/calendar.routes.ts';
import { absencesRoutes } from './modules/absences/absences.routes.ts';
import { kitchenRoutes } from './modules/kitchen/kitchen.routes.ts';
import { ratingsRoutes } from './modules/ratings/ratings.routes.ts';
import { setupRoutes } from './modules/setup/setup.routes.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { familyRoutes } from './modules/family/family.routes.ts';
import { menusRoutes } from './modules/menus/menus.routes.ts';
import { fixationCategoriesRoutes } from './modules/fixation-categories/fixation-categories.routes.ts';
import { organizationsRoutes } from './modules/organizations/organizations.routes.ts';
import { cardsRoutes } from './modules/cards/cards.routes.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { userPasswordRoutes } from './modules/user-password/user-password.routes.ts';
import { invitationsRoutes } from './modules/invitations/invitations.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';

/** What the log says the first time each dashboard notice is seen. */
const NOTICE_LOG = {
  'disk-full':
    'The disk is full: the database refuses to write, so scans, orders and changes answer 503 until space is made (the browsers keep their scans)',
  'disk-low': 'The data directory has little free space left (under 512 MB or 2 %): make room before it fills',
  'forwarded-untrusted':
    'Requests arrive with X-Forwarded-For, but TRUST_PROXY is off: every client has the proxy\'s address, so they share one count of every limit by address (sign-in among them). Set TRUST_PROXY to the proxy\'s address (README "Configuration").',
} as const;

export interface AppOptions {
  config: Config;
  database: Database;
  jwtSecret: string;
  redis?: Redis | null;
  mailer?: Mailer;
  now?: () => Date;
  logger?: boolean;
  /** How long a new connection may wait before its first request (connections.ts); tests shorten it. */
  idleConnectionMs?: number;
}

/** Builds the whole app without listening: `main.ts` listens, tests call `app.inject`. */
export async function buildApp(
  opts: AppOptions,
): Promise<{ app: FastifyInstance; platform: Platform; drain: ReturnType<typeof registerDrain> }> {
  const { config, database } = opts;
  const app = Fastify({
    logger: opts.logger === false ? false : loggerOptions(config.logLevel),
    bodyLimit: 1024 * 1024,
    // Forwarded addresses are believed only from configured proxies: rate limits count by address.
    trustProxy: trustProxyOption(config.trustProxy),
    // A body sent byte by byte must not hold a connection forever (a 5 MB photo on a slow line fits).
    requestTimeout: 120_000,
    // A malformed URL (`/api/images/%FF`) answers in the spec's shape, not the framework's.
    frameworkErrors: (err, _request, res) => {
      const reply = res as unknown as FastifyReply;
      if (err.code === 'FST_ERR_BAD_URL' || err.code === 'FST_ERR_ASYNC_CONSTRAINT') {
        void reply.code(404).send({ error: 'Not found', errorMessage: ERROR_MESSAGES.notFound });
      } else {
        void reply
          .code(422)
          .send({ error: 'Validation error', validationErrors: { body: [ERROR_MESSAGES.badRequest] } });
      }
    },
    // One log line per scan would drown the log at lunch; errors are still logged.
    logController: new LogController({ disableRequestLogging: true }),
  }).withTypeProvider<ZodTypeProvider>();
  guardConnections(app.server, { idleMs: opts.idleConnectionMs });
  const drain = registerDrain(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // The disk watch is made with the platform below; the handler reaches it when an error comes.
  let disk: DiskWatch | null = null;
  registerErrorHandler(app, { onDiskFull: () => disk?.full() });
  registerAnswerLanguage(app);

  registerInput(app);

  const now = opts.now ?? (() => new Date());
  const tokens = createTokenService(opts.jwtSecret);
  // Every Redis key and channel of this installation under its own name: other deployments on the
  // same Redis (a test one, another school's) never share a scan, a limit or a live message with it.
  const redis = opts.redis
    ? opts.redis.duplicate({
        ...REDIS_OPTIONS,
        lazyConnect: false,
        keyPrefix: `tamaq:${await installationKey(database.db)}:`,
      })
    : null;
  const redisWatch = redis ? watchRedis(redis, app.log) : null;
  if (redis) await redisReady(redis);
  /** A Redis call's failure, logged only while Redis answers: its loss and return are said once each. */
  const redisTrouble = (what: string) => (err: Error) => {
    if (redisWatch?.up) app.log.warn(`${what}: ${err.message}`);
  };
  const realtime = createRealtimeHub(redis, redisTrouble('realtime'), redisWatch);
  if (redis) {
    app.addHook('onClose', async () => {
      redisWatch?.stopping();
      await closeRedis(redis);
    });
  }
  // A user or organization changed on this instance: every instance checks its live sockets.
  const sessions = createSessionService(database.db, tokens, Date.now, () => realtime.sessionsEnded());
  // Another instance ended sessions (a sign-out there): read them again here.
  realtime.onSessionsEnded(() => sessions.forgetAll());
  const actors = createActorService(database.db, undefined, () => realtime.sessionsEnded(), sessions);
  const notices = createNotices(app.log, NOTICE_LOG);
  const tickets = createTicketService(opts.jwtSecret, Date.now, redis, redisTrouble('tickets'));
  const platform: Platform = {
    config,
    database,
    db: database.db,
    tokens,
    sessions,
    actors,
    mailer:
      opts.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db: database.db, log: app.log }),
    push: createPush({ keys: () => vapidKeys(config), subject: config.vapidSubject, services: config.pushServices }),
    telegram: config.telegramToken
      ? createTelegram({ token: config.telegramToken, apiUrl: config.telegramApiUrl })
      : null,
    metrics: registerMetrics(app, { defaults: opts.logger !== false, metricsToken: config.metricsToken }),
    redis,
    realtime,
    tickets,
    liveSockets: createLiveSockets(realtime, tickets, actors),
    notices,
    disk: createDiskWatch(config.databaseUrl ? null : config.dataDir, notices),
    now,
  };
  disk = platform.disk;
  app.addHook('onClose', async () => platform.disk.stop());
  // A write that went through: the disk has room again.
  app.addHook('onResponse', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400) platform.disk.wrote();
  });
  app.addHook('onClose', () => platform.realtime.close());

  await app.register(cookie);
  await registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        // antd writes its styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        scriptSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
  await app.register(multipart, { limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 10, parts: 12 } });
  await app.register(rateLimit, {
    global: false,
    hook: 'preHandler',
    // Redis down must not lock everybody out of sign-in: the limit is skipped and the outage logged.
    skipOnError: true,
    ...(platform.redis ? { redis: platform.redis, nameSpace: 'tamaq-rl-' } : {}),
    errorResponseBuilder: rateLimitError,
  });
  registerRefusedBodies(app);
  registerForwardedNotice(app, trustProxyOption(config.trustProxy), platform.notices);
  for (const warning of trustProxyWarnings(config.trustProxy)) app.log.warn(warning);
  registerCsrf(app, config.publicUrl.startsWith('https:'));
  registerGuard(app, tokens, actors);
  registerHeavyWork(app, platform.redis);
  await registerOpenApi(app);

  for (const plugin of [
    healthRoutes,
    brandRoutes,
    authRoutes,
    profileRoutes,
    referenceRoutes,
    imagesRoutes,
    schoolsRoutes,
    classroomsRoutes,
    catalogueRoutes,
    dishCategoriesRoutes,
    dishesRoutes,
    foodsRoutes,
    techCardsRoutes,
    normsRoutes,
    menusRoutes,
    menuActivationsRoutes,
    calendarRoutes,
    absencesRoutes,
    kitchenRoutes,
    ratingsRoutes,
    setupRoutes,
    familyRoutes,
    notificationsRoutes,
    ordersRoutes,
    reportsRoutes,
    fixationCategoriesRoutes,
    organizationsRoutes,
    cardsRoutes,
    adminRoutes,
    userPasswordRoutes,
    invitationsRoutes,
    usersRoutes,
    fixationsRoutes,
    manualFixationsRoutes,
    bookCategoriesRoutes,
    booksRoutes,
    bookLoansRoutes,
  ]) {
    await app.register(plugin, { platform });
  }
  // The live socket on the main port too (WS_PORT serves the same sockets, serve.ts): a proxy in front
  // passes `/ws` on with the pages, and the pages open it where PUBLIC_URL says (config.livePort).
  await platform.liveSockets.register(app);
  app.addHook('onClose', async () => platform.liveSockets.close());
  await registerWeb(app, config.webDist);
  return { app, platform, drain };
}
