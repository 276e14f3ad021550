/**
 * The store endpoints: goods list, promo code check, purchase (order + hand-off to the gateway),
 * orders, cancel, redeem code, free trial. Rules and decisions: docs/store.md.
 */
import { and, eq } from 'drizzle-orm';
import { Errors, type ApiLanguage } from '../../contract';
import { isAppDeviceId } from '../accounts/account-identifiers';
import type { SessionCache } from '../identity/session-cache';
import { isUniqueViolation, type Db } from '../db/database';
import { orders, type Currency, type PaymentMethod } from '../db/schema';
import type { Gateway, PaymentGateways } from '../gateways/gateway';
import { fail } from '../protocol/api-error';
import { requireAuth, type Handlers } from '../protocol/api-context';
import { storedDisplayConfig } from '../settings/default-settings';
import {
  activeUsesBy,
  evaluateCoupon,
  findCoupon,
  normaliseCouponCode,
  reserveCouponUse,
  type CouponRow,
} from './coupons';
import { checkoutOffers } from './checkout-offers';
import { startFreeTrial, trialRefusal } from './free-trial';
import {
  closeExpiredOrders,
  closeOrder,
  insertPendingOrder,
  planTermsOf,
  listOrders,
  orderView,
  type OrderRow,
} from './orders';
import { findPlan, listPlans, priceIn, toGoods, type PlanWithPrices } from './plans';
import { handOrderToGateway } from './gateway-hand-off';
import { redeemCode } from './redeem-codes';

export interface StoreDeps {
  readonly db: Db;
  readonly gateways: PaymentGateways;
  readonly sessionCache: SessionCache;
  readonly orderTtlMinutes: number;
  /** Where the gateway sends the buyer back: `${origin}/purchased?orderId=${orderNo}`. */
  readonly returnUrl: (orderNo: string) => string;
  /** Reports a gateway failure (the caller only sees GATEWAY_UNAVAILABLE). */
  readonly logError?: (error: unknown, message: string) => void;
  readonly now?: () => Date;
}

/** How long a repeated purchase waits for the first one's gateway hand-off to finish. */
export const HANDOFF_WAIT_MS = 15_000;
const HANDOFF_POLL_MS = 100;
const ORDER_NO_ATTEMPTS = 3;

interface PurchaseParams {
  productId: number;
  method: PaymentMethod;
  currency: Currency;
  couponCode?: string | undefined;
  idempotencyKey: string;
}

interface PurchaseAnswer {
  orderId: string;
  payUrl: string;
  expiresAt: string;
  total: { amount: number; currency: Currency };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createStoreHandlers(deps: StoreDeps): Handlers {
  const { db, gateways, sessionCache } = deps;
  const clock = deps.now ?? (() => new Date());

  const displayConfig = () => storedDisplayConfig(db);

  async function planForSale(productId: number, currency: Currency) {
    const plan = await findPlan(db, productId);
    if (!plan || !plan.active || plan.prices.length === 0) throw fail('INVALID_PRODUCT_ID');
    const subtotal = priceIn(plan, currency);
    if (subtotal === undefined) throw fail('CURRENCY_UNAVAILABLE');
    return { plan, subtotal };
  }

  async function findByKey(userId: number, key: string) {
    const [found] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)));
    return found;
  }

  function purchaseAnswer(row: OrderRow): PurchaseAnswer {
    return {
      orderId: row.orderNo,
      // A paid order has nothing left to pay: the buyer goes straight to the result page.
      payUrl: row.status === 'paid' ? deps.returnUrl(row.orderNo) : row.payUrl!,
      expiresAt: row.expiresAt.toISOString(),
      total: { amount: row.total, currency: row.currency },
    };
  }

  /** The same key again: the same order if the params match, whatever state the first call left. */
  async function answerRepeat(
    found: OrderRow,
    params: PurchaseParams,
    couponCode: string | null,
  ): Promise<PurchaseAnswer> {
    const [withCoupon] = await listOrders(db, found.userId, { orderNo: found.orderNo, limit: 1 });
    const same =
      found.planId === params.productId &&
      found.method === params.method &&
      found.currency === params.currency &&
      (withCoupon?.couponCode ?? null) === couponCode;
    if (!same) throw fail('IDEMPOTENCY_KEY_REUSED');
    let row = found;
    const deadline = Date.now() + HANDOFF_WAIT_MS;
    // The first call may still be talking to the gateway.
    while (row.status === 'pending' && row.payUrl === null && Date.now() < deadline) {
      await sleep(HANDOFF_POLL_MS);
      row = (await findByKey(found.userId, found.idempotencyKey)) ?? row;
    }
    if (row.status === 'pending' && row.expiresAt.getTime() <= clock().getTime()) {
      await closeOrder(db, row.id, 'expired', clock());
      throw fail('ORDER_EXPIRED');
    }
    if (row.status === 'paid') return purchaseAnswer(row);
    if (row.status === 'pending' && row.payUrl !== null) return purchaseAnswer(row);
    if (row.status === 'pending' || (row.status === 'failed' && row.payUrl === null))
      throw fail('GATEWAY_UNAVAILABLE');
    if (row.status === 'expired') throw fail('ORDER_EXPIRED');
    throw fail('ORDER_CLOSED');
  }

  /** Inserts the pending order and reserves the coupon use, in one transaction. */
  async function insertOrder(
    userId: number,
    params: PurchaseParams,
    plan: PlanWithPrices,
    subtotal: number,
    discount: number,
    coupon: CouponRow | undefined,
    gateway: Gateway,
    now: Date,
  ): Promise<OrderRow> {
    const expiresAt = new Date(now.getTime() + deps.orderTtlMinutes * 60_000);
    return db.transaction(async (tx) => {
      const row = await insertPendingOrder(
        tx,
        {
          userId,
          idempotencyKey: params.idempotencyKey,
          ...planTermsOf(plan),
          method: params.method,
          gateway: gateway.name,
          currency: params.currency,
          subtotal,
          discount,
          total: subtotal - discount,
          couponId: coupon?.id ?? null,
          expiresAt,
        },
        now,
      );
      if (coupon) {
        const refused = await reserveCouponUse(tx, coupon, userId, row.id);
        if (refused) throw fail(refused);
      }
      return row;
    });
  }

  async function handOff(
    row: OrderRow,
    method: PaymentMethod,
    gateway: Gateway,
    language: ApiLanguage,
  ): Promise<PurchaseAnswer> {
    const updated = await handOrderToGateway(db, row, gateway, {
      method,
      language,
      returnUrl: deps.returnUrl(row.orderNo),
      what: 'order',
      logError: deps.logError,
      clock,
    });
    return purchaseAnswer(updated);
  }

  async function ordersOf(userId: number, language: ApiLanguage, orderNo?: string) {
    await closeExpiredOrders(db, clock(), { userId });
    const rows = await listOrders(db, userId, orderNo === undefined ? {} : { orderNo });
    return rows.map((r) => orderView(r.row, r.couponCode, language));
  }

  return {
    async paymentShop(params, context) {
      const display = await displayConfig();
      const plans = await listPlans(db, {
        activeOnly: true,
        ...(params.groupType ? { groupType: params.groupType } : {}),
      });
      const now = clock();
      const user = context.auth?.user;
      const active = user?.expireTime != null && user.expireTime.getTime() > now.getTime();
      return {
        goods: plans.filter((p) => p.prices.length > 0).map(toGoods),
        methods: gateways.methods(),
        ...(await checkoutOffers(db, display)),
        conversionPercent: display.liteToStandardPercent,
        membership: user
          ? {
              planType:
                active && (user.planType === 1 || user.planType === 2) ? user.planType : null,
              expireTime: user.expireTime?.toISOString() ?? null,
            }
          : null,
        serverTime: now.toISOString(),
      };
    },

    async paymentCoupon(params, context) {
      const { user } = requireAuth(context);
      const { plan, subtotal } = await planForSale(params.productId, params.currency);
      const coupon = await findCoupon(db, params.code);
      if (!coupon) throw fail('COUPON_INVALID');
      const verdict = evaluateCoupon(
        coupon,
        { planId: plan.id, currency: params.currency, subtotal },
        clock(),
      );
      if (!verdict.ok) throw fail(verdict.error);
      if ((await activeUsesBy(db, coupon.id, user.id)) >= coupon.perUserLimit)
        throw fail('COUPON_USER_LIMIT');
      const money = (amount: number) => ({ amount, currency: params.currency });
      return {
        code: coupon.code,
        subtotal: money(subtotal),
        discount: money(verdict.discount),
        total: money(subtotal - verdict.discount),
      };
    },

    async paymentPurchase(params, context) {
      const { user } = requireAuth(context);
      const couponCode =
        params.couponCode === undefined ? null : normaliseCouponCode(params.couponCode);
      const repeat = await findByKey(user.id, params.idempotencyKey);
      if (repeat) return answerRepeat(repeat, params, couponCode);

      const now = clock();
      await closeExpiredOrders(db, now, { userId: user.id });
      const { plan, subtotal } = await planForSale(params.productId, params.currency);
      const gateway = gateways.forMethod(params.method);
      if (!gateway) throw fail('PAYMENT_METHOD_UNAVAILABLE');
      let coupon: CouponRow | undefined;
      let discount = 0;
      if (couponCode !== null) {
        coupon = await findCoupon(db, couponCode);
        if (!coupon) throw fail('COUPON_INVALID');
        const verdict = evaluateCoupon(
          coupon,
          { planId: plan.id, currency: params.currency, subtotal },
          now,
        );
        if (!verdict.ok) throw fail(verdict.error);
        discount = verdict.discount;
      }

      let row: OrderRow | undefined;
      for (let attempt = 1; row === undefined; attempt += 1) {
        try {
          row = await insertOrder(user.id, params, plan, subtotal, discount, coupon, gateway, now);
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
          // The same key from a parallel call won: answer as its repeat.
          const first = await findByKey(user.id, params.idempotencyKey);
          if (first) return answerRepeat(first, params, couponCode);
          // Otherwise an order number collided (10 random symbols): draw another.
          if (attempt >= ORDER_NO_ATTEMPTS) throw error;
        }
      }
      return handOff(row, params.method, gateway, context.language);
    },

    async paymentOrder(params, context) {
      const { user } = requireAuth(context);
      const list = await ordersOf(user.id, context.language, params.orderId);
      if (params.orderId !== undefined && list.length === 0) throw fail('ORDER_NOT_FOUND');
      return { orders: list, serverTime: clock().toISOString() };
    },

    async paymentOrderCancel(params, context) {
      const { user } = requireAuth(context);
      const now = clock();
      await closeExpiredOrders(db, now, { userId: user.id });
      const [found] = await listOrders(db, user.id, { orderNo: params.orderId, limit: 1 });
      if (!found) throw fail('ORDER_NOT_FOUND');
      // Closed unpaid already (cancelled, expired, failed): cancelling again changes nothing.
      if (found.row.status === 'pending') await closeOrder(db, found.row.id, 'cancelled', now);
      const [after] = await listOrders(db, user.id, { orderNo: params.orderId, limit: 1 });
      if (after!.row.status === 'paid' || after!.row.status === 'refunded')
        throw fail('ORDER_NOT_CANCELLABLE');
      return { order: orderView(after!.row, after!.couponCode, context.language) };
    },

    async systemRedeemCode(params, context) {
      const { user } = requireAuth(context);
      const display = await displayConfig();
      const { outcome } = await redeemCode(
        db,
        user.id,
        params.code,
        display.liteToStandardPercent,
        clock(),
      );
      sessionCache.forgetUser(user.id);
      return {
        planType: outcome.planType,
        expireTime: outcome.expireTime.toISOString(),
        addedSeconds: outcome.addedSeconds,
      };
    },

    async systemFreeTrialStatus(_params, context) {
      const { user } = requireAuth(context);
      const deviceId = isAppDeviceId(context.deviceId) ? context.deviceId : null;
      const refusal = await trialRefusal(db, user.id, deviceId);
      return { refusal: refusal === null ? null : Errors[refusal].code };
    },

    async systemFreeTrial(_params, context) {
      const { user } = requireAuth(context);
      const display = await displayConfig();
      const outcome = await startFreeTrial(
        db,
        {
          userId: user.id,
          deviceId: context.deviceId,
          trialMinutes: display.trialMinutes,
          conversionPercent: display.liteToStandardPercent,
        },
        clock(),
      );
      sessionCache.forgetUser(user.id);
      return { planType: 1 as const, expireTime: outcome.expireTime.toISOString() };
    },
  };
}
