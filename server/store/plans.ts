/**
 * Plans (the goods list of SPEC §3): a shop group and a duration, prices per currency in minor units,
 * the devices it allows. Orders copy what they sell, so editing a plan never changes an order.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { ApiLanguage } from '../../contract';
import type { Goods } from '../../contract/endpoints/payment';
import type { Db } from '../db/database';
import { groupPrices, planPrices, plans, type Currency } from '../db/schema';

export type PlanRow = typeof plans.$inferSelect;

type Price = { readonly currency: Currency; readonly amount: number };

export interface PlanWithPrices extends PlanRow {
  readonly prices: readonly Price[];
  /** One seat's price in a group of 2 or 3 (docs/group-buy.md); a size without prices is not offered. */
  readonly groupPrices: readonly { readonly size: 2 | 3; readonly prices: readonly Price[] }[];
}

const CURRENCY_ORDER: Record<Currency, number> = { CNY: 0, USD: 1 };

async function withPrices(db: Db, rows: PlanRow[]): Promise<PlanWithPrices[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [prices, seats] = await Promise.all([
    db.select().from(planPrices).where(inArray(planPrices.planId, ids)),
    db.select().from(groupPrices).where(inArray(groupPrices.planId, ids)),
  ]);
  const ordered = (list: { currency: Currency; amount: number }[]) =>
    list
      .map((p) => ({ currency: p.currency, amount: p.amount }))
      .sort((a, b) => CURRENCY_ORDER[a.currency] - CURRENCY_ORDER[b.currency]);
  return rows.map((row) => ({
    ...row,
    prices: ordered(prices.filter((p) => p.planId === row.id)),
    groupPrices: ([2, 3] as const)
      .map((size) => ({
        size,
        prices: ordered(seats.filter((p) => p.planId === row.id && p.size === size)),
      }))
      .filter((g) => g.prices.length > 0),
  }));
}

/** Every plan (operators), or only the ones on sale, in display order: group, sort, months. */
export async function listPlans(
  db: Db,
  options: { activeOnly?: boolean; groupType?: 1 | 2 } = {},
): Promise<PlanWithPrices[]> {
  const conditions = [
    ...(options.activeOnly ? [eq(plans.active, true)] : []),
    ...(options.groupType ? [eq(plans.groupType, options.groupType)] : []),
  ];
  const rows = await db
    .select()
    .from(plans)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(asc(plans.groupType), asc(plans.sort), asc(plans.months), asc(plans.id));
  return withPrices(db, rows);
}

export async function findPlan(db: Db, productId: number): Promise<PlanWithPrices | undefined> {
  const rows = await db.select().from(plans).where(eq(plans.id, productId));
  return (await withPrices(db, rows))[0];
}

export function priceIn(plan: PlanWithPrices, currency: Currency): number | undefined {
  return plan.prices.find((p) => p.currency === currency)?.amount;
}

/** One seat's price in a group of `size`, or undefined when the plan is not offered so. */
export function seatPriceIn(
  plan: PlanWithPrices,
  size: 2 | 3,
  currency: Currency,
): number | undefined {
  return plan.groupPrices.find((g) => g.size === size)?.prices.find((p) => p.currency === currency)
    ?.amount;
}

type PlanTerms = Pick<
  PlanRow,
  'groupType' | 'months' | 'durationDays' | 'maxDevices' | 'recommended'
>;

/** What a plan sells: the goods list, the console and the demo plans' seed all say it so. */
export function planTerms(plan: PlanTerms): PlanTerms {
  return {
    groupType: plan.groupType,
    months: plan.months,
    durationDays: plan.durationDays,
    maxDevices: plan.maxDevices,
    recommended: plan.recommended,
  };
}

const copyPrice = (p: Price) => ({ amount: p.amount, currency: p.currency });

/** A plan's prices and its seats' prices in a group, as plain values for an answer. */
export function pricesOf(plan: PlanWithPrices) {
  return {
    prices: plan.prices.map(copyPrice),
    groupPrices: plan.groupPrices.map((g) => ({ size: g.size, prices: g.prices.map(copyPrice) })),
  };
}

/** A plan as the goods list shows it; plans without any price are not for sale and are left out. */
export function toGoods(plan: PlanWithPrices): Goods {
  return { productId: plan.id, ...planTerms(plan), ...pricesOf(plan) };
}

/**
 * "Standard, 12 months" / "标准版 · 12 个月": the order's product column and the gateway's subject,
 * written as the SPA writes a plan and its length (ProductName in src/components/formats.tsx).
 */
export function productLabel(groupType: 1 | 2, months: number, language: ApiLanguage): string {
  if (language === 'zh_CN') return `${groupType === 1 ? '标准版' : '轻量版'} · ${months} 个月`;
  return `${groupType === 1 ? 'Standard' : 'Lite'}, ${months} ${months === 1 ? 'month' : 'months'}`;
}

/** Devices a grant of this group allows when no single plan is named: the group's most generous plan. */
export async function groupMaxDevices(db: Db, groupType: 1 | 2): Promise<number | undefined> {
  const rows = await db
    .select({ maxDevices: plans.maxDevices })
    .from(plans)
    .where(eq(plans.groupType, groupType));
  return rows.length === 0 ? undefined : Math.max(...rows.map((r) => r.maxDevices));
}
