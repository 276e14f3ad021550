/**
 * `orders list | refund | confirm | flags | resolve-flag | expire` (docs/store.md, operator
 * commands). refund, confirm and resolve-flag are the console's operator functions
 * (server/console/orders/order-operations.ts), with a required --reason, audited as `cli`.
 */
import { and, desc, eq, isNull, type SQL } from 'drizzle-orm';
import { ORDER_STATUSES } from '../../contract/endpoints/payment';
import { coupons, orders, paymentFlags } from '../db/schema';
import { closeExpiredOrders } from '../store/orders';
import { Args, UsageError, allFlagOf, choice, parseInteger, positional, rowLimit } from './args';
import type { AdminCommand, AdminContext } from './context';
import { operatorCommand } from './operator-call';
import { CLI_ACTOR } from '../console/audit';
import {
  confirmPaymentByHand,
  refundAsOperator,
  resolvePaymentFlag,
  type OrderDeps,
} from '../console/orders/order-operations';
import { counted, isoOrDash, money, table } from './format';

export const ORDERS_USAGE = [
  'orders list [--status pending|paid|failed|expired|cancelled|refunded] [--user <userId>] [--limit <n>]',
  'orders refund <orderNo> --reason <text> [--manual]   (--manual: the money was returned in the gateway console)',
  "orders confirm <orderNo> --trade <gateway's trade no> --reason <text>   (a payment seen in the gateway's dashboard: the normal credit path, once)",
  'orders flags [--all]                 (payments that need an operator: late, wrong amount, ...)',
  'orders resolve-flag <flagId> --reason <text>   (what was done about it)',
  'orders expire                        (close every unpaid order past its expiry now)',
];

/** What the console's operator functions on orders take, from the CLI's context. */
const orderDeps = ({ db, now, gateways, sessionCache }: AdminContext): OrderDeps => ({
  db,
  now,
  gateways,
  ...(sessionCache ? { sessionCache } : {}),
});

export function parseOrdersCommand(argv: readonly string[]): AdminCommand {
  const [action, ...rest] = argv;
  switch (action) {
    case 'list': {
      const args = new Args(rest);
      const status = choice(args, 'status', ORDER_STATUSES);
      const userId = args.int('user', { min: 1 });
      const limit = rowLimit(args);
      args.done(0);
      return async ({ db, io }) => {
        const conditions: SQL[] = [];
        if (status !== undefined) conditions.push(eq(orders.status, status));
        if (userId !== undefined) conditions.push(eq(orders.userId, userId));
        const rows = await db
          .select({ order: orders, coupon: coupons.code })
          .from(orders)
          .leftJoin(coupons, eq(coupons.id, orders.couponId))
          .where(conditions.length > 0 ? and(...conditions) : undefined)
          .orderBy(desc(orders.createdAt), desc(orders.id))
          .limit(limit);
        table(
          ['order', 'created', 'user', 'product', 'total', 'coupon', 'method', 'status', 'flag'],
          rows.map(({ order: o, coupon }) => [
            o.orderNo,
            isoOrDash(o.createdAt),
            String(o.userId),
            `${o.planId} (${o.groupType === 1 ? 'standard' : 'lite'} ${o.months}m)`,
            money(o.total, o.currency),
            coupon ?? '-',
            `${o.method}/${o.gateway}`,
            o.status,
            o.flaggedReason ?? '-',
          ]),
        ).forEach((l) => io.out(l));
        return 0;
      };
    }
    case 'refund': {
      const args = new Args(rest, ['manual']);
      const orderNo = positional(args, 0, 'orderNo').trim();
      const manual = args.flag('manual');
      const reason = args.requiredString('reason');
      args.done(1);
      return operatorCommand(
        (context) =>
          refundAsOperator(orderDeps(context), CLI_ACTOR, { orderId: orderNo, manual, reason }),
        (result) =>
          result.refunded
            ? `refunded ${orderNo}; the user's membership now ends ${isoOrDash(result.userExpireTime)}`
            : `order ${orderNo} was already refunded: nothing changed`,
      );
    }
    case 'confirm': {
      const args = new Args(rest);
      const orderNo = positional(args, 0, 'orderNo').trim();
      const tradeNo = args.requiredString('trade');
      const reason = args.requiredString('reason');
      args.done(1);
      return operatorCommand(
        (context) =>
          confirmPaymentByHand(orderDeps(context), CLI_ACTOR, {
            orderId: orderNo,
            tradeNo,
            reason,
          }),
        (done) => `order ${orderNo}: ${done.result}, now ${done.status}`,
      );
    }
    case 'flags': {
      const all = allFlagOf(rest);
      return async ({ db, io }) => {
        const rows = await db
          .select({ flag: paymentFlags, orderNo: orders.orderNo })
          .from(paymentFlags)
          .leftJoin(orders, eq(orders.id, paymentFlags.orderId))
          .where(all ? undefined : isNull(paymentFlags.resolvedAt))
          .orderBy(desc(paymentFlags.createdAt), desc(paymentFlags.id));
        table(
          ['flag', 'created', 'order', 'gateway', 'trade', 'reason', 'resolved', 'details'],
          rows.map(({ flag: f, orderNo }) => [
            String(f.id),
            isoOrDash(f.createdAt),
            orderNo ?? '-',
            f.gateway,
            f.tradeNo ?? '-',
            f.reason,
            isoOrDash(f.resolvedAt),
            f.details === null ? '' : JSON.stringify(f.details),
          ]),
        ).forEach((l) => io.out(l));
        return 0;
      };
    }
    case 'resolve-flag': {
      const args = new Args(rest);
      const flagId = parseInteger(positional(args, 0, 'flagId'), 'flagId');
      const reason = args.requiredString('reason');
      args.done(1);
      return operatorCommand(
        (context) => resolvePaymentFlag(orderDeps(context), CLI_ACTOR, { flagId, reason }),
        () => `flag ${flagId} resolved`,
      );
    }
    case 'expire': {
      new Args(rest).done(0);
      return async ({ db, io, now }) => {
        const expired = await closeExpiredOrders(db, now(), { limit: 100_000 });
        io.out(
          `expired ${counted(expired.length, 'order')}${expired.length ? `: ${expired.join(', ')}` : ''}`,
        );
        return 0;
      };
    }
    default:
      throw new UsageError(
        action === undefined ? 'orders: which action?' : `orders: unknown action "${action}"`,
      );
  }
}
