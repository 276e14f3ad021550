/**
 * The orders section's endpoints (contract/endpoints/console-orders.ts): each calls an operator
 * function with the signed-in staff member as the actor. The guard (console-plugin.ts) has checked
 * the session, the CSRF token, the permission and, for refunds and confirmations, the step-up.
 */
import type { consoleOrderEndpoints } from '../../../contract/endpoints/console-orders';
import type { HandlersOf } from '../console-handler';
import {
  confirmPaymentByHand,
  listOrders,
  listPaymentFlags,
  orderRecord,
  refundAsOperator,
  resolvePaymentFlag,
  type OrderDeps,
} from './order-operations';

export function orderHandlers(deps: OrderDeps): HandlersOf<typeof consoleOrderEndpoints> {
  const { db } = deps;
  return {
    consoleOrderList: (input) => {
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
    consoleOrderRecord: (input) => orderRecord(db, input.orderId),
    consoleOrderRefund: (input, { actor }) => refundAsOperator(deps, actor, input),
    consoleOrderConfirm: (input, { actor }) => confirmPaymentByHand(deps, actor, input),
    consolePaymentFlags: (input) =>
      listPaymentFlags(db, input.all, { page: input.page, pageSize: input.pageSize }),
    consoleResolveFlag: (input, { actor }) => resolvePaymentFlag(deps, actor, input),
  };
}
