/**
 * The app factory: the core plugin (keys, database, Redis, sessions, messaging, the core's endpoints
 * and payments), then one plugin per feature, then the API routes (every handler added by then), the
 * admin channel and the SPA. The features' hooks are registered first (server/features.ts). Tests
 * call `buildApp` and use `app.inject()` or a real listener. docs/architecture.md.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import type { PayoutNetwork } from '../contract/kol';
import { accountAreaPlugin } from './account-area/account-area-plugin';
import { adminPlugin } from './admin/admin-plugin';
import { chainPayoutVerifier } from './admin/chain-payout-verifier';
import type { Config } from './config';
import { consolePlugin } from './console/console-plugin';
import { apiRoutesPlugin, corePlugin, spaPlugin, type CoreOverrides } from './core-plugin';
import type { CryptoModule, CryptoOverrides } from './crypto/crypto-module';
import { cryptoPlugin } from './crypto/crypto-plugin';
import type { Database } from './db/database';
import { registerFeatureHooks } from './features';
import { groupBuyPlugin } from './group-buy/group-buy-plugin';
import { kolPlugin } from './kol/kol-plugin';
import { nodesPlugin } from './nodes/nodes-plugin';
import { noticesPlugin } from './notices/notices-plugin';
import { serializeError } from './protocol/log-redaction';
import type { PlatformKeys } from './protocol/rsa-keys';
import { spaIsBuilt } from './web/spa-static';

export interface AppOverrides extends CoreOverrides {
  /** Where the log goes (tests: a stream they read). */
  readonly logger?: { readonly stream: { write(line: string): void } };
  /** Crypto payment: other chain clients, fault injection (tests). */
  readonly crypto?: CryptoOverrides;
  /** KOL payout networks verified on other chains than their main ones (tests: the local chain). */
  readonly payoutChainIds?: Partial<Record<PayoutNetwork, number>>;
  /** The staff console's clock: session expiry, TOTP steps, audit times (tests move it). */
  readonly consoleNow?: () => number;
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

export async function buildApp(
  config: Config,
  overrides: AppOverrides = {},
): Promise<FastifyInstance> {
  registerFeatureHooks();
  const app = Fastify({
    // Errors are logged without the values of the statement that failed (log-redaction.ts).
    logger: { level: config.logLevel, serializers: { err: serializeError }, ...overrides.logger },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // The core plugin migrates and seeds the database before it resolves: no start-up deadline, as
    // before the plugins (a slow first migration must not fail the start).
    pluginTimeout: 0,
  });
  try {
    await app.register(corePlugin, { config, overrides });
    // Feature plugins, in the order their seeds run.
    await app.register(groupBuyPlugin);
    await app.register(accountAreaPlugin);
    await app.register(kolPlugin);
    await app.register(nodesPlugin);
    await app.register(cryptoPlugin, { overrides: overrides.crypto });
    // Announcements are live by the console's clock: an operator's start and end and a member's view
    // share it (tests move it).
    await app.register(noticesPlugin, { now: overrides.consoleNow });
    // The staff console (issue 21): encapsulated, its error handler and headers are its own.
    await app.register(consolePlugin, {
      passwordThrottle: app.core.passwordThrottle,
      totpSealer: app.core.totpSealer,
      now: overrides.consoleNow,
      payoutVerifier: chainPayoutVerifier({
        db: app.core.database.db,
        verifyTokenTransfer: app.cryptoModule.verifyTokenTransfer,
        ...(overrides.payoutChainIds ? { chainIds: overrides.payoutChainIds } : {}),
      }),
    });
    await app.register(apiRoutesPlugin, { now: overrides.now });
    const { database, keys, demoSeeded } = app.core;
    await app.register(adminPlugin, {
      database,
      verifyTokenTransfer: app.cryptoModule.verifyTokenTransfer,
      payoutChainIds: overrides.payoutChainIds,
    });
    await app.register(spaPlugin);
    app.decorate('kestrel', {
      config,
      database,
      keys,
      spaBuilt: spaIsBuilt(config.staticDir),
      demoSeeded,
      crypto: app.cryptoModule,
    });
  } catch (error) {
    await app.close();
    throw error;
  }
  return app;
}
