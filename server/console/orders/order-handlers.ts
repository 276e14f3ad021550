/**
 * The orders section's endpoints (contract/endpoints/console-orders.ts): each calls an operator
 * function with the signed-in staff member as the actor. The guard (console-plugin.ts) has checked
 * the session, the CSRF token, the permission and, for refunds and confirmations, the step-up.
 */
import type { consoleOrderEndpoints } from '../../../contract/endpoints/console-orders';
import type { Handler } from '../console-handler';
import {
  confirmPaymentByHand,
  listOrders,
  listPaymentFlags,
  orderRecord,
  refundAsOperator,
  resolvePaymentFlag,
  type OrderDeps,
  type OrderFilter,
} from './order-operations';

type Page = { page: number; pageSize: number };

export function orderHandlers(
  deps: OrderDeps,
): Record<keyof typeof consoleOrderEndpoints, Handler> {
  const { db } = deps;
  return {
    consoleOrderList: (
      input: Omit<OrderFilter, 'from' | 'to'> & Page & { from?: string; to?: string },
    ) => {
      const { page, pageSize, from, to, ...filter } = input;
      return listOrders(
        db,
        {
          ...filter,
          ...(from ? { from: new Date(from) } : {}),
          ...(to ? { to: new Date(to) } : {}),
        },
        { page, pageSize },
      );
    },
    consoleOrderRecord: (input: { orderId: string }) => orderRecord(db, input.orderId),
    consoleOrderRefund: (input: { orderId: string; manual: boolean; reason: string }, { actor }) =>
      refundAsOperator(deps, actor, input),
    consoleOrderConfirm: (input: { orderId: string; tradeNo: string; reason: string }, { actor }) =>
      confirmPaymentByHand(deps, actor, input),
    consolePaymentFlags: (input: { all: boolean } & Page) =>
      listPaymentFlags(db, input.all, { page: input.page, pageSize: input.pageSize }),
    consoleResolveFlag: (input: { flagId: number; reason: string }, { actor }) =>
      resolvePaymentFlag(deps, actor, input),
  };
}
