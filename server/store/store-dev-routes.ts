/**
 * Dev routes (server/web/dev-routes.ts: loopback clients only, never in PROD): `POST /dev/orders/:orderNo/expire` moves a pending order's expiry into the past
 * and closes it as expired (releasing its promo code use), so e2e can show an expired order without
 * waiting 30 minutes. Answers `{ orderId, status }`, 404 for an unknown order.
 * `POST /dev/redeem-codes` `{ planType?: 1 | 2, days?: number, uses?: number }` makes one redeem
 * code (default Standard, 30 days, single use) the way `npm run admin -- redeem batch` does, so e2e
 * can redeem one through the profile. Answers `{ code }`, 400 for a body out of range.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database';
import { orders } from '../db/schema';
import { closeOrder } from './orders';
import { createRedeemBatch } from './redeem-codes';

const inRange = (value: unknown, min: number, max: number, fallback: number) =>
  value === undefined
    ? fallback
    : Number.isInteger(value) && (value as number) >= min && (value as number) <= max
      ? (value as number)
      : null;

export function registerStoreDevRoutes(app: FastifyInstance, db: Db): void {
  app.devRoute<{ Body: { planType?: unknown; days?: unknown; uses?: unknown } | null }>({
    method: 'POST',
    url: '/dev/redeem-codes',
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const body = request.body ?? {};
      const groupType = inRange(body.planType, 1, 2, 1);
      const days = inRange(body.days, 1, 3650, 30);
      const uses = inRange(body.uses, 1, 1000, 1);
      if (groupType === null || days === null || uses === null) {
        return reply.code(400).send({ error: 'planType 1|2, days 1-3650, uses 1-1000' });
      }
      const batch = await createRedeemBatch(db, {
        count: 1,
        maxUses: uses,
        expiresAt: null,
        note: 'dev route',
        groupType: groupType as 1 | 2,
        days,
      });
      return { code: batch.codes[0] };
    },
  });

  app.devRoute<{ Params: { orderNo: string } }>({
    method: 'POST',
    url: '/dev/orders/:orderNo/expire',
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const now = new Date();
      const [order] = await db
        .select({ id: orders.id, status: orders.status })
        .from(orders)
        .where(eq(orders.orderNo, request.params.orderNo));
      if (!order) return reply.code(404).send({ error: 'no such order' });
      if (order.status === 'pending') {
        await db
          .update(orders)
          .set({ expiresAt: new Date(now.getTime() - 1000), updatedAt: now })
          .where(eq(orders.id, order.id));
        await closeOrder(db, order.id, 'expired', now);
      }
      const [after] = await db
        .select({ status: orders.status })
        .from(orders)
        .where(eq(orders.id, order.id));
      return { orderId: request.params.orderNo, status: after!.status };
    },
  });
}
