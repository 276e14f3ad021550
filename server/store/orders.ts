/**
 * Orders: numbers, the view the API returns, and closing unpaid ones (cancelled, expired, failed),
 * which releases the promo code use exactly once. Paying is the gateways' part (server/payments).
 */
import { randomInt } from 'node:crypto';
import { and, asc, count, eq, gt, lte, sql } from 'drizzle-orm';
import type { ApiLanguage } from '../../contract';
import type { Order } from '../../contract/endpoints/payment';
import type { Db } from '../db/database';
import { coupons, orders } from '../db/schema';
import { fail } from '../protocol/api-error';
import { releaseCouponUse } from './coupons';
import { orderClosed, type ClosedStatus } from './order-lifecycle';
import { productLabel, type PlanRow } from './plans';

export type OrderRow = typeof orders.$inferSelect;
export type { ClosedStatus } from './order-lifecycle';

/** At most this many unpaid orders per user at once (TOO_MANY_PENDING_ORDERS). */
export const MAX_PENDING_ORDERS = 5;

const ORDER_NO_ALPHABET = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/** `K` + yyyymmdd (UTC) + 10 random digits or upper-case letters, e.g. K20261122A7Q2M9X4B1. */
export function newOrderNo(now: Date = new Date()): string {
  const date = now.toISOString().slice(0, 10).replaceAll('-', '');
  let tail = '';
  for (let i = 0; i < 10; i += 1) tail += ORDER_NO_ALPHABET[randomInt(ORDER_NO_ALPHABET.length)];
  return `K${date}${tail}`;
}

export function orderView(row: OrderRow, couponCode: string | null, language: ApiLanguage): Order {
  const money = (amount: number) => ({ amount, currency: row.currency });
  return {
    orderId: row.orderNo,
    createdAt: row.createdAt.toISOString(),
    productId: row.planId,
    groupType: row.groupType,
    months: row.months,
    product: productLabel(row.groupType, row.months, language),
    method: row.method,
    subtotal: money(row.subtotal),
    discount: money(row.discount),
    total: money(row.total),
    couponCode,
    status: row.status,
    expiresAt: row.expiresAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    payUrl: row.status === 'pending' ? row.payUrl : null,
    groupOrder: row.groupBuyId !== null,
  };
}

/** The user's orders with their promo codes, newest first (or the one asked for). */
export async function listOrders(
  db: Db,
  userId: number,
  options: { orderNo?: string; limit?: number } = {},
): Promise<{ row: OrderRow; couponCode: string | null }[]> {
  const rows = await db
    .select({ row: orders, couponCode: coupons.code })
    .from(orders)
    .leftJoin(coupons, eq(coupons.id, orders.couponId))
    .where(
      and(
        eq(orders.userId, userId),
        options.orderNo !== undefined ? eq(orders.orderNo, options.orderNo) : undefined,
      ),
    )
    .orderBy(sql`${orders.createdAt} DESC, ${orders.id} DESC`)
    .limit(options.limit ?? 100);
  return rows;
}

export type NewOrder = Omit<typeof orders.$inferInsert, 'orderNo' | 'createdAt' | 'updatedAt'>;

/** The plan's terms an order copies, so a later plan edit does not change what was bought. */
export function planTermsOf(
  plan: Pick<PlanRow, 'id' | 'groupType' | 'months' | 'durationDays' | 'maxDevices'>,
): Pick<NewOrder, 'planId' | 'groupType' | 'months' | 'durationDays' | 'maxDevices'> {
  return {
    planId: plan.id,
    groupType: plan.groupType,
    months: plan.months,
    durationDays: plan.durationDays,
    maxDevices: plan.maxDevices,
  };
}

/**
 * Inserts a pending order inside the caller's transaction. The buyer's row lock serialises one
 * user's purchases, so the pending cap (and the caller's per-user checks after this) are counted
 * with no parallel purchase of theirs in between. TOO_MANY_PENDING_ORDERS at the cap.
 */
export async function insertPendingOrder(tx: Db, order: NewOrder, now: Date): Promise<OrderRow> {
  await tx.execute(sql`SELECT id FROM users WHERE id = ${order.userId} FOR UPDATE`);
  const [pending] = await tx
    .select({ n: count() })
    .from(orders)
    .where(
      and(eq(orders.userId, order.userId), eq(orders.status, 'pending'), gt(orders.expiresAt, now)),
    );
  if ((pending?.n ?? 0) >= MAX_PENDING_ORDERS) throw fail('TOO_MANY_PENDING_ORDERS');
  const [row] = await tx
    .insert(orders)
    .values({ ...order, orderNo: newOrderNo(now), createdAt: now, updatedAt: now })
    .returning();
  return row!;
}

/**
 * Moves a pending order to a closed status and releases its promo code use and whatever a feature
 * holds for it (store/order-lifecycle.ts: the group seat, docs/group-buy.md), in one transaction.
 * Returns false when the order was not pending (paid meanwhile, or already closed): nothing changes.
 */
export async function closeOrder(
  db: Db,
  orderId: number,
  status: ClosedStatus,
  now: Date = new Date(),
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const closed = await tx
      .update(orders)
      .set({ status, closedAt: now, updatedAt: now })
      .where(and(eq(orders.id, orderId), eq(orders.status, 'pending')))
      .returning({ id: orders.id, couponId: orders.couponId });
    if (closed.length === 0) return false;
    if (closed[0]!.couponId !== null) await releaseCouponUse(tx, orderId, now);
    await orderClosed(tx, { orderId, status, now });
    return true;
  });
}

/**
 * Expires every pending order whose time is up (all users, or one), oldest first, in batches.
 * Exported for the reconciliation job, which first asks the gateway about each (docs/payments.md).
 * Returns the order numbers it expired.
 */
export async function closeExpiredOrders(
  db: Db,
  now: Date = new Date(),
  options: { userId?: number; limit?: number } = {},
): Promise<string[]> {
  const due = await db
    .select({ id: orders.id, orderNo: orders.orderNo })
    .from(orders)
    .where(
      and(
        eq(orders.status, 'pending'),
        lte(orders.expiresAt, now),
        options.userId !== undefined ? eq(orders.userId, options.userId) : undefined,
      ),
    )
    .orderBy(asc(orders.expiresAt))
    .limit(options.limit ?? 500);
  const expired: string[] = [];
  for (const order of due) {
    if (await closeOrder(db, order.id, 'expired', now)) expired.push(order.orderNo);
  }
  return expired;
}
