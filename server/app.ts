/**
 * The app factory: opens the database and keys, then registers plugins (external first), then the
 * features, then the routes. Tests call `buildApp` and use `app.inject()` or a real listener.
 */
import { join } from 'node:path';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { AppEnv, DEVICE_HEADERS, Errors, HEADER, TRACKING_HEADERS } from '../contract';
import { createAccountAreaHandlers } from './account-area/account-area-handlers';
import { seedAccountAreaDemo } from './account-area/seed-demo';
import { registerSubscriptionRoute } from './nodes/subscription-route';
import { createAccountHandlers } from './accounts/account-handlers';
import { serveAdminChannel } from './admin/admin-channel';
import { runAdmin } from './admin/cli';
import { adminCapabilities } from './admin/context';
import { createPasswordHasher, type PasswordHasher } from './accounts/password-hasher';
import {
  ACCOUNT_RULE,
  CLIENT_RULE,
  DEVICE_RULE,
  createMemoryAttemptStore,
  createPasswordThrottle,
  createRedisAttemptStore,
} from './accounts/password-throttle';
import { createDeviceTokens, deviceTokenKey } from './accounts/device-token';
import { createSessionCache } from './accounts/session-cache';
import type { Config } from './config';
import { openDatabase, type Database, type Db } from './db/database';
import { migrate } from './db/migrate';
import { seedDemoUser } from './accounts/seed-demo-user';
import { seedSettings } from './settings/seed-settings';
import {
  createMessageDelivery,
  createSmsSender,
  createSmtpMailer,
  type Mailer,
  type SmsSender,
} from './messaging/delivery';
import { registerOutboxRoutes } from './messaging/outbox-routes';
import { createNodeHandlers } from './nodes/node-handlers';
import { registerNodeDevRoutes } from './nodes/node-dev-routes';
import { registerUniProxyRoutes } from './nodes/uniproxy-routes';
import { ApiError, fail, languageOf } from './protocol/api-error';
import { registerApiRoutes } from './protocol/api-routes';
import { failure } from './protocol/envelope';
import {
  createMemoryNonceStore,
  createRedisNonceStore,
  type NonceStore,
} from './protocol/nonce-store';
import { serializeError } from './protocol/log-redaction';
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
import { createSignatureQueue } from './protocol/signature-queue';
import { loadPlatformKeys, type PlatformKeys } from './protocol/rsa-keys';
import { createConfigHandlers } from './settings/config-handlers';
import { DISPLAY_CONFIG_KEY, defaultDisplayConfig } from './settings/default-settings';
import { readSetting } from './settings/settings-store';
import { endpoints } from '../contract';
import type { PaymentGateways } from './payments/gateway';
import { registerPaymentRoutes } from './payments/payment-routes';
import { startReconciliation } from './payments/reconcile';
import { createPaymentGateways } from './payments/registry';
import {
  createCryptoModule,
  type CryptoModule,
  type CryptoOverrides,
} from './crypto/crypto-module';
import { seedDemoPlans } from './store/seed-plans';
import { seedDemoGroupPrices } from './group-buy/group-prices';
import { seedGroupBuySettings } from './group-buy/group-settings';
import { createGroupBuyHandlers } from './group-buy/group-handlers';
import { registerGroupBuyDevRoutes } from './group-buy/group-dev-routes';
import { startGroupEnding } from './group-buy/group-ending';
import { registerStoreDevRoutes } from './store/store-dev-routes';
import { createStoreHandlers } from './store/store-handlers';
import { createKolHandlers } from './kol/kol-handlers';
import { registerKolDevRoutes } from './kol/kol-dev-routes';
import { seedKolSettings } from './kol/kol-settings';
import type { PayoutNetwork } from '../contract/kol';
import { seedKolDemo } from './kol/seed-demo-kol';
import { registerDevRouteSupport } from './web/dev-routes';
import { registerSecurityHeaders } from './web/security-headers';
import { siteOriginOf } from './web/site-origin';
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
  /** Where the log goes (tests: a stream they read). */
  readonly logger?: { readonly stream: { write(line: string): void } };
  /** Runs the reconciliation job every this many seconds even where the config turns it off (tests). */
  readonly reconcileIntervalSeconds?: number;
  /** Crypto payment: other chain clients, fault injection (tests). */
  readonly crypto?: CryptoOverrides;
  /** KOL payout networks verified on other chains than their main ones (tests: the local chain). */
  readonly payoutChainIds?: Partial<Record<PayoutNetwork, number>>;
}

export interface AppState {
  readonly config: Config;
  readonly database: Database;
  readonly keys: PlatformKeys;
  readonly spaBuilt: boolean;
  /** True when this start created the demo user. */
  readonly demoSeeded: boolean;
  /** Other modules verify on-chain transfers through it (docs/crypto-pay.md). */
  readonly crypto: Pick<CryptoModule, 'verifyTokenTransfer'>;
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
    // Errors are logged without the values of the statement that failed (log-redaction.ts).
    logger: { level: config.logLevel, serializers: { err: serializeError }, ...overrides.logger },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  });

  const keys = await loadPlatformKeys(config.dataDir, config.rsaPrivateKeys);
  // Before the database opens: a gateway misconfiguration stops the start with nothing to clean up.
  const paymentGateways = overrides.paymentGateways ?? (await createPaymentGateways(config));
  const database = await openDatabase(config.databaseUrl, config.dataDir, 'server', {
    ...config.postgres,
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
      account: { ...ACCOUNT_RULE, free: config.rateLimit.passwordFailuresPerAccount },
      client: { ...CLIENT_RULE, free: config.rateLimit.passwordFailuresPerClient },
      device: { ...DEVICE_RULE, free: config.rateLimit.passwordFailuresPerAccount },
    },
  );
  const deviceTokens = createDeviceTokens(deviceTokenKey(keys.ios.privateKey), overrides.now);
  const hasher = overrides.hasher ?? createPasswordHasher();
  const mailer =
    overrides.mailer ??
    (config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.mailFrom) : undefined);
  const sms = overrides.sms ?? createSmsSender(config.smsProvider);
  app.addHook('onClose', async () => {
    await nonces.close();
    memoryCounter.close();
    mailer?.close?.();
    redis?.disconnect();
    await database.close();
  });

  let demoSeeded = false;
  try {
    await migrate(database.db);
    await seedSettings(database.db);
    await seedKolSettings(database.db);
    await seedGroupBuySettings(database.db);
    if (config.seedDemo) {
      demoSeeded = await seedDemoUser(database.db, hasher);
      await seedDemoPlans(database.db);
      await seedDemoGroupPrices(database.db);
      await seedAccountAreaDemo(database.db);
      await seedKolDemo(database.db, hasher);
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
  const sessionCache = createSessionCache(config.sessionCacheSeconds * 1000);
  const crypto = createCryptoModule({
    db: database.db,
    sessionCache,
    orderTtlMinutes: config.orderTtlMinutes,
    headTtlMs: config.cryptoHeadTtlMs,
    log: app.log,
    overrides: overrides.crypto,
  });
  app.decorate('kestrel', {
    config,
    database,
    keys,
    spaBuilt: spaIsBuilt(config.staticDir),
    demoSeeded,
    crypto,
  });

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
    if (!request.url.startsWith('/v4/') && status !== undefined && status >= 400 && status < 500) {
      // Outside the API a client error keeps its status, without an envelope: a directory such as
      // `/assets/` (403 from the static files) is simply not found.
      const notFound = status === 403 || status === 404;
      return reply
        .code(notFound ? 404 : status)
        .type('text/plain; charset=utf-8')
        .send(notFound ? 'Not found' : 'Bad request');
    }
    const apiError = toApiError(error);
    if (apiError.code === Errors.INTERNAL.code) request.log.error({ err: error }, 'request failed');
    // Never a stack or an internal message: the envelope holds only catalogue text.
    return reply
      .code(apiError.httpStatus)
      .header('cache-control', 'no-store')
      .send(failure(apiError.code, languageOf(request.headers[HEADER.language]), apiError.data));
  });

  // --- features and routes ---
  // Shared links name PUBLIC_ORIGIN, else the address this server listens on (never the Host header).
  const siteOrigin = siteOriginOf(config, () =>
    app.server.listening ? app.server.address() : null,
  );
  const delivery = createMessageDelivery({ appEnv: config.appEnv, db: database.db, mailer, sms });
  registerPublicKeysRoute(app, keys);
  registerApiRoutes(app, {
    db: database.db,
    keys,
    nonces,
    appEnv: config.appEnv,
    now: overrides.now ?? Date.now,
    sessionCache,
    signatureQueue: createSignatureQueue(config.signatureQueueMax),
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
        passwordThrottle,
        deviceTokens,
      }),
      ...createConfigHandlers(database.db),
      ...createAccountAreaHandlers({
        db: database.db,
        sessionCache,
        siteOrigin,
      }),
      ...createKolHandlers({ db: database.db }),
      ...createStoreHandlers({
        db: database.db,
        gateways: paymentGateways,
        sessionCache,
        orderTtlMinutes: config.orderTtlMinutes,
        returnUrl: (orderNo) =>
          `${config.payments.callbackOrigin ?? ''}/purchased?orderId=${encodeURIComponent(orderNo)}`,
        logError: (error, message) => app.log.error({ err: error }, message),
      }),
      ...createGroupBuyHandlers({
        db: database.db,
        gateways: paymentGateways,
        sessionCache,
        orderTtlMinutes: config.orderTtlMinutes,
        inviteLink: (token) => `${siteOrigin()}/group-buying?group=${token}`,
        returnUrl: (token, orderNo) =>
          `${config.payments.callbackOrigin ?? ''}/group-buying?group=${token}&orderId=${encodeURIComponent(orderNo)}`,
        logError: (error, message) => app.log.error({ err: error }, message),
      }),
      ...createNodeHandlers({ db: database.db, sessionCache }),
      ...crypto.handlers,
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
    let groupEnding: { stop(): Promise<void> } | undefined;
    app.addHook('onReady', async () => {
      groupEnding = startGroupEnding(
        {
          db: database.db,
          gateways: paymentGateways,
          sessionCache,
          log: app.log.child({ job: 'group-ending' }),
        },
        reconcileEvery,
      );
    });
    app.addHook('preClose', async () => groupEnding?.stop());
  }
  if (database.directory) {
    // PGlite is this process's alone: operator commands come to it (npm run admin, issue 11 item 7).
    const capabilities = adminCapabilities({
      db: database.db,
      gateways: async () => paymentGateways,
      sessionCache,
      verifyTokenTransfer: crypto.verifyTokenTransfer,
      ...(overrides.payoutChainIds ? { payoutChainIds: overrides.payoutChainIds } : {}),
    });
    const channel = await serveAdminChannel(
      config.dataDir,
      (argv, io) => runAdmin(argv, { io, openDb: async () => database.db, ...capabilities }),
      app.log.child({ channel: 'admin' }),
    ).catch(async (error: unknown) => {
      await app.close();
      throw error;
    });
    app.addHook('preClose', () => channel.close());
  }
  const watchEvery = config.cryptoWatchIntervalSeconds;
  if (watchEvery > 0) {
    let watcher: { stop(): Promise<void> } | undefined;
    app.addHook('onReady', async () => {
      watcher = crypto.startWatcher(watchEvery);
    });
    app.addHook('preClose', async () => watcher?.stop());
  }
  registerSubscriptionRoute(app, database.db);
  registerUniProxyRoutes(app, database.db);
  if (config.appEnv !== AppEnv.PROD) {
    registerOutboxRoutes(app, database.db);
    registerStoreDevRoutes(app, database.db);
    registerNodeDevRoutes(app, database.db);
    registerKolDevRoutes(app, database.db);
    registerGroupBuyDevRoutes(app, { db: database.db, gateways: paymentGateways, sessionCache });
  }
  await registerSpa(app, config.staticDir, {
    sourceMaps: config.appEnv !== AppEnv.PROD,
    siteOrigin: config.publicOrigins[0],
  });
  return app;
}
