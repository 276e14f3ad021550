/**
 * The store section's reads (contract/endpoints/console-store.ts): plans with their prices (the
 * store's own listPlans), promo codes with their uses, redeem batches with their counts, and the
 * store half of group buy. The CLI's listings read the same rows.
 */
import { asc, eq, sql } from 'drizzle-orm';
import {
  redeemCodeInput,
  type GroupBuyStore,
  type RedeemBatchSummary,
  type RedeemCodeDetail,
  type StoreCoupon,
  type StorePlan,
} from '../../../contract/endpoints/console-store';
import { rowsOf, type Db } from '../../db/database';
import { coupons, groupPrices } from '../../db/schema';
import { groupBuyEnabled, readGroupBuySettings } from '../../group-buy/group-settings';
import { fail } from '../../protocol/api-error';
import { findPlan, listPlans, planTerms, pricesOf, type PlanWithPrices } from '../../store/plans';
import { normaliseRedeemCode } from '../../store/redeem-codes';
import { checked } from '../checked-input';

const iso = (date: Date | null) => (date === null ? null : date.toISOString());

function planView(plan: PlanWithPrices): StorePlan {
  return {
    id: plan.id,
    ...planTerms(plan),
    active: plan.active,
    sort: plan.sort,
    ...pricesOf(plan),
  };
}

/** Every plan, on sale or not, in display order. */
export async function storePlans(db: Db): Promise<StorePlan[]> {
  return (await listPlans(db)).map(planView);
}

export async function storePlan(db: Db, planId: number): Promise<StorePlan | undefined> {
  const plan = await findPlan(db, planId);
  return plan && planView(plan);
}

type CouponRow = typeof coupons.$inferSelect;

export function couponView(row: CouponRow): StoreCoupon {
  return {
    code: row.code,
    kind: row.kind,
    percentOff: row.percentOff,
    amountOff: row.amountOff,
    currency: row.currency,
    planIds: row.planIds,
    maxUses: row.maxUses,
    usedCount: row.usedCount,
    perUserLimit: row.perUserLimit,
    startsAt: iso(row.startsAt),
    endsAt: iso(row.endsAt),
    active: row.active,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Every promo code, oldest first (the CLI's order). */
export async function storeCoupons(db: Db): Promise<StoreCoupon[]> {
  return (await db.select().from(coupons).orderBy(asc(coupons.id))).map(couponView);
}

interface BatchRow {
  id: number;
  note: string;
  created_at: Date | string;
  group_type: number | null;
  days: number | null;
  plan_id: number | null;
  expires_at: Date | string | null;
  codes: number;
  unused: number;
  used: number;
  disabled: number;
  redemptions: number;
  uses: number;
}

const isoOf = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString();

/** Redeem batches, newest first (or one), with what their codes are worth and how they were used. */
export async function redeemBatches(
  db: Db,
  options: { batchId?: number; order?: 'newest' | 'oldest' } = {},
): Promise<RedeemBatchSummary[]> {
  const where = options.batchId === undefined ? sql`` : sql`WHERE b.id = ${options.batchId}`;
  const order = options.order === 'oldest' ? sql`b.id ASC` : sql`b.id DESC`;
  const rows = rowsOf<BatchRow>(
    await db.execute(sql`
      SELECT b.id, b.note, b.created_at,
             min(c.group_type)::int AS group_type, min(c.duration_days)::int AS days,
             min(c.plan_id)::int AS plan_id, max(c.expires_at) AS expires_at,
             count(c.id)::int AS codes,
             count(c.id) FILTER (WHERE c.used_count = 0 AND NOT c.disabled)::int AS unused,
             count(c.id) FILTER (WHERE c.used_count > 0)::int AS used,
             count(c.id) FILTER (WHERE c.disabled)::int AS disabled,
             coalesce(sum(c.used_count), 0)::int AS redemptions,
             coalesce(sum(c.max_uses), 0)::int AS uses
      FROM redeem_batches b LEFT JOIN redeem_codes c ON c.batch_id = b.id
      ${where}
      GROUP BY b.id ORDER BY ${order}`),
  );
  return rows.map((r) => ({
    id: Number(r.id),
    note: r.note,
    createdAt: new Date(r.created_at).toISOString(),
    groupType: r.group_type === 1 || r.group_type === 2 ? r.group_type : null,
    days: r.days,
    planId: r.plan_id,
    expiresAt: isoOf(r.expires_at),
    codes: Number(r.codes),
    unused: Number(r.unused),
    used: Number(r.used),
    disabled: Number(r.disabled),
    redemptions: Number(r.redemptions),
    uses: Number(r.uses),
  }));
}

interface CodeRow {
  id: number | string;
  code: string;
  batch_id: number;
  note: string;
  group_type: number;
  duration_days: number;
  plan_id: number | null;
  max_uses: number;
  used_count: number;
  expires_at: Date | string | null;
  disabled: boolean;
  created_at: Date | string;
}

/**
 * One redeem code by its text (as printed or typed: `normaliseRedeemCode`), with its batch and every
 * redemption, the newest first; REDEEM_CODE_NOT_FOUND when there is none.
 */
export async function findRedeemCode(db: Db, input: unknown): Promise<RedeemCodeDetail> {
  const code = normaliseRedeemCode(checked(redeemCodeInput, input).code);
  const [row] = rowsOf<CodeRow>(
    await db.execute(sql`
      SELECT c.id, c.code, c.batch_id, b.note, c.group_type, c.duration_days, c.plan_id,
             c.max_uses, c.used_count, c.expires_at, c.disabled, c.created_at
      FROM redeem_codes c JOIN redeem_batches b ON b.id = c.batch_id
      WHERE c.code = ${code}`),
  );
  if (!row) throw fail('REDEEM_CODE_NOT_FOUND');
  const redemptions = rowsOf<{ user_id: number; created_at: Date | string }>(
    await db.execute(sql`
      SELECT user_id, created_at FROM redemptions
      WHERE code_id = ${Number(row.id)} ORDER BY created_at DESC, id DESC`),
  );
  return {
    code: row.code,
    batchId: Number(row.batch_id),
    batchNote: row.note,
    groupType: row.group_type === 2 ? 2 : 1,
    days: Number(row.duration_days),
    planId: row.plan_id === null ? null : Number(row.plan_id),
    maxUses: Number(row.max_uses),
    usedCount: Number(row.used_count),
    expiresAt: isoOf(row.expires_at),
    disabled: row.disabled,
    createdAt: new Date(row.created_at).toISOString(),
    redemptions: redemptions.map((r) => ({
      userId: Number(r.user_id),
      at: new Date(r.created_at).toISOString(),
    })),
  };
}

/** The switch, the hours and every seat price. */
export async function groupBuyStore(db: Db): Promise<GroupBuyStore> {
  const [enabled, settings, prices] = await Promise.all([
    groupBuyEnabled(db),
    readGroupBuySettings(db),
    db
      .select()
      .from(groupPrices)
      .orderBy(asc(groupPrices.planId), asc(groupPrices.size), asc(groupPrices.currency)),
  ]);
  return {
    enabled,
    hours: settings.hours,
    prices: prices.map((p) => ({
      planId: p.planId,
      size: p.size,
      currency: p.currency,
      amount: p.amount,
    })),
  };
}

/** Seat prices of one plan, or all (the CLI's `group-buy prices [--plan]`). */
export async function seatPrices(db: Db, planId?: number) {
  return db
    .select()
    .from(groupPrices)
    .where(planId === undefined ? undefined : eq(groupPrices.planId, planId))
    .orderBy(asc(groupPrices.planId), asc(groupPrices.size), asc(groupPrices.currency));
}
