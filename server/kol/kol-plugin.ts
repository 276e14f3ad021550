/**
 * The KOL feature (docs/kol.md): its endpoints, settings and demo KOL, its dev routes, and the
 * commission it registers as a payment effect (payments/effects/payment-effects.ts).
 */
import fp from 'fastify-plugin';
import { AppEnv } from '../../contract';
import { EFFECT_RANK, registerPaymentEffect } from '../payments/effects/payment-effects';
import { kolCommissionEffect } from './kol-commission-effect';
import { registerKolDevRoutes } from './kol-dev-routes';
import { createKolHandlers } from './kol-handlers';
import { seedKolSettings } from './kol-settings';
import { seedKolDemo } from './seed-demo-kol';

export function registerKolHooks(): void {
  // After the invite reward, which skips KOLs: they earn the commission instead.
  registerPaymentEffect(kolCommissionEffect, EFFECT_RANK.inviteReward + 100);
}

export const kolPlugin = fp(async (app) => {
  const { config, db, hasher } = app.services;
  await seedKolSettings(db);
  if (config.seedDemo) await seedKolDemo(db, hasher);
  app.services.addHandlers(createKolHandlers({ db }));
  if (config.appEnv !== AppEnv.PROD) registerKolDevRoutes(app, db);
});
