/**
 * The app factory: opens the database and keys, then registers plugins (external first), then the
 * features, then the routes. Tests call `buildApp` and use `app.inject()` or a real listener.
 */
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { AppEnv, DEVICE_HEADERS, Errors, HEADER, TRACKING_HEADERS } from '../contract';
import { createAccountAreaHandlers } from './account-area/account-area-handlers';
import { seedAccountAreaDemo } from './account-area/seed-demo';
import { registerSubscriptionRoute } from './account-area/subscription-route';
import { createAccountHandlers } from './accounts/account-handlers';
import { createPasswordHasher, type PasswordHasher } from './accounts/password-hasher';
import { createSessionCache } from './accounts/session-cache';
import type { Config } from './config';
import { openDatabase, type Database, type Db } from './db/database';
import { migrate } from './db/migrate';
import { seedDemoUser, seedSettings } from './db/seed';
import {
  createMessageDelivery,
  createSmsSender,
  createSmtpMailer,
  type Mailer,
  type SmsSender,
} from './messaging/delivery';
import { registerOutboxRoutes } from './messaging/outbox-routes';
import { ApiError, fail, languageOf } from './protocol/api-error';
import { registerApiRoutes } from './protocol/api-routes';
import { failure } from './protocol/envelope';
import {
  createMemoryNonceStore,
  createRedisNonceStore,
  type NonceStore,
} from './protocol/nonce-store';
import { registerPublicKeysRoute } from './protocol/public-keys-route';
import { loadPlatformKeys, type PlatformKeys } from './protocol/rsa-keys';
import { createConfigHandlers } from './settings/config-handlers';
import { DISPLAY_CONFIG_KEY, defaultDisplayConfig } from './settings/default-settings';
import { readSetting } from './settings/settings-store';
import { endpoints } from '../contract';
import type { PaymentGateways } from './payments/gateway';
import { registerPaymentRoutes } from './payments/payment-routes';
import { startReconciliation } from './payments/reconcile';
import { createPaymentGateways } from './payments/registry';
import { seedDemoPlans } from './store/seed-plans';
import { registerStoreDevRoutes } from './store/store-dev-routes';
import { createStoreHandlers } from './store/store-handlers';
import { registerSecurityHeaders } from './web/security-headers';
import { registerSpa, spaIsBuilt } from './web/spa-static';

export interface AppOverrides {
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
}

export interface AppState {
  readonly config: Config;
  readonly database: Database;
  readonly keys: PlatformKeys;
  readonly spaBuilt: boolean;
  /** True when this start created the demo user. */
  readonly demoSeeded: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    kestrel: AppState;
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

export async function buildApp(
  config: Config,
  overrides: AppOverrides = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  });

  const keys = await loadPlatformKeys(config.dataDir, config.rsaPrivateKeys);
  // Before the database opens: a gateway misconfiguration stops the start with nothing to clean up.
  const paymentGateways = overrides.paymentGateways ?? (await createPaymentGateways(config));
  const database = await openDatabase(config.databaseUrl, config.dataDir);
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2 })
    : undefined;
  const nonces: NonceStore = redis ? createRedisNonceStore(redis) : createMemoryNonceStore();
  const hasher = overrides.hasher ?? createPasswordHasher();
  const mailer =
    overrides.mailer ??
    (config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.mailFrom) : undefined);
  const sms = overrides.sms ?? createSmsSender(config.smsProvider);
  app.addHook('onClose', async () => {
    await nonces.close();
    mailer?.close?.();
    redis?.disconnect();
    await database.close();
  });

  let demoSeeded = false;
  try {
    await migrate(database.db);
    await seedSettings(database.db);
    if (config.seedDemo) {
      demoSeeded = await seedDemoUser(database.db, hasher);
      await seedDemoPlans(database.db);
      await seedAccountAreaDemo(database.db);
    }
  } catch (error) {
    await app.close();
    throw error;
  }
  const display = await readSetting(
    database.db,
    DISPLAY_CONFIG_KEY,
    endpoints.systemDisplayConfig.data,
  ).catch(() => defaultDisplayConfig);
  app.decorate('kestrel', {
    config,
    database,
    keys,
    spaBuilt: spaIsBuilt(config.staticDir),
    demoSeeded,
  });

  // --- plugins ---
  await registerSecurityHeaders(app, display.supportWidget.scriptUrl);
  await app.register(cors, {
    origin: config.publicOrigin
      ? config.publicOrigin.split(',').map((o) => o.trim())
      : config.appEnv !== AppEnv.PROD,
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
  });
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'kestrel-rl:' } : {}),
    keyGenerator: (request) => request.ip,
    errorResponseBuilder: () => fail('RATE_LIMITED'),
  });

  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    const apiError = toApiError(error);
    if (apiError.code === Errors.INTERNAL.code) request.log.error({ err: error }, 'request failed');
    // Never a stack or an internal message: the envelope holds only catalogue text.
    return reply
      .code(apiError.httpStatus)
      .header('cache-control', 'no-store')
      .send(failure(apiError.code, languageOf(request.headers[HEADER.language]), apiError.data));
  });

  // --- features and routes ---
  const sessionCache = createSessionCache(config.sessionCacheSeconds * 1000);
  const delivery = createMessageDelivery({ appEnv: config.appEnv, db: database.db, mailer, sms });
  registerPublicKeysRoute(app, keys);
  registerApiRoutes(app, {
    db: database.db,
    keys,
    nonces,
    appEnv: config.appEnv,
    rateLimitPerMinute: config.rateLimit.apiPerMinute,
    now: overrides.now ?? Date.now,
    sessionCache,
    handlers: {
      ...createAccountHandlers({
        db: database.db,
        hasher,
        delivery,
        codeLimits: {
          perTargetPerDay: config.rateLimit.codesPerTargetPerDay,
          perIpPerDay: config.rateLimit.codesPerIpPerDay,
        },
        sessionCache,
      }),
      ...createConfigHandlers(database.db),
      ...createAccountAreaHandlers({
        db: database.db,
        sessionCache,
        publicOrigin: config.publicOrigin?.split(',')[0]?.trim(),
      }),
      ...createStoreHandlers({
        db: database.db,
        gateways: paymentGateways,
        sessionCache,
        orderTtlMinutes: config.orderTtlMinutes,
        returnUrl: (orderNo) =>
          `${config.payments.callbackOrigin ?? ''}/purchased?orderId=${encodeURIComponent(orderNo)}`,
        logError: (error, message) => app.log.error({ err: error }, message),
      }),
    },
  });
  registerPaymentRoutes(app, {
    db: database.db,
    gateways: paymentGateways,
    sessionCache,
    callbackOrigin: config.payments.callbackOrigin,
    now: overrides.now,
    afterPaymentInsert: overrides.afterPaymentInsert,
  });
  const reconcileEvery =
    overrides.reconcileIntervalSeconds ?? config.payments.reconcileIntervalSeconds;
  if (reconcileEvery > 0) {
    let reconciliation: { stop(): Promise<void> } | undefined;
    app.addHook('onReady', async () => {
      reconciliation = startReconciliation(
        {
          db: database.db,
          gateways: paymentGateways,
          sessionCache,
          log: app.log.child({ job: 'reconcile' }),
          afterPaymentInsert: overrides.afterPaymentInsert,
        },
        reconcileEvery,
      );
    });
    // preClose runs before every onClose hook: the round in flight ends before the database closes.
    app.addHook('preClose', async () => reconciliation?.stop());
  }
  registerSubscriptionRoute(app, database.db);
  if (config.appEnv !== AppEnv.PROD) {
    registerOutboxRoutes(app, database.db);
    registerStoreDevRoutes(app, database.db);
  }
  await registerSpa(app, config.staticDir);
  return app;
}
