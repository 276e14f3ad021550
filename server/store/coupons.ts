/**
 * Promo codes (docs/store.md). `payment_coupon` only checks; `payment_purchase` reserves one use in
 * the order's transaction with a guarded UPDATE (the total cap) under the buyer's row lock (the
 * per-user limit); closing an unpaid order releases the use, exactly once.
 */
import { and, count, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { ErrorKey } from '../../contract';
import type { Db } from '../db/database';
import { couponRedemptions, coupons, type Currency } from '../db/schema';

export type CouponRow = typeof coupons.$inferSelect;

/** Codes are stored upper-case; input is upper-cased with every space removed. */
export function normaliseCouponCode(input: string): string {
  return input.trim().replace(/\s+/g, '').toUpperCase();
}

export interface CouponTarget {
  readonly planId: number;
  readonly currency: Currency;
  /** The plan's price in `currency`, minor units. */
  readonly subtotal: number;
}

export type CouponVerdict =
  | { readonly ok: true; readonly discount: number }
  | { readonly ok: false; readonly error: ErrorKey };

/**
 * The rules that need no count: active, validity window, plan, currency; then the discount, rounded
 * down to a whole minor unit and never leaving less than 1 minor unit to pay.
 */
export function evaluateCoupon(coupon: CouponRow, target: CouponTarget, now: Date): CouponVerdict {
  if (!coupon.active) return { ok: false, error: 'COUPON_INVALID' };
  if (coupon.startsAt && coupon.startsAt.getTime() > now.getTime())
    return { ok: false, error: 'COUPON_NOT_STARTED' };
  if (coupon.endsAt && coupon.endsAt.getTime() <= now.getTime())
    return { ok: false, error: 'COUPON_EXPIRED' };
  if (coupon.planIds && !coupon.planIds.includes(target.planId))
    return { ok: false, error: 'COUPON_NOT_FOR_PLAN' };
  if (coupon.kind === 'fixed' && coupon.currency !== target.currency)
    return { ok: false, error: 'COUPON_WRONG_CURRENCY' };
  if (coupon.maxUses !== null && coupon.usedCount >= coupon.maxUses)
    return { ok: false, error: 'COUPON_USED_UP' };
  const raw =
    coupon.kind === 'percent'
      ? Math.floor((target.subtotal * (coupon.percentOff ?? 0)) / 100)
      : (coupon.amountOff ?? 0);
  const discount = Math.max(0, Math.min(raw, target.subtotal - 1));
  return { ok: true, discount };
}

export async function findCoupon(db: Db, code: string): Promise<CouponRow | undefined> {
  const [row] = await db
    .select()
    .from(coupons)
    .where(eq(coupons.code, normaliseCouponCode(code)));
  return row;
}

/** Uses of the coupon by the user that still count: orders not closed unpaid. */
export async function activeUsesBy(db: Db, couponId: number, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(couponRedemptions)
    .where(
      and(
        eq(couponRedemptions.couponId, couponId),
        eq(couponRedemptions.userId, userId),
        isNull(couponRedemptions.releasedAt),
      ),
    );
  return row?.n ?? 0;
}

/**
 * Counts one more use of the coupon with a guarded UPDATE, unless its total cap is reached (or
 * `also`, when given, does not hold). Returns whether the use was taken.
 */
async function takeCouponUse(tx: Db, couponId: number, also?: SQL): Promise<boolean> {
  const taken = await tx
    .update(coupons)
    .set({ usedCount: sql`${coupons.usedCount} + 1` })
    .where(
      and(
        eq(coupons.id, couponId),
        also,
        sql`(${coupons.maxUses} IS NULL OR ${coupons.usedCount} < ${coupons.maxUses})`,
      ),
    )
    .returning({ id: coupons.id });
  return taken.length > 0;
}

/**
 * Takes one use of the coupon for an order. Must run in the order's transaction, after the buyer's
 * row is locked (so one user's parallel purchases see each other's uses). Returns the error when the
 * code may not be used; the caller rolls back.
 */
export async function reserveCouponUse(
  tx: Db,
  coupon: CouponRow,
  userId: number,
  orderId: number,
): Promise<ErrorKey | null> {
  if ((await activeUsesBy(tx, coupon.id, userId)) >= coupon.perUserLimit)
    return 'COUPON_USER_LIMIT';
  if (!(await takeCouponUse(tx, coupon.id, eq(coupons.active, true)))) return 'COUPON_USED_UP';
  await tx.insert(couponRedemptions).values({ couponId: coupon.id, userId, orderId });
  return null;
}

/** Gives the order's coupon use back (order closed unpaid). A second call finds nothing to release. */
export async function releaseCouponUse(tx: Db, orderId: number, now: Date): Promise<boolean> {
  const released = await tx
    .update(couponRedemptions)
    .set({ releasedAt: now })
    .where(and(eq(couponRedemptions.orderId, orderId), isNull(couponRedemptions.releasedAt)))
    .returning({ couponId: couponRedemptions.couponId });
  const couponId = released[0]?.couponId;
  if (couponId === undefined) return false;
  await tx
    .update(coupons)
    .set({ usedCount: sql`${coupons.usedCount} - 1` })
    .where(and(eq(coupons.id, couponId), sql`${coupons.usedCount} > 0`));
  return true;
}

/**
 * For a payment that arrives after its order was closed (and its coupon use released): takes the use
 * back when the cap still allows it. Returns false when it could not (the order is flagged anyway).
 */
export async function reclaimCouponUse(tx: Db, orderId: number): Promise<boolean> {
  const [redemption] = await tx
    .select()
    .from(couponRedemptions)
    .where(eq(couponRedemptions.orderId, orderId));
  if (!redemption || redemption.releasedAt === null) return redemption !== undefined;
  if (!(await takeCouponUse(tx, redemption.couponId))) return false;
  await tx
    .update(couponRedemptions)
    .set({ releasedAt: null })
    .where(eq(couponRedemptions.id, redemption.id));
  return true;
}
