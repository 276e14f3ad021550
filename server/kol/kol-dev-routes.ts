/**
 * Outside PROD only: `POST /dev/kol/commissions/mature` `{ orderNo }` ends the refund window of the
 * order's pending commission now (answers `{ matured }`, 404 for an unknown order), so an e2e journey
 * shows a commission becoming available without waiting 14 days. Everything else an operator does
 * goes through `npm run admin -- kol ...`, which reaches the running server.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rowsOf, type Db } from '../db/database';
import { orders } from '../db/schema';

export function registerKolDevRoutes(app: FastifyInstance, db: Db): void {
  app.post<{ Body: { orderNo?: unknown } | null }>(
    '/dev/kol/commissions/mature',
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const [order] = await db
        .select({ id: orders.id })
        .from(orders)
        .where(eq(orders.orderNo, String(request.body?.orderNo ?? '')));
      if (!order) return reply.code(404).send({ error: 'no such order' });
      const past = new Date(Date.now() - 1000).toISOString();
      const moved = await db.execute(
        sql`UPDATE kol_commissions SET available_at = ${past}
            WHERE order_id = ${order.id} AND status = 'pending' RETURNING id`,
      );
      return { matured: rowsOf(moved).length };
    },
  );
}
