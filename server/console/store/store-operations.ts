/**
 * The store's operator functions (issue 21, item 7; docs/console.md): the console's store section and
 * the CLI's `plans`, `coupons`, `redeem` and `group-buy prices|set-price|hours|enable|disable` call
 * these, so each rule is written once. Input is checked with the contract's schemas (a failure is
 * its catalogue error); each change runs in one transaction under a row lock or a unique key, with
 * its audit entry (values before and after) in that transaction. The store's own functions do the
 * work: createRedeemBatch (server/store/redeem-codes.ts), setGroupPrice and setGroupBuyEnabled
 * (server/group-buy/).
 */
import { eq, sql } from 'drizzle-orm';
import {
  couponActiveInput,
  couponCreateInput,
  groupHoursInput,
  groupPriceInput,
  planActiveInput,
  planAddInput,
  planPriceInput,
  redeemBatchIdField,
  redeemBatchInput,
  redeemCodeInput,
  type RedeemBatchSummary,
  type StoreCoupon,
  type StorePlan,
} from '../../../contract/endpoints/console-store';
import { isUniqueViolation, rowsOf, type Db } from '../../db/database';
import { coupons, planPrices, plans, redeemCodes, settings } from '../../db/schema';
import { setGroupPrice } from '../../group-buy/group-prices';
import {
  GROUP_BUY_SETTINGS_KEY,
  defaultGroupBuySettings,
  groupBuyEnabled,
  groupBuySettings,
  readGroupBuySettings,
  setGroupBuyEnabled,
} from '../../group-buy/group-settings';
import { fail } from '../../protocol/api-error';
import { DISPLAY_CONFIG_KEY, defaultDisplayConfig } from '../../settings/default-settings';
import { insertSettingIfMissing } from '../../settings/settings-store';
import { createRedeemBatch, normaliseRedeemCode } from '../../store/redeem-codes';
import { auditedOperation, type Committed, type OperationStep } from '../audited-operation';
import { couponView, redeemBatches, storePlan } from './store-record';
import { checked, checkedBy } from '../checked-input';

export interface StoreDeps {
  readonly db: Db;
  readonly now: () => Date;
}

/** Runs `run`; a unique key it hit becomes `onUnique` (the transaction rolls back). */
async function uniquely<T>(
  run: () => Promise<T>,
  onUnique: Parameters<typeof fail>[0],
): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isUniqueViolation(error)) throw fail(onUnique);
    throw error;
  }
}

interface LockedPlan {
  id: number;
  active: boolean;
}

async function lockPlan(tx: Db, planId: number): Promise<LockedPlan> {
  const [row] = rowsOf<LockedPlan>(
    await tx.execute(sql`SELECT id, active FROM plans WHERE id = ${planId} FOR UPDATE`),
  );
  if (!row) throw fail('PLAN_NOT_FOUND');
  return row;
}

const planTarget = (id: number) => `plan:${id}`;

type Step = OperationStep<StoreDeps>;

/** A plan as the console shows it once its change has committed. */
async function answerPlan(planId: number, { deps }: Committed<StoreDeps, unknown>) {
  return (await storePlan(deps.db, planId))!;
}

// --- plans ---

/** Adds a plan with its prices, on sale at once. */
export const addPlan = auditedOperation(
  checkedBy(planAddInput),
  async ({ tx, audit }: Step, spec) => {
    await uniquely(async () => {
      await tx.insert(plans).values({
        id: spec.id,
        groupType: spec.groupType,
        months: spec.months,
        durationDays: spec.days,
        maxDevices: spec.devices,
        recommended: spec.recommended,
        sort: spec.sort,
      });
      for (const price of spec.prices)
        await tx.insert(planPrices).values({ planId: spec.id, ...price });
    }, 'PLAN_EXISTS');
    await audit({
      action: 'plan.add',
      target: planTarget(spec.id),
      after: {
        groupType: spec.groupType,
        months: spec.months,
        days: spec.days,
        devices: spec.devices,
        prices: spec.prices,
        recommended: spec.recommended,
        sort: spec.sort,
      },
    });
    return spec.id;
  },
  answerPlan,
);

/** Sets a plan's price in one currency; orders already placed keep theirs. */
export const setPlanPrice = auditedOperation(
  checkedBy(planPriceInput),
  async ({ tx, now: at, audit }: Step, { planId, currency, amount }) => {
    await lockPlan(tx, planId);
    const [old] = await tx
      .select({ amount: planPrices.amount })
      .from(planPrices)
      .where(sql`${planPrices.planId} = ${planId} AND ${planPrices.currency} = ${currency}`);
    await tx
      .insert(planPrices)
      .values({ planId, currency, amount })
      .onConflictDoUpdate({ target: [planPrices.planId, planPrices.currency], set: { amount } });
    await tx.update(plans).set({ updatedAt: at }).where(eq(plans.id, planId));
    await audit({
      action: 'plan.price',
      target: planTarget(planId),
      before: { currency, amount: old?.amount ?? null },
      after: { currency, amount },
    });
    return old?.amount ?? null;
  },
  async (before, committed): Promise<{ plan: StorePlan; before: number | null }> => ({
    plan: await answerPlan(committed.value.planId, committed),
    before,
  }),
);

/** Takes a plan off sale, or puts it back. */
export const setPlanActive = auditedOperation(
  checkedBy(planActiveInput),
  async ({ tx, now: at, audit }: Step, { planId, active }) => {
    const locked = await lockPlan(tx, planId);
    await tx.update(plans).set({ active, updatedAt: at }).where(eq(plans.id, planId));
    await audit({
      action: active ? 'plan.enable' : 'plan.disable',
      target: planTarget(planId),
      before: { active: locked.active },
      after: { active },
    });
    return planId;
  },
  answerPlan,
);

// --- promo codes ---

/** Creates a promo code: a percentage, or an amount off in one currency. */
export const createCoupon = auditedOperation(
  checkedBy(couponCreateInput),
  async ({ tx, audit }: Step, c) => {
    if (c.planIds) {
      const found = rowsOf<{ id: number }>(
        await tx.execute(
          sql`SELECT id FROM plans WHERE id IN (${sql.join(
            c.planIds.map((id) => sql`${id}`),
            sql`, `,
          )}) FOR SHARE`,
        ),
      );
      const missing = c.planIds.filter((id) => !found.some((f) => Number(f.id) === id));
      if (missing.length > 0) throw fail('STORE_COUPON_PLANS_INVALID', { missing });
    }
    const [inserted] = await uniquely(
      () =>
        tx
          .insert(coupons)
          .values({
            code: c.code,
            kind: c.percent !== null ? 'percent' : 'fixed',
            percentOff: c.percent,
            amountOff: c.amount,
            currency: c.percent !== null ? null : c.currency,
            planIds: c.planIds,
            maxUses: c.maxUses,
            perUserLimit: c.perUser,
            startsAt: c.startsAt === null ? null : new Date(c.startsAt),
            endsAt: c.endsAt === null ? null : new Date(c.endsAt),
          })
          .returning(),
      'STORE_COUPON_EXISTS',
    );
    const view = couponView(inserted!);
    await audit({
      action: 'coupon.create',
      target: `coupon:${view.code}`,
      after: { ...view, createdAt: undefined },
    });
    return view;
  },
);

/** Disables a promo code (refused at checkout from now), or enables it again. */
export const setCouponActive = auditedOperation(
  checkedBy(couponActiveInput),
  async ({ tx, audit }: Step, { code, active }): Promise<StoreCoupon> => {
    const [locked] = rowsOf<{ id: number; active: boolean }>(
      await tx.execute(sql`SELECT id, active FROM coupons WHERE code = ${code} FOR UPDATE`),
    );
    if (!locked) throw fail('STORE_COUPON_NOT_FOUND');
    const [updated] = await tx
      .update(coupons)
      .set({ active })
      .where(eq(coupons.id, locked.id))
      .returning();
    await audit({
      action: active ? 'coupon.enable' : 'coupon.disable',
      target: `coupon:${code}`,
      before: { active: locked.active },
      after: { active },
    });
    return couponView(updated!);
  },
);

// --- redeem codes ---

/**
 * Makes a batch of codes; answers the batch and its codes (the CLI prints them; the console reads
 * them from the export). The trail keeps what they are worth, never the codes.
 */
export const createRedeemCodes = auditedOperation(
  checkedBy(redeemBatchInput),
  async ({ tx, now: at, audit }: Step, b) => {
    const expiresAt = b.expiresAt === null ? null : new Date(b.expiresAt);
    if (expiresAt && expiresAt.getTime() <= at.getTime()) throw fail('STORE_DATES_INVALID');
    if (b.planId !== null) await lockPlan(tx, b.planId);
    const batch = await createRedeemBatch(tx, {
      count: b.count,
      maxUses: b.uses,
      expiresAt,
      note: b.note,
      ...(b.planId !== null ? { planId: b.planId } : { groupType: b.groupType!, days: b.days! }),
    });
    await audit({
      action: 'redeem.batch',
      target: `redeem-batch:${batch.batchId}`,
      after: {
        count: b.count,
        planId: b.planId,
        groupType: batch.groupType,
        days: batch.days,
        uses: b.uses,
        expiresAt,
        note: b.note,
      },
    });
    return batch;
  },
  async (made, { deps }): Promise<{ batch: RedeemBatchSummary; codes: string[] }> => {
    const [batch] = await redeemBatches(deps.db, { batchId: made.batchId });
    return { batch: batch!, codes: made.codes };
  },
);

/** The shown part of a code in the trail: enough to find it, not enough to redeem it. */
const maskedCode = (code: string) => `…${code.slice(-4)}`;

/** Disables one redeem code; redemptions already made stay. */
export const disableRedeemCode = auditedOperation(
  (input: unknown) => normaliseRedeemCode(checked(redeemCodeInput, input).code),
  async ({ tx, audit }: Step, code) => {
    const [locked] = rowsOf<{ id: number; batch_id: number; disabled: boolean }>(
      await tx.execute(
        sql`SELECT id, batch_id, disabled FROM redeem_codes WHERE code = ${code} FOR UPDATE`,
      ),
    );
    if (!locked) throw fail('REDEEM_CODE_NOT_FOUND');
    await tx.update(redeemCodes).set({ disabled: true }).where(eq(redeemCodes.id, locked.id));
    await audit({
      action: 'redeem.disable',
      target: `redeem-code:${locked.id}`,
      before: {
        batchId: Number(locked.batch_id),
        code: maskedCode(code),
        disabled: locked.disabled,
      },
      after: { batchId: Number(locked.batch_id), code: maskedCode(code), disabled: true },
    });
    return { code, disabled: true };
  },
);

const csvCell = (value: string) =>
  /[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;

/**
 * A batch's codes as CSV, oldest first. Codes are money: every export is audited (who, when, which
 * batch, how many codes), the codes themselves never.
 */
export const exportRedeemBatch = auditedOperation(
  (input: { batchId: unknown }) => checked(redeemBatchIdField, input.batchId),
  async ({ tx, audit }: Step, batchId) => {
    const [batch] = rowsOf<{ id: number }>(
      await tx.execute(sql`SELECT id FROM redeem_batches WHERE id = ${batchId}`),
    );
    if (!batch) throw fail('REDEEM_BATCH_NOT_FOUND');
    const codes = await tx
      .select()
      .from(redeemCodes)
      .where(eq(redeemCodes.batchId, batchId))
      .orderBy(redeemCodes.id);
    const lines = [
      'code,group,days,plan,uses,used,expires_at,disabled',
      ...codes.map((c) =>
        [
          c.code,
          c.groupType === 1 ? 'standard' : 'lite',
          String(c.durationDays),
          c.planId === null ? '' : String(c.planId),
          String(c.maxUses),
          String(c.usedCount),
          c.expiresAt ? c.expiresAt.toISOString() : '',
          c.disabled ? 'yes' : 'no',
        ]
          .map(csvCell)
          .join(','),
      ),
    ];
    await audit({
      action: 'redeem.export',
      target: `redeem-batch:${batchId}`,
      after: { batchId, codes: codes.length },
    });
    return { filename: `redeem-batch-${batchId}.csv`, content: `${lines.join('\r\n')}\r\n` };
  },
);

// --- group buy: the store half ---

/** Sets one seat's price (plan, size, currency), or removes it with `amount: null`. */
export const setSeatPrice = auditedOperation(
  checkedBy(groupPriceInput),
  async ({ tx, audit }: Step, { planId, size, currency, amount }) => {
    await lockPlan(tx, planId);
    const [old] = rowsOf<{ amount: number | string }>(
      await tx.execute(
        sql`SELECT amount FROM group_prices
            WHERE plan_id = ${planId} AND size = ${size} AND currency = ${currency}`,
      ),
    );
    const before = old ? Number(old.amount) : null;
    await setGroupPrice(tx, planId, size, currency, amount);
    await audit({
      action: amount === null ? 'group-buy.price-remove' : 'group-buy.price',
      target: planTarget(planId),
      before: { size, currency, amount: before },
      after: { size, currency, amount },
    });
    return { before };
  },
);

/** How long an open group lasts, 1 to 720 hours (groups opened from now). */
export const setGroupHours = auditedOperation(
  checkedBy(groupHoursInput),
  async ({ tx, now: at, audit }: Step, { hours }) => {
    await insertSettingIfMissing(tx, GROUP_BUY_SETTINGS_KEY, defaultGroupBuySettings);
    await tx.execute(
      sql`SELECT key FROM settings WHERE key = ${GROUP_BUY_SETTINGS_KEY} FOR UPDATE`,
    );
    const before = (await readGroupBuySettings(tx)).hours;
    const value = groupBuySettings.parse({ hours });
    await tx
      .update(settings)
      .set({ value, updatedAt: at })
      .where(eq(settings.key, GROUP_BUY_SETTINGS_KEY));
    await audit({
      action: 'group-buy.hours',
      target: 'group-buy',
      before: { hours: before },
      after: { hours },
    });
    return { hours };
  },
);

/** Turns group buy on or off (the display config's switch, the one the pages read). */
export const setGroupBuySwitch = auditedOperation(
  (input: { enabled: boolean }) => input.enabled === true,
  async ({ tx, audit }: Step, enabled) => {
    await insertSettingIfMissing(tx, DISPLAY_CONFIG_KEY, defaultDisplayConfig);
    await tx.execute(sql`SELECT key FROM settings WHERE key = ${DISPLAY_CONFIG_KEY} FOR UPDATE`);
    const before = await groupBuyEnabled(tx);
    await setGroupBuyEnabled(tx, enabled);
    await audit({
      action: enabled ? 'group-buy.enable' : 'group-buy.disable',
      target: 'group-buy',
      before: { enabled: before },
      after: { enabled },
    });
    return { enabled };
  },
);
