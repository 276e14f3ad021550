/**
 * Demo plans and promo codes (docs/store.md), seeded when SEED_DEMO is on and in every test app.
 * Idempotent: rows that exist (even edited by an operator) are left alone.
 */
import type { Db } from '../db/database';
import { coupons, planPrices, plans, type Currency } from '../db/schema';
import { planTerms } from './plans';

export interface DemoPlan {
  readonly id: number;
  readonly groupType: 1 | 2;
  readonly months: number;
  readonly durationDays: number;
  readonly maxDevices: number;
  readonly recommended: boolean;
  readonly prices: Readonly<Record<Currency, number>>;
}

const DURATIONS = [
  { months: 1, days: 30 },
  { months: 3, days: 90 },
  { months: 6, days: 180 },
  { months: 12, days: 365 },
] as const;

/**
 * Minor units per duration (1/3/6/12 months): longer terms save 7 %, 13 % and 20 % a month; Lite
 * costs 60 % of Standard.
 */
const PRICES = {
  standard: { CNY: [3000, 8400, 15600, 28800], USD: [499, 1399, 2599, 4799] },
  lite: { CNY: [1800, 5040, 9360, 17280], USD: [299, 839, 1559, 2879] },
} as const;

function group(groupType: 1 | 2, firstId: number, maxDevices: number): DemoPlan[] {
  const prices = groupType === 1 ? PRICES.standard : PRICES.lite;
  return DURATIONS.map((d, i) => ({
    id: firstId + i,
    groupType,
    months: d.months,
    durationDays: d.days,
    maxDevices,
    recommended: d.months === 12,
    prices: { CNY: prices.CNY[i]!, USD: prices.USD[i]! },
  }));
}

export const DEMO_PLANS: readonly DemoPlan[] = [...group(1, 101, 5), ...group(2, 201, 2)];

export const DEMO_COUPONS = [
  // 10 % off every plan, any currency, once per user, no total cap.
  { code: 'WELCOME10', kind: 'percent', percentOff: 10 },
  // ¥20 off Standard 6 and 12 months, CNY only, 1,000 uses in all.
  {
    code: 'SAVE20CNY',
    kind: 'fixed',
    amountOff: 2000,
    currency: 'CNY',
    planIds: [103, 104],
    maxUses: 1000,
  },
] as const satisfies readonly (typeof coupons.$inferInsert)[];

export async function seedDemoPlans(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    for (const plan of DEMO_PLANS) {
      const created = await tx
        .insert(plans)
        .values({
          id: plan.id,
          ...planTerms(plan),
          sort: plan.months,
        })
        .onConflictDoNothing()
        .returning({ id: plans.id });
      // An existing plan keeps the prices it has (an operator may have changed or removed one).
      if (created.length === 0) continue;
      for (const [currency, amount] of Object.entries(plan.prices) as [Currency, number][]) {
        await tx
          .insert(planPrices)
          .values({ planId: plan.id, currency, amount })
          .onConflictDoNothing();
      }
    }
    for (const coupon of DEMO_COUPONS) {
      await tx
        .insert(coupons)
        .values({ ...coupon, planIds: 'planIds' in coupon ? [...coupon.planIds] : null })
        .onConflictDoNothing();
    }
  });
}
