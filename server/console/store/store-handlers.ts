/**
 * The store section's endpoints (contract/endpoints/console-store.ts): each one calls an operator
 * function (store-operations.ts) or a read (store-record.ts) with the signed-in staff member as the
 * actor. The guard (console-plugin.ts) has checked the session, the CSRF token, `store.manage` and,
 * for prices, promo codes and redeem batches, the step-up.
 */
import type { consoleStoreEndpoints } from '../../../contract/endpoints/console-store';
import type { HandlersOf } from '../console-handler';
import {
  addPlan,
  createCoupon,
  createRedeemCodes,
  disableRedeemCode,
  exportRedeemBatch,
  setCouponActive,
  setGroupBuySwitch,
  setGroupHours,
  setPlanActive,
  setPlanPrice,
  setSeatPrice,
  type StoreDeps,
} from './store-operations';
import {
  findRedeemCode,
  groupBuyStore,
  redeemBatches,
  storeCoupons,
  storePlans,
} from './store-record';

export function storeHandlers(deps: StoreDeps): HandlersOf<typeof consoleStoreEndpoints> {
  const { db } = deps;
  return {
    consoleStorePlans: async () => ({ plans: await storePlans(db) }),
    consoleStorePlanAdd: async (input, { actor }) => ({ plan: await addPlan(deps, actor, input) }),
    consoleStorePlanPrice: async (input, { actor }) => ({
      plan: (await setPlanPrice(deps, actor, input)).plan,
    }),
    consoleStorePlanActive: async (input, { actor }) => ({
      plan: await setPlanActive(deps, actor, input),
    }),
    consoleStoreCoupons: async () => ({ coupons: await storeCoupons(db) }),
    consoleStoreCouponCreate: async (input, { actor }) => ({
      coupon: await createCoupon(deps, actor, input),
    }),
    consoleStoreCouponActive: async (input, { actor }) => ({
      coupon: await setCouponActive(deps, actor, input),
    }),
    consoleStoreRedeemBatches: async () => ({ batches: await redeemBatches(db) }),
    // The codes stay out of the answer: the page reads them from the audited export.
    consoleStoreRedeemBatchCreate: async (input, { actor }) => ({
      batch: (await createRedeemCodes(deps, actor, input)).batch,
    }),
    consoleStoreRedeemExport: (input, { actor }) => exportRedeemBatch(deps, actor, input),
    consoleStoreRedeemCode: async (input) => ({ code: await findRedeemCode(db, input) }),
    consoleStoreRedeemDisable: (input, { actor }) => disableRedeemCode(deps, actor, input),
    consoleStoreGroupBuy: () => groupBuyStore(db),
    consoleStoreGroupPrice: async (input, { actor }) => {
      await setSeatPrice(deps, actor, input);
      return groupBuyStore(db);
    },
    consoleStoreGroupHours: async (input, { actor }) => {
      await setGroupHours(deps, actor, input);
      return groupBuyStore(db);
    },
    consoleStoreGroupEnabled: async (input, { actor }) => {
      await setGroupBuySwitch(deps, actor, input);
      return groupBuyStore(db);
    },
  };
}
