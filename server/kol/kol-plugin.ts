/**
 * The KOL feature (docs/kol.md): its endpoints, settings and demo KOL, its dev routes, and the
 * commission it registers as a payment effect (payments/effects/payment-effects.ts).
 */
import fp from 'fastify-plugin';
import { AppEnv } from '../../contract';
import { EFFECT_RANK, registerPaymentEffect } from '../payments/effects/payment-effects';
import { repeatLoggedJob } from '../jobs/repeat-job';
import { repeatWhileRunning } from '../jobs/startup-jobs';
import { queueAvailableCommissionMessages } from './commission-messages';
import { kolCommissionEffect } from './kol-commission-effect';
import { registerKolDevRoutes } from './kol-dev-routes';
import { createKolHandlers } from './kol-handlers';
import { seedKolSettings } from './kol-settings';
import { seedKolDemo } from './seed-demo-kol';

/** Seconds between the rounds that tell KOLs a commission became available. */
const COMMISSION_MESSAGE_SECONDS = 600;

export function registerKolHooks(): void {
  // After the invite reward, which skips KOLs: they earn the commission instead.
  registerPaymentEffect(kolCommissionEffect, EFFECT_RANK.inviteReward + 100);
}

export const kolPlugin = fp(async (app) => {
  const { config, db, hasher } = app.services;
  await seedKolSettings(db);
  if (config.seedDemo) await seedKolDemo(db, hasher);
  app.services.addHandlers(createKolHandlers({ db }));
  repeatWhileRunning(app, {
    name: 'kol-commission-messages',
    everySeconds: app.services.repeatEverySeconds > 0 ? COMMISSION_MESSAGE_SECONDS : 0,
    start: (claim) =>
      repeatLoggedJob(
        () => queueAvailableCommissionMessages({ db, now: () => new Date() }),
        app.log.child({ job: 'kol-commission-messages' }),
        'KOL commission message round failed',
        COMMISSION_MESSAGE_SECONDS,
        claim,
      ),
  });
  if (config.appEnv !== AppEnv.PROD) registerKolDevRoutes(app, db);
});
