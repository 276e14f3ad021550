/**
 * What the core plugin (server/core-plugin.ts) opens once and every feature plugin uses: the
 * database, the payment gateways, the session cache, the password hasher, the site's origin, and
 * the API handler map a feature adds its endpoints to. The API routes are registered after every
 * feature plugin (server/app.ts), so the map is complete before any route answers.
 */
import type { PasswordHasher } from '../identity/password-hasher';
import type { SessionCache } from '../identity/session-cache';
import type { Config } from '../config';
import type { Db } from '../db/database';
import type { PaymentGateways } from '../gateways/gateway';
import type { Handlers } from './api-context';

export interface AppServices {
  readonly config: Config;
  readonly db: Db;
  readonly gateways: PaymentGateways;
  readonly sessionCache: SessionCache;
  readonly hasher: PasswordHasher;
  /** Shared links name PUBLIC_ORIGIN, else the address this server listens on (never the Host header). */
  readonly siteOrigin: () => string;
  /** Every repeated job's interval (the reconciliation's; 0: no repeated jobs), tests may force one. */
  readonly repeatEverySeconds: number;
  /** The handlers of every endpoint, filled by the plugins before the API routes are registered. */
  readonly handlers: Handlers;
  addHandlers(handlers: Handlers): void;
  /** Logs a failure the caller answers for itself (a gateway refusing to create a payment). */
  logError(error: unknown, message: string): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: AppServices;
  }
}
