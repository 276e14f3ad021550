/**
 * Crypto payment (docs/crypto-pay.md): the crypto module with its endpoints and chain watcher, and
 * the offer it registers with the shop (store/checkout-offers.ts). The module is kept on the app
 * (`app.cryptoModule`): other modules verify on-chain transfers through it.
 */
import fp from 'fastify-plugin';
import { repeatWhileRunning } from '../jobs/startup-jobs';
import { registerCheckoutOffers } from '../store/checkout-offers';
import { cryptoOffered } from './crypto-config';
import { createCryptoModule, type CryptoModule, type CryptoOverrides } from './crypto-module';

declare module 'fastify' {
  interface FastifyInstance {
    cryptoModule: CryptoModule;
  }
}

export function registerCryptoHooks(): void {
  registerCheckoutOffers({
    name: 'cryptoPay',
    offers: async (db) => ({ cryptoPay: await cryptoOffered(db) }),
  });
}

export const cryptoPlugin = fp<{ overrides?: CryptoOverrides }>(async (app, options) => {
  const { config, db, sessionCache } = app.services;
  const crypto = createCryptoModule({
    db,
    sessionCache,
    orderTtlMinutes: config.orderTtlMinutes,
    headTtlMs: config.cryptoHeadTtlMs,
    log: app.log,
    overrides: options.overrides,
  });
  app.decorate('cryptoModule', crypto);
  app.services.addHandlers(crypto.handlers);
  repeatWhileRunning(app, {
    name: 'crypto-watcher',
    everySeconds: config.cryptoWatchIntervalSeconds,
    start: (claim) => crypto.startWatcher(config.cryptoWatchIntervalSeconds, claim),
  });
});
