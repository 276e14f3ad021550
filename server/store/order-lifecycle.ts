/**
 * What happens when a pending order closes unpaid (cancelled, failed at the gateway, or expired):
 * the core releases the order's promo code use; a feature that holds something for the order (the
 * group-buy feature's seat) registers a hook once at assembly (server/features.ts) and releases it
 * here, inside the same transaction, right after the order row changed. A paid order's later refund
 * is not this hook's: it undoes the payment effects (payments/effects/payment-effect.ts `undo`).
 */
import type { Db } from '../db/database';

export type ClosedStatus = 'cancelled' | 'expired' | 'failed';

export interface ClosedOrder {
  readonly orderId: number;
  readonly status: ClosedStatus;
  readonly now: Date;
}

export interface OrderLifecycleHook {
  /** Short, stable name: a second registration under the same name is ignored. */
  readonly name: string;
  /** Runs inside the closing transaction, after the order row and its coupon use are released. */
  closed(tx: Db, order: ClosedOrder): Promise<void>;
}

const hooks: OrderLifecycleHook[] = [];

export function registerOrderLifecycle(hook: OrderLifecycleHook): void {
  if (!hooks.some((h) => h.name === hook.name)) hooks.push(hook);
}

export async function orderClosed(tx: Db, order: ClosedOrder): Promise<void> {
  for (const hook of hooks) await hook.closed(tx, order);
}
