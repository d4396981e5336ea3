import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import type { ErrorBody } from 'contracts';
import cors from '@fastify/cors';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config, TrustProxy } from './config';
import { SYSTEM_CLOCK, type AppContext, type Clock } from './context';
import { openDatabase, type Database } from './db/client';
import { seedDatabase } from './db/seed';
import { createMailer, type Mailer } from './mail/mailer';
import { accessControl } from './plugins/access';
import { docs } from './plugins/docs';
import { errorHandler } from './plugins/error-handler';
import { languageOf, translateMessage } from './i18n/messages';
import { securityHeaders } from './plugins/security-headers';
import { IdentityProvider } from './services/identity-provider';
import { LoginLimiter } from './services/login-limiter';
import { TokenService } from './services/tokens';
import { inputGuard } from './plugins/input-guard';
import { trafficPriority } from './plugins/traffic';
import { BackgroundTasks } from './lib/background';
import { fileOffsetClock } from './lib/offset-clock';
import { EmailSender } from './services/email-sender';
import { ReplyMailer } from './services/reply-mailer';
import { PushSender } from './services/push-sender';
import { WebhookSender } from './services/webhook-sender';
import { pushWeigher, vapidKeysOf } from './routes/public/web-push';
import { reachRoutes } from './routes/campaigns/reach';
import { emailHooks, emailRoutes } from './routes/emails';
import path from 'node:path';
import { healthRoutes } from './routes/health';
import { loginRoute } from './routes/auth/login';
import { refreshRoute } from './routes/auth/refresh';
import { logoutRoute } from './routes/auth/logout';
import { forgotPasswordRoute } from './routes/auth/forgot-password';
import { resetPasswordRoute } from './routes/auth/reset-password';
import { identityProviderRoutes } from './routes/auth/identity-provider';
import { meRoute } from './routes/users/me';
import { profileUpdateRoute } from './routes/users/profile-update';
import { emailConfirmRoute } from './routes/users/email-confirm';
import { passwordUpdateRoute } from './routes/users/password-update';
import { invitationRoutes } from './routes/invitations';
import { websiteRoutes } from './routes/websites';
import { webhookRoutes } from './routes/webhooks';
import { auditLogRoutes } from './routes/audit-log';
import { apiKeyRoutes } from './routes/api-keys';
import { tagRoutes } from './routes/tags';
import { workspaceRoutes } from './routes/workspaces';
import { adminRoutes } from './routes/admin';
import { orgUserRoutes } from './routes/users/org-users';
import { roleRoutes } from './routes/roles';
import { attributeRoutes } from './routes/attributes';
import { groupRoutes } from './routes/groups';
import { audienceRoutes } from './routes/audiences';
import { peopleRoutes } from './routes/people';
import { RetentionJob } from './services/retention';
import { campaignRoutes } from './routes/campaigns';
import { publicScriptRoutes } from './routes/public/script';
import { messengerRoutes } from './routes/messenger';
import { builderTokenRoute } from './routes/public/builder';
import { installCheckRoute } from './routes/public/install-check';
import { websiteScriptSettingsRoutes } from './routes/websites/script-settings';
import { identityVerificationRoutes } from './routes/websites/identity-verification';
import { uploadRoutes } from './routes/upload';
import { statsRoutes } from './routes/stats';
import { localizeMessages } from './plugins/localize';

/** How often each API process deletes sessions past their expiry. */
const SESSION_PRUNE_INTERVAL_MS = 60 * 60_000;

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

export interface BuildOptions {
  /**
   * An already opened (and migrated) database. Without it, buildApp opens the one the config names
   * (PostgreSQL or PGlite in DATA_DIR), migrates and seeds it, and closes it with the app.
   */
  database?: Database;
  mailer?: Mailer;
  /** Fastify logger setting (false in tests). */
  logger?: boolean | object;
  /** Extra routes registered with the same access control (tests probe the hook with it). */
  register?: (app: FastifyInstance, ctx: AppContext) => void | Promise<void>;
  /** The clock of schedules and the website script's decisions (tests move it). */
  clock?: Clock;
}

/**
 * TRUST_PROXY as Fastify takes it. A hop count is given as the function proxy-addr makes of one (the
 * first `hops` addresses from the connection inwards are proxies): this Fastify reads a bare number
 * as "trust no one", because a count cannot tell a proxy from a client that connects directly and
 * writes the header itself; so a count is for an API that only its proxies can reach (the README
 * says so), and addresses are for the rest.
 */
export function fastifyTrustProxy(trust: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // The client sends `Activewebsite`; header names are case-insensitive and arrive lower-cased.
    bodyLimit: 1024 * 1024,
    // Refusals made by the router itself (a malformed URL, a path parameter over its length) keep
    // the one error shape, in the caller's words, without the framework's codes: they happen before
    // any hook, so the error handler never sees them.
    frameworkErrors: (error, request, reply) => {
      const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
      const code = status === 414 ? 'generic.uriTooLong' : 'generic.unreadableRequest';
      const message = translateMessage(code, languageOf(request.headers['accept-language']));
      void (reply as FastifyReply).code(status as 400).send({ message } satisfies ErrorBody);
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  try {
    return await assemble(app, config, options);
  } catch (err) {
    // Start-up failed (bad route declaration, migration error…): release what was opened.
    await app.close().catch(() => {});
    throw err;
  }
}

/** The system clock, or in a browser test of the running product, the one its control API moves. */
function productClock(app: FastifyInstance, config: Config): Clock {
  if (!config.clockOffsetFile) return SYSTEM_CLOCK;
  const clock = fileOffsetClock(config.clockOffsetFile);
  app.addHook('onClose', async () => clock.close());
  return clock;
}

async function assemble(app: FastifyInstance, config: Config, options: BuildOptions): Promise<FastifyInstance> {
  const ownsDatabase = !options.database;
  const database =
    options.database ??
    (await openDatabase(
      config.databaseUrl ? { databaseUrl: config.databaseUrl, poolSize: config.database.pools } : { pgliteDataDir: path.join(config.dataDir, 'pglite') },
    ));
  database.traffic.setBounds(config.database.publicBounds);
  if (ownsDatabase) {
    // On shutdown, requests already running (even for clients that hung up) finish their queries
    // before the database closes: wait until none is in flight, at most 5 s.
    let inFlight = 0;
    app.addHook('onRequest', async () => void inFlight++);
    app.addHook('onResponse', async () => void inFlight--);
    app.addHook('onClose', async () => {
      const deadline = Date.now() + 5000;
      while (inFlight > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      await database.close();
    });
    await database.migrate();
    const seeded = await seedDatabase(database.db, { email: config.seedAdminEmail, password: config.seedAdminPassword });
    if (seeded) app.log.info({ email: config.seedAdminEmail }, 'seeded an empty database: demo organisation and super-admin');
  }

  const mailer = options.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir }, app.log);
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    tokens: new TokenService(database.db, config),
    limiter: new LoginLimiter(database.db, config.login),
    mailer,
    identity: new IdentityProvider(config.oidc),
    log: app.log,
    background: new BackgroundTasks(app.log),
    clock: options.clock ?? productClock(app, config),
    emailSender: undefined as unknown as EmailSender,
    replyMailer: undefined as unknown as ReplyMailer,
    pushSender: undefined as unknown as PushSender,
    webhookSender: undefined as unknown as WebhookSender,
    retention: undefined as unknown as RetentionJob,
  };
  ctx.emailSender = new EmailSender(database.db, mailer, config.email, ctx.clock, app.log);
  ctx.webhookSender = new WebhookSender(database.db, config, mailer, ctx.clock, app.log);
  app.decorate('ctx', ctx);
  // Campaign e-mails and webhooks go out from every API process (their claims never overlap); stopped before the mailer closes.
  if (config.email.sender) app.addHook('onReady', async () => ctx.emailSender.start());
  app.addHook('onClose', async () => ctx.emailSender.stop());
  if (config.email.sender) app.addHook('onReady', async () => ctx.webhookSender.start());
  app.addHook('onClose', async () => ctx.webhookSender.stop());
  ctx.retention = new RetentionJob(database.db, ctx.clock, app.log);
  if (config.email.sender) app.addHook('onReady', async () => ctx.retention.start());
  app.addHook('onClose', async () => ctx.retention.stop());
  ctx.replyMailer = new ReplyMailer(database.db, mailer, config.email.pollMs, ctx.clock, app.log);
  if (config.email.sender) app.addHook('onReady', async () => ctx.replyMailer.start());
  app.addHook('onClose', async () => ctx.replyMailer.stop());

  // Mail queued by background work goes out before the mailer closes.
  app.addHook('onClose', async () => {
    await ctx.background.settled();
    await mailer.close();
  });

  // A replayed refresh token (past the reuse interval) means a stolen or leaked token: say so.
  ctx.tokens.onReplay = (familyId) => app.log.warn({ familyId }, 'refresh token replayed after its reuse interval: session revoked');
  // Expired sessions and quiet throttling keys are pruned hourly (and once at start), in every API process: the DELETE is
  // idempotent, so several processes pruning the same rows is harmless.
  const prune = () => Promise.all([ctx.tokens.pruneExpired(), ctx.limiter.prune()]).catch((err) => app.log.warn({ err }, 'pruning expired sessions failed'));
  const pruneTimer = setInterval(prune, SESSION_PRUNE_INTERVAL_MS);
  pruneTimer.unref();
  app.addHook('onReady', async () => void prune());
  app.addHook('onClose', async () => clearInterval(pruneTimer));

  errorHandler(app);
  localizeMessages(app);
  inputGuard(app);
  // First of the request hooks, so even a 401 from the access check or a 404 carries the headers.
  await securityHeaders(app);
  await app.register(cors, {
    origin: config.corsOrigins,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['Content-Type', 'Accept', 'Accept-Language', 'Authorization', 'Activewebsite', 'X-XSRF-TOKEN', 'X-Client-Id'],
    // The console reads a 429's wait from it to show, and count down, how long to wait.
    exposedHeaders: ['Retry-After'],
    maxAge: 600,
  });
  // After CORS (a refused page must be able to read the 503 and its Retry-After), before any hook that reads the database.
  trafficPriority(app, database);
  // Registered before the docs plugin so its onRoute check and security tags run first.
  accessControl(app, ctx);
  await docs(app);

  healthRoutes(app);
  loginRoute(app, ctx);
  refreshRoute(app, ctx);
  logoutRoute(app, ctx);
  forgotPasswordRoute(app, ctx);
  resetPasswordRoute(app, ctx);
  identityProviderRoutes(app, ctx);
  meRoute(app, ctx);
  profileUpdateRoute(app, ctx);
  emailConfirmRoute(app, ctx);
  passwordUpdateRoute(app, ctx);
  invitationRoutes(app, ctx);
  roleRoutes(app, ctx);
  websiteRoutes(app, ctx);
  websiteScriptSettingsRoutes(app, ctx);
  identityVerificationRoutes(app, ctx);
  tagRoutes(app, ctx);
  webhookRoutes(app, ctx);
  auditLogRoutes(app, ctx);
  apiKeyRoutes(app, ctx);
  workspaceRoutes(app, ctx);
  adminRoutes(app, ctx);
  orgUserRoutes(app, ctx);
  attributeRoutes(app, ctx);
  groupRoutes(app, ctx);
  audienceRoutes(app, ctx);
  peopleRoutes(app, ctx);
  const scriptServices = await publicScriptRoutes(app, ctx);
  // Push notifications go out from the processes that send e-mails (the same queue claims, one or several).
  ctx.pushSender = new PushSender(ctx.db, config.email, config.mailFrom, config, pushWeigher(scriptServices), (id) => vapidKeysOf(ctx, id), ctx.clock, app.log);
  if (config.email.sender) app.addHook('onReady', async () => ctx.pushSender.start());
  app.addHook('onClose', async () => ctx.pushSender.stop());
  await messengerRoutes(app, ctx, scriptServices);
  installCheckRoute(app, ctx);
  campaignRoutes(app, ctx, { email: emailHooks(ctx) });
  emailRoutes(app, ctx);
  reachRoutes(app, ctx);
  builderTokenRoute(app, ctx);
  uploadRoutes(app, ctx);
  statsRoutes(app, ctx);
  if (options.register) await options.register(app, ctx);

  await app.ready();
  return app;
}
