/**
 * Group prices: one seat's price per plan, size and currency (`group_prices`). The demo seeds 15 %
 * below the solo price for a group of 2 and 25 % below for 3; an operator sets any price with
 * `npm run admin -- group-buy prices` (docs/group-buy.md).
 */
import { and, eq, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/database';
import { groupPrices, type Currency } from '../db/schema';

/** Demo discount per size, in percent off the solo price. */
export const DEMO_GROUP_DISCOUNT_PERCENT = { 2: 15, 3: 25 } as const;

/**
 * Seeds the demo group prices from the plans' current prices, once: only while no group price
 * exists at all, so an operator's edits (or removals) are never overwritten.
 */
export async function seedDemoGroupPrices(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`LOCK TABLE group_prices IN SHARE ROW EXCLUSIVE MODE`);
    const [any] = rowsOf<{ one: number }>(
      await tx.execute(sql`SELECT 1 AS one FROM group_prices LIMIT 1`),
    );
    if (any) return;
    for (const size of [2, 3] as const) {
      const percent = 100 - DEMO_GROUP_DISCOUNT_PERCENT[size];
      await tx.execute(sql`
        INSERT INTO group_prices (plan_id, size, currency, amount)
        SELECT plan_id, ${size}, currency, round(amount * ${percent} / 100.0)::bigint
        FROM plan_prices ON CONFLICT DO NOTHING`);
    }
  });
}

/** Sets (or, with `amount` null, removes) one seat price. */
export async function setGroupPrice(
  db: Db,
  planId: number,
  size: 2 | 3,
  currency: Currency,
  amount: number | null,
): Promise<void> {
  if (amount === null) {
    await db
      .delete(groupPrices)
      .where(
        and(
          eq(groupPrices.planId, planId),
          eq(groupPrices.size, size),
          eq(groupPrices.currency, currency),
        ),
      );
    return;
  }
  await db
    .insert(groupPrices)
    .values({ planId, size, currency, amount })
    .onConflictDoUpdate({
      target: [groupPrices.planId, groupPrices.size, groupPrices.currency],
      set: { amount },
    });
}
