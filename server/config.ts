/**
 * The server's environment, read once and validated. Nothing else in server/ reads process.env.
 */
import { resolve } from 'node:path';
import { z } from 'zod';
import { API_PLATFORMS, AppEnv, type ApiPlatform } from '../contract';
import { NODE_AGENT } from '../contract/nodes';

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const envSchema = z.object({
  NODE_ENV: optionalString,
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /** Loopback unless told otherwise: a bare `npm start` is not reachable from the network. */
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optionalString,
  /** PostgreSQL connections per process (node-postgres pool). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** Opening a PostgreSQL connection, or waiting for a free one, fails after this long. */
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5000),
  /** PostgreSQL cancels a statement running longer than this (statement_timeout). */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
  REDIS_URL: optionalString,
  /** Prefix of every Redis key this app writes (several apps, or test runs, can share one Redis). */
  REDIS_KEY_PREFIX: z.string().trim().min(1).max(64).default('kestrel:'),
  /** A Redis command not answered within this fails (fail fast instead of hanging the API). */
  REDIS_COMMAND_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  SMTP_URL: optionalString,
  MAIL_FROM: z.string().trim().min(1).default('Kestrel VPN <no-reply@kestrel.example>'),
  SMS_PROVIDER: optionalString,
  SEED_DEMO: optionalString,
  APP_ENV: z.enum([AppEnv.DEV, AppEnv.TEST, AppEnv.PROD]).optional(),
  STATIC_DIR: z.string().trim().min(1).default('dist/client'),
  PUBLIC_ORIGIN: optionalString,
  RSA_PRIVATE_KEY_IOS: optionalString,
  RSA_PRIVATE_KEY_ANDROID: optionalString,
  RSA_PRIVATE_KEY_MAC: optionalString,
  RSA_PRIVATE_KEY_WINDOWS: optionalString,
  /** `true`, a hop count, or a comma-separated list of proxy addresses (Fastify's trustProxy). */
  TRUST_PROXY: optionalString,
  RATE_LIMIT_API_PER_MINUTE: positiveInt(600),
  RATE_LIMIT_CODES_PER_TARGET_PER_DAY: positiveInt(10),
  RATE_LIMIT_CODES_PER_IP_PER_DAY: positiveInt(30),
  /** Password failures free per account (then backoff up to a minute, docs/accounts.md). */
  PASSWORD_FAILURES_PER_ACCOUNT: positiveInt(5),
  /** Password failures free per client IP (IPv6 /64) across accounts. */
  PASSWORD_FAILURES_PER_CLIENT: positiveInt(30),
  /**
   * The first wait once an account's or a client's free failures are spent (it doubles after
   * each failure, up to a minute). The e2e server sets a longer one: a loaded machine's round trip
   * must not outlast it, or a test meant to meet the throttle does not.
   */
  PASSWORD_FIRST_WAIT_MS: positiveInt(1000),
  /** Signature checks waiting their turn before the API answers SERVER_BUSY (server/protocol/signature-queue.ts). */
  API_SIGNATURE_QUEUE_MAX: positiveInt(2048),
  /** How long a validated session is trusted in-process (0 disables); see server/identity/session-cache.ts. */
  SESSION_CACHE_SECONDS: z.coerce.number().min(0).max(60).default(2),
  /** How long an unpaid order waits for its payment before it expires (docs/store.md). */
  ORDER_TTL_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // --- payments (server/payments, docs/payments.md) ---
  /** Signs the sandbox gateway's notifications; default: a secret generated under DATA_DIR. */
  SANDBOX_SECRET: optionalString,
  /** EPay aggregator: base URL (submit.php / api.php live under it), merchant id and key. */
  EPAY_URL: optionalString,
  EPAY_PID: optionalString,
  EPAY_KEY: optionalString,
  /** Methods the EPay merchant accepts (comma-separated among alipay, wechat, unionpay). */
  EPAY_METHODS: z.string().trim().default('alipay,wechat,unionpay'),
  /** The aggregator's refund endpoint, when it has one (e.g. https://pay.example/api.php?act=refund). */
  EPAY_REFUND_URL: optionalString,
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_API_BASE: z.string().trim().url().default('https://api.stripe.com'),
  /** Where gateways send notifications and buyers return; default: the first PUBLIC_ORIGIN. */
  PAYMENT_CALLBACK_ORIGIN: optionalString,
  /** Seconds between reconciliation rounds for pending orders; 0 turns it off (default 60, 0 in TEST). */
  RECONCILE_INTERVAL_SECONDS: z.coerce.number().int().min(0).optional(),
  /** Seconds between rounds of the crypto watcher (docs/crypto-pay.md); 0 turns it off (default 15, 0 in TEST). */
  CRYPTO_WATCH_INTERVAL_SECONDS: z.coerce.number().int().min(0).optional(),
  /** Milliseconds a chain's head block, once read, is reused by the process (default 1000, 0 in TEST). */
  CRYPTO_HEAD_TTL_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  /** Seconds a node's alive list is served before it is counted again (default 30, 0 in TEST; docs/nodes.md). */
  /** Turns on Prometheus metrics at /metrics, answered only with `Authorization: Bearer <token>`. */
  METRICS_TOKEN: optionalString,
  /** Seconds /readyz answers 503 before a stopping process stops listening (default 5 in PROD, else 0; docs/operations.md). */
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().int().min(0).max(120).optional(),
  NODE_ALIVE_LIST_SECONDS: z.coerce.number().min(0).max(60).optional(),
});

export interface Config {
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  readonly databaseUrl: string | undefined;
  readonly postgres: {
    readonly poolSize: number;
    readonly connectTimeoutMs: number;
    readonly statementTimeoutMs: number;
  };
  readonly redisUrl: string | undefined;
  readonly redisKeyPrefix: string;
  readonly redisCommandTimeoutMs: number;
  readonly smtpUrl: string | undefined;
  readonly mailFrom: string;
  readonly smsProvider: string | undefined;
  readonly seedDemo: boolean;
  readonly appEnv: AppEnv;
  readonly staticDir: string;
  /**
   * PUBLIC_ORIGIN's entries (no trailing slash): CORS allows these, and the first one is the address
   * of every link people share (server/web/site-origin.ts). Required in PROD.
   */
  readonly publicOrigins: readonly string[];
  /** PEM private keys given by the environment; missing platforms get a key pair under dataDir. */
  readonly rsaPrivateKeys: Partial<Record<ApiPlatform, string>>;
  /** Fastify's trustProxy: a flag, proxy addresses, or a hop-count predicate. */
  readonly trustProxy: boolean | string | ((address: string, hop: number) => boolean);
  readonly rateLimit: {
    readonly apiPerMinute: number;
    readonly codesPerTargetPerDay: number;
    readonly codesPerIpPerDay: number;
    readonly passwordFailuresPerAccount: number;
    readonly passwordFailuresPerClient: number;
    readonly passwordFirstWaitMs: number;
  };
  /** Signature checks that may wait in line; more answer SERVER_BUSY at once. */
  readonly signatureQueueMax: number;
  readonly sessionCacheSeconds: number;
  readonly orderTtlMinutes: number;
  readonly logLevel: string;
  readonly payments: PaymentsConfig;
  /** Seconds between crypto watcher rounds; 0: off. */
  readonly cryptoWatchIntervalSeconds: number;
  /** Milliseconds a chain's head read is reused (docs/crypto-pay.md); 0: read on every call. */
  readonly cryptoHeadTtlMs: number;
  /** Seconds nodes with the same plans share one alive list (server/nodes/node-directory.ts); 0: counted on every pull. */
  readonly nodeAliveListSeconds: number;
  /** Set: /metrics answers with this bearer token (docs/operations.md "Metrics"). */
  readonly metricsToken: string | undefined;
  /** Seconds between "not ready" and closing the listener on SIGTERM (server/main.ts). */
  readonly shutdownDrainSeconds: number;
}

export type EpayMethod = 'alipay' | 'wechat' | 'unionpay';

export interface PaymentsConfig {
  readonly sandboxSecret: string | undefined;
  /** Set when EPAY_URL, EPAY_PID and EPAY_KEY all are. */
  readonly epay:
    | {
        readonly url: string;
        readonly pid: string;
        readonly key: string;
        readonly methods: readonly EpayMethod[];
        readonly refundUrl: string | undefined;
      }
    | undefined;
  /** Set when STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET both are. */
  readonly stripe:
    | { readonly secretKey: string; readonly webhookSecret: string; readonly apiBase: string }
    | undefined;
  /** The public origin gateways call back (notify) and return buyers to; undefined: the request's own. */
  readonly callbackOrigin: string | undefined;
  readonly reconcileIntervalSeconds: number;
}

const EPAY_METHODS: readonly EpayMethod[] = ['alipay', 'wechat', 'unionpay'];

function paymentsConfig(e: z.infer<typeof envSchema>, appEnv: AppEnv): PaymentsConfig {
  const epayMethods = e.EPAY_METHODS.split(',')
    .map((m) => m.trim())
    .filter((m) => m !== '');
  const unknown = epayMethods.filter((m) => !EPAY_METHODS.includes(m as EpayMethod));
  if (unknown.length > 0)
    throw new Error(`Invalid environment: EPAY_METHODS: unknown ${unknown.join(', ')}`);
  const epayParts = [e.EPAY_URL, e.EPAY_PID, e.EPAY_KEY].filter((v) => v !== undefined).length;
  if (epayParts !== 0 && epayParts !== 3)
    throw new Error('Invalid environment: EPAY_URL, EPAY_PID and EPAY_KEY are set together');
  if ((e.STRIPE_SECRET_KEY === undefined) !== (e.STRIPE_WEBHOOK_SECRET === undefined))
    throw new Error(
      'Invalid environment: STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set together',
    );
  const callbackOrigin = (e.PAYMENT_CALLBACK_ORIGIN ?? parsePublicOrigins(e.PUBLIC_ORIGIN)[0])
    ?.trim()
    .replace(/\/+$/, '');
  return {
    sandboxSecret: e.SANDBOX_SECRET,
    epay:
      e.EPAY_URL && e.EPAY_PID && e.EPAY_KEY
        ? {
            url: e.EPAY_URL.replace(/\/+$/, ''),
            pid: e.EPAY_PID,
            key: e.EPAY_KEY,
            methods: epayMethods as EpayMethod[],
            refundUrl: e.EPAY_REFUND_URL,
          }
        : undefined,
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            apiBase: e.STRIPE_API_BASE.replace(/\/+$/, ''),
          }
        : undefined,
    callbackOrigin: callbackOrigin || undefined,
    reconcileIntervalSeconds: e.RECONCILE_INTERVAL_SECONDS ?? (appEnv === AppEnv.TEST ? 0 : 60),
  };
}

function parseTrustProxy(value: string | undefined): Config['trustProxy'] {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value;
}

/** PUBLIC_ORIGIN: comma-separated http(s) origins, each a scheme, a host and an optional port. */
function parsePublicOrigins(value: string | undefined): string[] {
  if (value === undefined) return [];
  return value
    .split(',')
    .map((entry) => entry.trim().replace(/\/+$/, ''))
    .filter((entry) => entry !== '')
    .map((entry) => {
      let url: URL | undefined;
      try {
        url = new URL(entry);
      } catch {
        url = undefined;
      }
      const bare = url && url.pathname === '/' && !url.search && !url.hash && !url.username;
      if (!url || !bare || !/^https?:$/.test(url.protocol))
        throw new Error(
          `Invalid environment: PUBLIC_ORIGIN: "${entry}" is not an origin like https://vpn.example`,
        );
      return url.origin;
    });
}

/**
 * What PROD cannot run without (docs/operations.md): the links people share name the site, and
 * e-mail codes need a mail server. SMS has no adapter yet: phone codes answer CODE_CHANNEL_UNAVAILABLE.
 */
function checkProduction(e: z.infer<typeof envSchema>, publicOrigins: readonly string[]): void {
  const missing: string[] = [];
  if (publicOrigins.length === 0)
    missing.push('PUBLIC_ORIGIN (the address in shared links, QR codes and client imports)');
  if (e.SMTP_URL === undefined)
    missing.push('SMTP_URL (the mail server that delivers sign-up and reset codes)');
  if (missing.length > 0)
    throw new Error(`Invalid environment: PROD needs ${missing.join(' and ')}`);
}

/** Multi-line PEMs are often passed with literal `\n`; accept both. */
function pem(value: string | undefined): string | undefined {
  return value?.replace(/\\n/g, '\n');
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const detail = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid environment: ${detail}`);
  }
  const e = parsed.data;
  const appEnv = e.APP_ENV ?? (e.NODE_ENV === 'production' ? AppEnv.PROD : AppEnv.DEV);
  const publicOrigins = parsePublicOrigins(e.PUBLIC_ORIGIN);
  if (appEnv === AppEnv.PROD) checkProduction(e, publicOrigins);
  const keys: Partial<Record<ApiPlatform, string>> = {};
  for (const platform of API_PLATFORMS) {
    const value = pem(e[`RSA_PRIVATE_KEY_${platform.toUpperCase()}` as keyof typeof e] as string);
    if (value) keys[platform] = value;
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    postgres: {
      poolSize: e.DATABASE_POOL_SIZE,
      connectTimeoutMs: e.DATABASE_CONNECT_TIMEOUT_MS,
      statementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
    },
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    redisCommandTimeoutMs: e.REDIS_COMMAND_TIMEOUT_MS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    smsProvider: e.SMS_PROVIDER,
    // Demo data is for trying the product out; production seeds nothing unless asked explicitly.
    seedDemo: e.SEED_DEMO === undefined ? appEnv !== AppEnv.PROD : e.SEED_DEMO !== 'false',
    appEnv,
    staticDir: resolve(e.STATIC_DIR),
    publicOrigins,
    rsaPrivateKeys: keys,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    rateLimit: {
      apiPerMinute: e.RATE_LIMIT_API_PER_MINUTE,
      codesPerTargetPerDay: e.RATE_LIMIT_CODES_PER_TARGET_PER_DAY,
      codesPerIpPerDay: e.RATE_LIMIT_CODES_PER_IP_PER_DAY,
      passwordFailuresPerAccount: e.PASSWORD_FAILURES_PER_ACCOUNT,
      passwordFailuresPerClient: e.PASSWORD_FAILURES_PER_CLIENT,
      passwordFirstWaitMs: e.PASSWORD_FIRST_WAIT_MS,
    },
    signatureQueueMax: e.API_SIGNATURE_QUEUE_MAX,
    sessionCacheSeconds: e.SESSION_CACHE_SECONDS,
    orderTtlMinutes: e.ORDER_TTL_MINUTES,
    logLevel: e.LOG_LEVEL,
    payments: paymentsConfig(e, appEnv),
    cryptoWatchIntervalSeconds:
      e.CRYPTO_WATCH_INTERVAL_SECONDS ?? (appEnv === AppEnv.TEST ? 0 : 15),
    cryptoHeadTtlMs: e.CRYPTO_HEAD_TTL_MS ?? (appEnv === AppEnv.TEST ? 0 : 1_000),
    metricsToken: e.METRICS_TOKEN,
    shutdownDrainSeconds: e.SHUTDOWN_DRAIN_SECONDS ?? (appEnv === AppEnv.PROD ? 5 : 0),
    nodeAliveListSeconds:
      e.NODE_ALIVE_LIST_SECONDS ??
      (appEnv === AppEnv.TEST ? 0 : NODE_AGENT.pullIntervalSeconds / 2),
  };
}
