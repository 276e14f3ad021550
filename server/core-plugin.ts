/**
 * The core plugin: opens the keys, the payment gateways, the database (migrated, settings and demo
 * user seeded), Redis with the nonces and rate limits, sessions and messaging; registers Fastify's
 * plugins (CORS, compression, rate limits), the error envelope, the core's endpoints (accounts,
 * settings, store) and the payment routes with their reconciliation job. It knows no feature: the
 * features' plugins come after it and use `app.services` (protocol/app-services.ts);
 * `apiRoutesPlugin` comes last and answers with every handler they added.
 */
import { join } from 'node:path';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import type { FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import { AppEnv, DEVICE_HEADERS, Errors, HEADER, TRACKING_HEADERS } from '../contract';
import { createAccountHandlers } from './accounts/account-handlers';
import { createDeviceTokens, deviceTokenKey } from './accounts/device-token';
import { createPasskeyHandlers } from './accounts/passkey-handlers';
import { relyingPartyOf } from './accounts/passkeys';
import { createSecurityHandlers } from './accounts/security-handlers';
import { createTotpSealer, totpSealingKey, type TotpSealer } from './identity/totp';
import { createPasswordHasher, type PasswordHasher } from './identity/password-hasher';
import {
  ACCOUNT_RULE,
  CLIENT_RULE,
  DEVICE_RULE,
  createMemoryAttemptStore,
  createPasswordThrottle,
  createRedisAttemptStore,
  type PasswordThrottle,
} from './accounts/password-throttle';
import { seedDemoUser } from './accounts/seed-demo-user';
import { createSessionCache } from './identity/session-cache';
import type { Config } from './config';
import { openDatabase, type Database, type Db } from './db/database';
import { migrate } from './db/migrate';
import { repeatWhileRunning } from './jobs/startup-jobs';
import { repeatLoggedJob } from './jobs/repeat-job';
import { sendDueMessages } from './messaging/message-queue';
import { queueRenewalReminders } from './store/renewal-reminders';
import {
  createMessageDelivery,
  createSmsSender,
  createSmtpMailer,
  type Mailer,
  type SmsSender,
} from './messaging/delivery';
import { registerOutboxRoutes } from './messaging/outbox-routes';
import type { PaymentGateways } from './gateways/gateway';
import { registerPaymentRoutes } from './payments/payment-routes';
import { startReconciliation } from './payments/reconcile';
import { createPaymentGateways } from './gateways/registry';
import { ApiError, fail, languageOf } from './protocol/api-error';
import { registerApiRoutes } from './protocol/api-routes';
import { registerHealthRoutes } from './web/health-routes';
import { registerMetrics } from './web/metrics';
import type { AppServices } from './protocol/app-services';
import { failure } from './protocol/envelope';
import {
  createMemoryNonceStore,
  createRedisNonceStore,
  type NonceStore,
} from './protocol/nonce-store';
import { registerPublicKeysRoute } from './protocol/public-keys-route';
import {
  clientKey,
  createMemoryWindowCounter,
  createRedisWindowCounter,
  registerApiRateLimit,
  withFallback,
  type WindowCounter,
} from './protocol/rate-limit';
import { connectRedis, redisReady } from './protocol/redis-connection';
import { loadPlatformKeys, type PlatformKeys } from './protocol/rsa-keys';
import { createSignatureQueue } from './protocol/signature-queue';
import { createConfigHandlers } from './settings/config-handlers';
import { readDisplayConfig } from './settings/default-settings';
import { isPageReplaced } from './settings/page-texts';
import { seedSettings } from './settings/seed-settings';
import { seedDemoPlans } from './store/seed-plans';
import { createStoreHandlers } from './store/store-handlers';
import { registerMessageRoundDevRoute } from './store/message-round-dev-route';
import { registerStoreDevRoutes } from './store/store-dev-routes';
import { registerDevRouteSupport } from './web/dev-routes';
import { registerSecurityHeaders } from './web/security-headers';
import { siteOriginOf } from './web/site-origin';
import { registerSpa } from './web/spa-static';

/** What tests replace in the core (server/app.ts adds the features' own). */
/** Seconds between the message sender's rounds, and between the renewal reminders' rounds. */
const MESSAGE_SENDER_SECONDS = 30;
const RENEWAL_REMINDER_SECONDS = 600;

export interface CoreOverrides {
  /** Replaces the SMTP mailer (tests: a mailer that fails). */
  readonly mailer?: Mailer;
  readonly sms?: SmsSender;
  /** The clock used for signature windows (tests: a skewed clock). */
  readonly now?: () => number;
  readonly hasher?: PasswordHasher;
  /** Replaces the configured payment gateways (tests: a gateway that fails). */
  readonly paymentGateways?: PaymentGateways;
  /** Fault injection for payment tests: runs inside the crediting transaction after the payment row. */
  readonly afterPaymentInsert?: (tx: Db) => Promise<void>;
  /** Runs the reconciliation job every this many seconds even where the config turns it off (tests). */
  readonly reconcileIntervalSeconds?: number;
  /** An in-memory database (`memory://`) starts from this PGlite data directory (tests). */
  readonly memoryDatabaseImage?: Blob;
}

/** What only the core's own plugins share: the keys and the stores the API routes check with. */
interface CoreParts {
  readonly database: Database;
  readonly keys: PlatformKeys;
  readonly nonces: NonceStore;
  readonly demoSeeded: boolean;
  /** Password guessing limits (accounts/password-throttle.ts); the staff console's sign-in shares them. */
  readonly passwordThrottle: PasswordThrottle;
  /** Seals TOTP secrets at rest: the members' two-step sign-in and the staff's second factor. */
  readonly totpSealer: TotpSealer;
}

declare module 'fastify' {
  interface FastifyInstance {
    core: CoreParts;
  }
}

/** Maps Fastify's own failures (body too large, bad JSON, rate limit) onto catalogue codes. */
function toApiError(error: FastifyError | ApiError | Error): ApiError {
  if (error instanceof ApiError) return error;
  const status = (error as FastifyError).statusCode;
  if (status === 413) return fail('PAYLOAD_TOO_LARGE');
  if (status === 429) return fail('RATE_LIMITED');
  if (status !== undefined && status >= 400 && status < 500) return fail('BAD_REQUEST');
  return fail('INTERNAL');
}

export const corePlugin = fp<{ config: Config; overrides: CoreOverrides }>(
  async (app, { config, overrides }) => {
    const keys = await loadPlatformKeys(config.dataDir, config.rsaPrivateKeys);
    // Before the database opens: a gateway misconfiguration stops the start with nothing to clean up.
    const paymentGateways = overrides.paymentGateways ?? (await createPaymentGateways(config));
    const database = await openDatabase(config.databaseUrl, config.dataDir, 'server', {
      ...config.postgres,
      memoryImage: overrides.memoryDatabaseImage,
      onConnectionError: (error) =>
        app.log.warn(
          { err: error },
          'PostgreSQL connection lost; the pool opens a new one on demand',
        ),
    });
    const redis = config.redisUrl
      ? connectRedis(config.redisUrl, {
          commandTimeoutMs: config.redisCommandTimeoutMs,
          log: app.log,
        })
      : undefined;
    if (redis && !(await redisReady(redis, 2000)))
      app.log.warn('Redis is not reachable yet: API calls answer INTERNAL until it is');
    const redisPrefix = config.redisKeyPrefix;
    const nonces: NonceStore = redis
      ? createRedisNonceStore(redis, `${redisPrefix}nonce:`, { now: overrides.now })
      : createMemoryNonceStore(overrides.now, { file: join(config.dataDir, 'nonces.json') });
    const memoryCounter = createMemoryWindowCounter();
    const apiCounter: WindowCounter = redis
      ? withFallback(
          createRedisWindowCounter(redis, `${redisPrefix}rl:`),
          memoryCounter,
          () => undefined,
        )
      : memoryCounter;
    const passwordThrottle = createPasswordThrottle(
      redis ? createRedisAttemptStore(redis, `${redisPrefix}pw:`) : createMemoryAttemptStore(),
      overrides.now,
      {
        account: {
          ...ACCOUNT_RULE,
          free: config.rateLimit.passwordFailuresPerAccount,
          firstWaitMs: config.rateLimit.passwordFirstWaitMs,
        },
        client: {
          ...CLIENT_RULE,
          free: config.rateLimit.passwordFailuresPerClient,
          firstWaitMs: config.rateLimit.passwordFirstWaitMs,
        },
        device: {
          ...DEVICE_RULE,
          free: config.rateLimit.passwordFailuresPerAccount,
          firstWaitMs: config.rateLimit.passwordFirstWaitMs,
        },
      },
    );
    const deviceTokens = createDeviceTokens(deviceTokenKey(keys.ios.privateKey), overrides.now);
    const totpSealer = createTotpSealer(totpSealingKey(keys.ios.privateKey));
    const clock = () => new Date(overrides.now?.() ?? Date.now());
    const hasher = overrides.hasher ?? createPasswordHasher();
    registerMetrics(app, { token: config.metricsToken, database });
    const smtp =
      overrides.mailer ??
      (config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.mailFrom) : undefined);
    const mailer = smtp && app.metrics ? app.metrics.countedMailer(smtp) : smtp;
    const smsSender = overrides.sms ?? createSmsSender(config.smsProvider);
    const sms = smsSender && app.metrics ? app.metrics.countedSms(smsSender) : smsSender;
    app.addHook('onClose', async () => {
      await nonces.close();
      memoryCounter.close();
      mailer?.close?.();
      redis?.disconnect();
      await database.close();
    });

    const db = database.db;
    await migrate(db);
    await seedSettings(db);
    const demoSeeded = config.seedDemo ? await seedDemoUser(db, hasher) : false;
    if (config.seedDemo) await seedDemoPlans(db);
    const display = await readDisplayConfig(db);
    const sessionCache = createSessionCache(config.sessionCacheSeconds * 1000);
    const handlers: AppServices['handlers'] = {};
    const services: AppServices = {
      config,
      db,
      gateways: paymentGateways,
      sessionCache,
      hasher,
      siteOrigin: siteOriginOf(config, () => (app.server.listening ? app.server.address() : null)),
      repeatEverySeconds:
        overrides.reconcileIntervalSeconds ?? config.payments.reconcileIntervalSeconds,
      handlers,
      addHandlers: (added) => Object.assign(handlers, added),
      logError: (error, message) => app.log.error({ err: error }, message),
    };
    app.decorate('services', services);
    registerHealthRoutes(app, { db, redis });
    app.decorate('core', { database, keys, nonces, demoSeeded, passwordThrottle, totpSealer });

    // --- plugins ---
    registerDevRouteSupport(app, config.appEnv);
    registerSecurityHeaders(app, display.supportWidget.scriptUrl);
    const corsOptions = {
      origin:
        config.publicOrigins.length > 0 ? [...config.publicOrigins] : config.appEnv !== AppEnv.PROD,
      methods: ['GET', 'HEAD', 'POST'],
      allowedHeaders: [
        'content-type',
        HEADER.authorization,
        HEADER.platform,
        HEADER.language,
        HEADER.deviceId,
        ...Object.values(DEVICE_HEADERS),
        ...Object.values(TRACKING_HEADERS),
      ],
      exposedHeaders: [HEADER.pragma],
      maxAge: 600,
    };
    // Options fixed at start, normalised once. Dev routes never answer another origin: they opt out
    // of CORS and their preflight is refused before this hook (server/web/dev-routes.ts).
    await app.register(cors, corsOptions);
    // Responses only: no client of ours compresses a request body, so no decompression hook runs on
    // every request (docs/performance.md).
    await app.register(compress, { global: true, threshold: 1024, globalDecompression: false });
    registerApiRateLimit(app, { counter: apiCounter, perMinute: config.rateLimit.apiPerMinute });
    await app.register(rateLimit, {
      global: false,
      ...(redis ? { redis, nameSpace: `${redisPrefix}route-rl:`, skipOnError: true } : {}),
      keyGenerator: (request) => clientKey(request.ip),
      errorResponseBuilder: () => fail('RATE_LIMITED'),
    });

    app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
      const status = (error as FastifyError).statusCode;
      if (
        !request.url.startsWith('/v4/') &&
        status !== undefined &&
        status >= 400 &&
        status < 500
      ) {
        // Outside the API a client error keeps its status, without an envelope: a directory such as
        // `/assets/` (403 from the static files) is simply not found.
        const notFound = status === 403 || status === 404;
        return reply
          .code(notFound ? 404 : status)
          .type('text/plain; charset=utf-8')
          .send(notFound ? 'Not found' : 'Bad request');
      }
      const apiError = toApiError(error);
      if (apiError.code === Errors.INTERNAL.code)
        request.log.error({ err: error }, 'request failed');
      // Never a stack or an internal message: the envelope holds only catalogue text.
      return reply
        .code(apiError.httpStatus)
        .header('cache-control', 'no-store')
        .send(failure(apiError.code, languageOf(request.headers[HEADER.language]), apiError.data));
    });

    // --- the core's endpoints and routes ---
    const delivery = createMessageDelivery({ appEnv: config.appEnv, db, mailer, sms });
    registerPublicKeysRoute(app, keys);
    const codeLimits = {
      perTargetPerDay: config.rateLimit.codesPerTargetPerDay,
      perIpPerDay: config.rateLimit.codesPerIpPerDay,
    };
    const relyingParty = relyingPartyOf(config.publicOrigins, services.siteOrigin);
    const securityDeps = {
      db,
      hasher,
      delivery,
      codeLimits,
      sessionCache,
      passwordThrottle,
      sealer: totpSealer,
      now: clock,
      logError: services.logError,
    };
    services.addHandlers({
      ...createAccountHandlers({ ...securityDeps, deviceTokens, relyingParty }),
      ...createPasskeyHandlers({
        db,
        hasher,
        delivery,
        throttle: passwordThrottle,
        relyingParty,
        now: clock,
        logError: services.logError,
      }),
      ...createSecurityHandlers(securityDeps),
      ...createConfigHandlers(db),
      ...createStoreHandlers({
        db,
        gateways: paymentGateways,
        sessionCache,
        orderTtlMinutes: config.orderTtlMinutes,
        returnUrl: (orderNo) =>
          `${config.payments.callbackOrigin ?? ''}/purchased?orderId=${encodeURIComponent(orderNo)}`,
        logError: services.logError,
      }),
    });
    registerPaymentRoutes(app, {
      db,
      gateways: paymentGateways,
      sessionCache,
      callbackOrigin: config.payments.callbackOrigin,
      now: overrides.now,
      afterPaymentInsert: overrides.afterPaymentInsert,
    });
    repeatWhileRunning(app, {
      name: 'reconcile',
      everySeconds: services.repeatEverySeconds,
      start: (claim) =>
        startReconciliation(
          {
            db,
            gateways: paymentGateways,
            sessionCache,
            log: app.log.child({ job: 'reconcile' }),
            afterPaymentInsert: overrides.afterPaymentInsert,
          },
          services.repeatEverySeconds,
          claim,
        ),
    });
    // Messages the service sends on its own (docs/messages.md): the queue's sender, and the
    // renewal reminders, which the sender then sends.
    repeatWhileRunning(app, {
      name: 'message-queue',
      everySeconds: services.repeatEverySeconds > 0 ? MESSAGE_SENDER_SECONDS : 0,
      start: (claim) => {
        const log = app.log.child({ job: 'message-queue' });
        return repeatLoggedJob(
          () => sendDueMessages({ db, delivery, now: clock, log }),
          log,
          'message queue round failed',
          MESSAGE_SENDER_SECONDS,
          claim,
        );
      },
    });
    repeatWhileRunning(app, {
      name: 'renewal-reminders',
      everySeconds: services.repeatEverySeconds > 0 ? RENEWAL_REMINDER_SECONDS : 0,
      start: (claim) =>
        repeatLoggedJob(
          () =>
            queueRenewalReminders({
              db,
              now: clock,
              siteOrigin: services.siteOrigin,
            }),
          app.log.child({ job: 'renewal-reminders' }),
          'renewal reminder round failed',
          RENEWAL_REMINDER_SECONDS,
          claim,
        ),
    });
    if (config.appEnv !== AppEnv.PROD) {
      registerOutboxRoutes(app, db);
      registerStoreDevRoutes(app, db);
      registerMessageRoundDevRoute(app, {
        db,
        delivery,
        now: clock,
        siteOrigin: services.siteOrigin,
      });
    }
  },
);

/**
 * The signed API (/v4/...) answering with every handler the core and the features added, and the
 * SPA: registered after every feature plugin.
 */
export const apiRoutesPlugin = fp<{ now?: () => number }>(async (app, options) => {
  const { config, db, sessionCache, handlers } = app.services;
  const { keys, nonces } = app.core;
  const signatureQueue = createSignatureQueue(config.signatureQueueMax);
  app.metrics?.watchSignatureQueue(signatureQueue);
  registerApiRoutes(app, {
    db,
    keys,
    nonces,
    appEnv: config.appEnv,
    now: options.now ?? Date.now,
    sessionCache,
    signatureQueue,
    handlers,
  });
});

/** The built SPA and its fallback: the last routes, after every other plugin's. */
export const spaPlugin = fp(async (app) => {
  const { config } = app.services;
  await registerSpa(app, config.staticDir, {
    sourceMaps: config.appEnv !== AppEnv.PROD,
    siteOrigin: config.publicOrigins[0],
    pageReplaced: (page) => isPageReplaced(app.services.db, page),
  });
});
