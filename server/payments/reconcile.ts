/**
 * Reconciliation: every RECONCILE_INTERVAL_SECONDS, asks the gateway about each pending order older
 * than two minutes (or past its expiry). Paid there: credited here, through `creditOrder` like a
 * notification (flagged late when past expiry). Not paid and past expiry: closed as expired, its
 * promo code use released. An error is logged and the order is asked about again next round; a
 * round never throws. Safe with several processes: crediting and closing are idempotent.
 */
import { and, asc, eq, lte, or } from 'drizzle-orm';
import type { SessionCache } from '../identity/session-cache';
import type { Db } from '../db/database';
import { orders } from '../db/schema';
import { loggedJob } from '../jobs/repeat-job';
import { closeOrder } from '../store/orders';
import { creditOrder, type CreditDeps } from './credit-order';
import type { GatewayName, PaymentGateways } from '../gateways/gateway';

export const RECONCILE_MIN_AGE_SECONDS = 120;
const BATCH = 100;

export interface ReconcileDeps {
  readonly db: Db;
  readonly gateways: PaymentGateways;
  readonly sessionCache?: SessionCache;
  readonly now?: () => Date;
  readonly log: {
    info(obj: object, msg: string): void;
    error(obj: object, msg: string): void;
  };
  readonly afterPaymentInsert?: CreditDeps['afterPaymentInsert'];
}

export interface ReconcileReport {
  checked: number;
  credited: number;
  expired: number;
  closed: number;
  errors: number;
}

export async function reconcileOnce(deps: ReconcileDeps): Promise<ReconcileReport> {
  const now = deps.now?.() ?? new Date();
  const report: ReconcileReport = { checked: 0, credited: 0, expired: 0, closed: 0, errors: 0 };
  let due: {
    id: number;
    orderNo: string;
    gateway: string;
    gatewayRef: string | null;
    expiresAt: Date;
  }[];
  try {
    due = await deps.db
      .select({
        id: orders.id,
        orderNo: orders.orderNo,
        gateway: orders.gateway,
        gatewayRef: orders.gatewayRef,
        expiresAt: orders.expiresAt,
      })
      .from(orders)
      .where(
        and(
          eq(orders.status, 'pending'),
          or(
            lte(orders.createdAt, new Date(now.getTime() - RECONCILE_MIN_AGE_SECONDS * 1000)),
            lte(orders.expiresAt, now),
          ),
        ),
      )
      .orderBy(asc(orders.createdAt))
      .limit(BATCH);
  } catch (error) {
    deps.log.error({ err: error }, 'reconciliation: listing pending orders failed');
    report.errors += 1;
    return report;
  }
  const creditDeps: CreditDeps = {
    db: deps.db,
    sessionCache: deps.sessionCache,
    now: () => now,
    afterPaymentInsert: deps.afterPaymentInsert,
  };
  for (const order of due) {
    report.checked += 1;
    const pastExpiry = order.expiresAt.getTime() <= now.getTime();
    try {
      const gateway = deps.gateways.byName(order.gateway as GatewayName);
      const status = gateway
        ? await gateway.queryStatus({ orderNo: order.orderNo, gatewayRef: order.gatewayRef })
        : ({ state: 'unknown' } as const);
      if (status.state === 'paid') {
        const outcome = await creditOrder(creditDeps, {
          gateway: order.gateway as GatewayName,
          tradeNo: status.tradeNo,
          orderNo: order.orderNo,
          amount: status.amount,
          currency: status.currency,
          status: 'paid',
          raw: { reconciliation: true, gateway: status.raw },
        });
        if (outcome.result === 'credited') report.credited += 1;
        deps.log.info({ outcome }, 'reconciliation: paid at the gateway');
      } else if (status.state === 'failed' || status.state === 'expired') {
        const outcome = await creditOrder(creditDeps, {
          gateway: order.gateway as GatewayName,
          tradeNo: order.gatewayRef ?? order.orderNo,
          orderNo: order.orderNo,
          amount: 0,
          currency: '',
          status: status.state,
          raw: { reconciliation: true, gateway: status.raw ?? null },
        });
        if (outcome.result === 'closed') report.closed += 1;
      } else if (pastExpiry) {
        if (await closeOrder(deps.db, order.id, 'expired', now)) report.expired += 1;
      }
    } catch (error) {
      report.errors += 1;
      deps.log.error(
        { err: error, orderNo: order.orderNo, gateway: order.gateway },
        'reconciliation: order left for the next round',
      );
    }
  }
  return report;
}

/** Runs `reconcileOnce` every `intervalSeconds`, never two rounds at once; `stop` waits for the current one. */
export const startReconciliation = loggedJob(
  (deps: ReconcileDeps) => reconcileOnce(deps),
  'reconciliation round failed',
);
