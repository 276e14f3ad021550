/**
 * The group-buy feature (docs/group-buy.md): its endpoints, settings and demo prices, the job that
 * ends groups, its dev routes, and the hooks it registers with the core: the seat a group order
 * holds is released when the order closes unpaid (store/order-lifecycle.ts), the seat's payment
 * effect, and the group-buy offer of the shop (store/checkout-offers.ts).
 */
import fp from 'fastify-plugin';
import { AppEnv } from '../../contract';
import { repeatWhileRunning } from '../jobs/startup-jobs';
import { EFFECT_RANK, registerPaymentEffect } from '../payments/effects/payment-effects';
import { registerCheckoutOffers } from '../store/checkout-offers';
import { registerOrderLifecycle } from '../store/order-lifecycle';
import { registerGroupBuyDevRoutes } from './group-dev-routes';
import { startGroupEnding } from './group-ending';
import { createGroupBuyHandlers } from './group-handlers';
import { seedDemoGroupPrices } from './group-prices';
import { groupSeatEffect } from './group-seat-effect';
import { readGroupBuySettings, seedGroupBuySettings } from './group-settings';
import { releaseOrderSeat } from './groups';

export function registerGroupBuyHooks(): void {
  registerOrderLifecycle({
    name: 'groupSeat',
    closed: (tx, { orderId, now }) => releaseOrderSeat(tx, orderId, now),
  });
  // Between the membership and the invite reward (payments/effects/payment-effects.ts).
  registerPaymentEffect(groupSeatEffect, (EFFECT_RANK.membership + EFFECT_RANK.inviteReward) / 2);
  registerCheckoutOffers({
    name: 'groupBuy',
    offers: async (db, display) => ({
      groupBuy: {
        enabled: display.features.groupBuy,
        hours: (await readGroupBuySettings(db)).hours,
      },
    }),
  });
}

export const groupBuyPlugin = fp(async (app) => {
  const { config, db, gateways, sessionCache, siteOrigin } = app.services;
  await seedGroupBuySettings(db);
  if (config.seedDemo) await seedDemoGroupPrices(db);
  app.services.addHandlers(
    createGroupBuyHandlers({
      db,
      gateways,
      sessionCache,
      orderTtlMinutes: config.orderTtlMinutes,
      inviteLink: (token) => `${siteOrigin()}/group-buying?group=${token}`,
      returnUrl: (token, orderNo) =>
        `${config.payments.callbackOrigin ?? ''}/group-buying?group=${token}&orderId=${encodeURIComponent(orderNo)}`,
      logError: app.services.logError,
    }),
  );
  repeatWhileRunning(app, {
    name: 'group-ending',
    everySeconds: app.services.repeatEverySeconds,
    start: (claim) =>
      startGroupEnding(
        { db, gateways, sessionCache, log: app.log.child({ job: 'group-ending' }) },
        app.services.repeatEverySeconds,
        claim,
      ),
  });
  if (config.appEnv !== AppEnv.PROD) registerGroupBuyDevRoutes(app, { db, gateways, sessionCache });
});
