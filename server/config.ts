/**
 * The server's environment, read once and validated. Nothing else in server/ reads process.env.
 */
import { resolve } from 'node:path';
import { z } from 'zod';
import { API_PLATFORMS, AppEnv, type ApiPlatform } from '../contract';

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const envSchema = z.object({
  NODE_ENV: optionalString,
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optionalString,
  REDIS_URL: optionalString,
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
  /** How long a validated session is trusted in-process (0 disables); see server/accounts/session-cache.ts. */
  SESSION_CACHE_SECONDS: z.coerce.number().min(0).max(60).default(2),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export interface Config {
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  readonly databaseUrl: string | undefined;
  readonly redisUrl: string | undefined;
  readonly smtpUrl: string | undefined;
  readonly mailFrom: string;
  readonly smsProvider: string | undefined;
  readonly seedDemo: boolean;
  readonly appEnv: AppEnv;
  readonly staticDir: string;
  readonly publicOrigin: string | undefined;
  /** PEM private keys given by the environment; missing platforms get a key pair under dataDir. */
  readonly rsaPrivateKeys: Partial<Record<ApiPlatform, string>>;
  /** Fastify's trustProxy: a flag, proxy addresses, or a hop-count predicate. */
  readonly trustProxy: boolean | string | ((address: string, hop: number) => boolean);
  readonly rateLimit: {
    readonly apiPerMinute: number;
    readonly codesPerTargetPerDay: number;
    readonly codesPerIpPerDay: number;
  };
  readonly sessionCacheSeconds: number;
  readonly logLevel: string;
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
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    smsProvider: e.SMS_PROVIDER,
    // Demo data is for trying the product out; production seeds nothing unless asked explicitly.
    seedDemo: e.SEED_DEMO === undefined ? appEnv !== AppEnv.PROD : e.SEED_DEMO !== 'false',
    appEnv,
    staticDir: resolve(e.STATIC_DIR),
    publicOrigin: e.PUBLIC_ORIGIN,
    rsaPrivateKeys: keys,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    rateLimit: {
      apiPerMinute: e.RATE_LIMIT_API_PER_MINUTE,
      codesPerTargetPerDay: e.RATE_LIMIT_CODES_PER_TARGET_PER_DAY,
      codesPerIpPerDay: e.RATE_LIMIT_CODES_PER_IP_PER_DAY,
    },
    sessionCacheSeconds: e.SESSION_CACHE_SECONDS,
    logLevel: e.LOG_LEVEL,
  };
}
