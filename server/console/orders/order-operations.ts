/**
 * The operator functions on orders (issue 21, item 6; docs/console.md), for the console's orders
 * section and the CLI's `orders` commands. Money moves only through the payment paths every
 * gateway uses: a payment confirmed by hand is a notification for `creditOrder` (the same effects,
 * commissions and group seats, exactly once behind the order lock and the payment's unique keys),
 * a refund is `refundOrder`. Each action is audited with its reason.
 */
import { and, count, desc, eq, gte, isNull, lte, type SQL } from 'drizzle-orm';
import {
  consoleOrderConfirm,
  consoleOrderRefund,
  consoleResolveFlag,
  type ConsoleOrder,
  type PaymentFlag,
} from '../../../contract/endpoints/console-orders';
import type { Db } from '../../db/database';
import { pageOfQuery, type PageParams } from '../../db/paging';
import { orders, paymentFlags, payments } from '../../db/schema';
import { GatewayError, type PaymentGateways } from '../../gateways/gateway';
import type { SessionCache } from '../../identity/session-cache';
import { creditOrder } from '../../payments/credit-order';
import { RefundError, refundOrder } from '../../payments/refund-order';
import { fail } from '../../protocol/api-error';
import { writeAudit, type AuditActor } from '../audit';
import type { OperationDeps } from '../audited-operation';
import { checked } from '../checked-input';

/** The deps of operations that refund or credit through the gateways (orders, group buys). */
export interface OrderDeps extends OperationDeps {
  readonly gateways: () => Promise<PaymentGateways>;
  readonly sessionCache?: SessionCache;
}

type OrderRow = typeof orders.$inferSelect;
type FlagRow = typeof paymentFlags.$inferSelect;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function orderView(row: OrderRow): ConsoleOrder {
  return {
    orderId: row.orderNo,
    userId: row.userId,
    product: { groupType: row.groupType, months: row.months },
    method: row.method,
    gateway: row.gateway,
    total: { amount: row.total, currency: row.currency },
    status: row.status,
    flaggedReason: row.flaggedReason,
    createdAt: row.createdAt.toISOString(),
    paidAt: iso(row.paidAt),
  };
}

function flagView(row: FlagRow, orderNo: string | null): PaymentFlag {
  return {
    id: row.id,
    orderId: orderNo,
    gateway: row.gateway,
    tradeNo: row.tradeNo,
    reason: row.reason,
    details: row.details ?? null,
    createdAt: row.createdAt.toISOString(),
    resolvedAt: iso(row.resolvedAt),
  };
}

export interface OrderFilter {
  readonly status?: OrderRow['status'];
  readonly method?: OrderRow['method'];
  readonly currency?: OrderRow['currency'];
  readonly userId?: number;
  readonly from?: Date;
  readonly to?: Date;
}

export async function listOrders(db: Db, filter: OrderFilter, page: PageParams) {
  const where: SQL[] = [];
  if (filter.status) where.push(eq(orders.status, filter.status));
  if (filter.method) where.push(eq(orders.method, filter.method));
  if (filter.currency) where.push(eq(orders.currency, filter.currency));
  if (filter.userId !== undefined) where.push(eq(orders.userId, filter.userId));
  if (filter.from) where.push(gte(orders.createdAt, filter.from));
  if (filter.to) where.push(lte(orders.createdAt, filter.to));
  const condition = where.length > 0 ? and(...where) : undefined;
  return pageOfQuery(
    page,
    db.select().from(orders).where(condition).orderBy(desc(orders.createdAt), desc(orders.id)),
    db.select({ n: count() }).from(orders).where(condition),
    orderView,
  );
}

export async function orderRecord(db: Db, orderNo: string) {
  const [order] = await db.select().from(orders).where(eq(orders.orderNo, orderNo));
  if (!order) throw fail('ORDER_NOT_FOUND');
  const [paymentRows, flagRows] = await Promise.all([
    db.select().from(payments).where(eq(payments.orderId, order.id)),
    db
      .select()
      .from(paymentFlags)
      .where(eq(paymentFlags.orderId, order.id))
      .orderBy(desc(paymentFlags.createdAt)),
  ]);
  return {
    order: orderView(order),
    payments: paymentRows.map((p) => ({
      gateway: p.gateway,
      tradeNo: p.tradeNo,
      amount: {
        amount: p.amount,
        currency: p.currency === 'USD' ? ('USD' as const) : ('CNY' as const),
      },
      status: p.status,
      receivedAt: p.receivedAt.toISOString(),
      refundedAt: iso(p.refundedAt),
      raw: p.raw ?? null,
    })),
    flags: flagRows.map((f) => flagView(f, order.orderNo)),
  };
}

/** The order's status as this transaction sees it (after the change it made). */
async function statusIn(tx: Db, orderNo: string): Promise<string> {
  const [row] = await tx
    .select({ status: orders.status })
    .from(orders)
    .where(eq(orders.orderNo, orderNo));
  return row!.status;
}

/**
 * A payment the gateway took but never told us about (or told us in a way we refused), confirmed
 * by an operator who saw it in the gateway's dashboard: a notification like the gateway's own,
 * with its trade number, through `creditOrder`. If the gateway's notification arrives as well, at
 * the same moment or later, it is the same trade: a duplicate, never a second credit. The audit
 * entry is written in the credit's transaction, its `before` read under the order lock.
 */
export async function confirmPaymentByHand(
  deps: OrderDeps,
  actor: AuditActor,
  input: { orderId: string; tradeNo: string; reason: string },
): Promise<{ result: string; status: string }> {
  const { orderId, tradeNo, reason } = checked(consoleOrderConfirm.input, input);
  const [order] = await deps.db.select().from(orders).where(eq(orders.orderNo, orderId));
  if (!order) throw fail('ORDER_NOT_FOUND');
  const by = actor.kind === 'staff' ? actor.username : actor.kind;
  let status = order.status as string;
  const outcome = await creditOrder(
    {
      db: deps.db,
      now: deps.now,
      ...(deps.sessionCache ? { sessionCache: deps.sessionCache } : {}),
      inTransaction: async (tx, { before, outcome }) => {
        status = await statusIn(tx, order.orderNo);
        await writeAudit(tx, actor, {
          action: 'order.confirm',
          target: `order:${order.orderNo}`,
          before: { status: before?.status ?? null },
          after: { status, result: outcome.result, tradeNo, reason },
          at: deps.now(),
        });
      },
    },
    {
      gateway: order.gateway as Parameters<typeof creditOrder>[1]['gateway'],
      tradeNo,
      orderNo: order.orderNo,
      amount: order.total,
      currency: order.currency,
      status: 'paid',
      raw: { confirmedByHand: true, by, reason },
    },
  );
  return { result: outcome.result, status };
}

/**
 * Refunds a paid order through its gateway, or records a refund made by hand in the gateway's
 * dashboard (`manual`), through `refundOrder`; once. The audit entry is written in the refund's
 * transaction, its `before` read under the order lock. Refused before any gateway call: an order
 * that is not paid (ORDER_NOT_REFUNDABLE).
 */
export async function refundAsOperator(
  deps: OrderDeps,
  actor: AuditActor,
  input: { orderId: string; manual?: boolean; reason: string },
): Promise<{ refunded: boolean; userExpireTime: string | null }> {
  const { orderId, manual, reason } = checked(consoleOrderRefund.input, input);
  const [order] = await deps.db.select().from(orders).where(eq(orders.orderNo, orderId));
  if (!order) throw fail('ORDER_NOT_FOUND');
  if (order.status !== 'paid' && order.status !== 'refunded') throw fail('ORDER_NOT_REFUNDABLE');
  let result;
  try {
    result = await refundOrder(
      {
        db: deps.db,
        gateways: await deps.gateways(),
        now: deps.now,
        ...(deps.sessionCache ? { sessionCache: deps.sessionCache } : {}),
        inTransaction: async (tx, { before, result }) => {
          await writeAudit(tx, actor, {
            action: manual ? 'order.refund-recorded' : 'order.refund',
            target: `order:${order.orderNo}`,
            before: { status: before?.status ?? null },
            after: {
              status: await statusIn(tx, order.orderNo),
              refunded: result.refunded,
              userExpireTime: result.userExpireTime,
              reason,
            },
            at: deps.now(),
          });
        },
      },
      order.orderNo,
      { manual },
    );
  } catch (error) {
    // Refused here or by the gateway: nothing was refunded. An outcome the gateway left unknown
    // stays an internal error (its `refund_started` flag is open: the next attempt says so).
    if (error instanceof RefundError && error.refusal === 'no-gateway')
      throw fail('REFUND_GATEWAY_UNAVAILABLE');
    if (error instanceof RefundError && error.refusal === 'in-doubt') throw fail('REFUND_IN_DOUBT');
    if (error instanceof RefundError || (error instanceof GatewayError && error.refused))
      throw fail('REFUND_FAILED');
    throw error;
  }
  return { refunded: result.refunded, userExpireTime: iso(result.userExpireTime) };
}

export async function listPaymentFlags(db: Db, all: boolean, page: PageParams) {
  const condition = all ? undefined : isNull(paymentFlags.resolvedAt);
  return pageOfQuery(
    page,
    db
      .select({ flag: paymentFlags, orderNo: orders.orderNo })
      .from(paymentFlags)
      .leftJoin(orders, eq(orders.id, paymentFlags.orderId))
      .where(condition)
      .orderBy(desc(paymentFlags.createdAt), desc(paymentFlags.id)),
    db.select({ n: count() }).from(paymentFlags).where(condition),
    ({ flag, orderNo }) => flagView(flag, orderNo),
  );
}

export async function resolvePaymentFlag(
  deps: Pick<OrderDeps, 'db' | 'now'>,
  actor: AuditActor,
  input: { flagId: number; reason: string },
): Promise<Record<string, never>> {
  const { flagId, reason } = checked(consoleResolveFlag.input, input);
  await deps.db.transaction(async (tx) => {
    const [resolved] = await tx
      .update(paymentFlags)
      .set({ resolvedAt: deps.now() })
      .where(and(eq(paymentFlags.id, flagId), isNull(paymentFlags.resolvedAt)))
      .returning();
    if (!resolved) throw fail('FLAG_NOT_FOUND');
    await writeAudit(tx, actor, {
      action: 'payment-flag.resolve',
      target: `flag:${resolved.id}`,
      before: { reason: resolved.reason, tradeNo: resolved.tradeNo },
      after: { resolved: true, reason },
      at: deps.now(),
    });
  });
  return {};
}
