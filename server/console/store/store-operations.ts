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
import { writeAudit, type AuditActor } from '../audit';
import { couponView, redeemBatches, storePlan } from './store-record';
import { checked } from '../checked-input';

export interface StoreDeps {
  readonly db: Db;
  readonly now: () => Date;
}

/** Runs `change` in a transaction; a unique key the change hit becomes `onUnique`. */
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

// --- plans ---

/** Adds a plan with its prices, on sale at once. */
export async function addPlan(
  deps: StoreDeps,
  actor: AuditActor,
  input: unknown,
): Promise<StorePlan> {
  const spec = checked(planAddInput, input);
  const at = deps.now();
  await uniquely(
    () =>
      deps.db.transaction(async (tx) => {
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
        await writeAudit(tx, actor, {
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
          at,
        });
      }),
    'PLAN_EXISTS',
  );
  return (await storePlan(deps.db, spec.id))!;
}

/** Sets a plan's price in one currency; orders already placed keep theirs. */
export async function setPlanPrice(
  deps: StoreDeps,
  actor: AuditActor,
  input: unknown,
): Promise<{ plan: StorePlan; before: number | null }> {
  const { planId, currency, amount } = checked(planPriceInput, input);
  const at = deps.now();
  const before = await deps.db.transaction(async (tx) => {
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
    await writeAudit(tx, actor, {
      action: 'plan.price',
      target: planTarget(planId),
      before: { currency, amount: old?.amount ?? null },
      after: { currency, amount },
      at,
    });
    return old?.amount ?? null;
  });
  return { plan: (await storePlan(deps.db, planId))!, before };
}

/** Takes a plan off sale, or puts it back. */
export async function setPlanActive(
  deps: StoreDeps,
  actor: AuditActor,
  input: unknown,
): Promise<StorePlan> {
  const { planId, active } = checked(planActiveInput, input);
  const at = deps.now();
  await deps.db.transaction(async (tx) => {
    const locked = await lockPlan(tx, planId);
    await tx.update(plans).set({ active, updatedAt: at }).where(eq(plans.id, planId));
    await writeAudit(tx, actor, {
      action: active ? 'plan.enable' : 'plan.disable',
      target: planTarget(planId),
      before: { active: locked.active },
      after: { active },
      at,
    });
  });
  return (await storePlan(deps.db, planId))!;
}

// --- promo codes ---

/** Creates a promo code: a percentage, or an amount off in one currency. */
export async function createCoupon(
  deps: StoreDeps,
  actor: AuditActor,
  input: unknown,
): Promise<StoreCoupon> {
  const c = checked(couponCreateInput, input);
  const at = deps.now();
  const row = await uniquely(
    () =>
      deps.db.transaction(async (tx) => {
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
        const [inserted] = await tx
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
          .returning();
        const view = couponView(inserted!);
        await writeAudit(tx, actor, {
          action: 'coupon.create',
          target: `coupon:${view.code}`,
          after: { ...view, createdAt: undefined },
          at,
        });
        return inserted!;
      }),
    'STORE_COUPON_EXISTS',
  );
  return couponView(row);
}

/** Disables a promo code (refused at checkout from now), or enables it again. */
export async function setCouponActive(
  deps: StoreDeps,
  actor: AuditActor,
  input: unknown,
): Promise<StoreCoupon> {
  const { code, active } = checked(couponActiveInput, input);
  const at = deps.now();
  const row = await deps.db.transaction(async (tx) => {
    const [locked] = rowsOf<{ id: number; active: boolean }>(
      await tx.execute(sql`SELECT id, active FROM coupons WHERE code = ${code} FOR UPDATE`),
    );
    if (!locked) throw fail('STORE_COUPON_NOT_FOUND');
    const [updated] = await tx
      .update(coupons)
      .set({ active })
      .where(eq(coupons.id, locked.id))
      .returning();
    await writeAudit(tx, actor, {
      action: active ? 'coupon.enable' : 'coupon.disable',
      target: `coupon:${code}`,
      before: { active: locked.active },
      after: { active },
      at,
    });
    return updated!;
  });
  return couponView(row);
}

// --- redeem codes ---

/**
 * Makes a batch of codes; answers the batch and its codes (the CLI prints them; the console reads
 * them from the export). The trail keeps what they are worth, never the codes.
 */
export async function createRedeemCodes(
  deps: StoreDeps,
  actor: AuditActor,
  input: unknown,
): Promise<{ batch: RedeemBatchSummary; codes: string[] }> {
  const b = checked(redeemBatchInput, input);
  const at = deps.now();
  const expiresAt = b.expiresAt === null ? null : new Date(b.expiresAt);
  if (expiresAt && expiresAt.getTime() <= at.getTime()) throw fail('STORE_DATES_INVALID');
  const made = await deps.db.transaction(async (tx) => {
    if (b.planId !== null) await lockPlan(tx, b.planId);
    const batch = await createRedeemBatch(tx, {
      count: b.count,
      maxUses: b.uses,
      expiresAt,
      note: b.note,
      ...(b.planId !== null ? { planId: b.planId } : { groupType: b.groupType!, days: b.days! }),
    });
    await writeAudit(tx, actor, {
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
      at,
    });
    return batch;
  });
  const [batch] = await redeemBatches(deps.db, { batchId: made.batchId });
  return { batch: batch!, codes: made.codes };
}

/** The shown part of a code in the trail: enough to find it, not enough to redeem it. */
const maskedCode = (code: string) => `…${code.slice(-4)}`;

/** Disables one redeem code; redemptions already made stay. */
export async function disableRedeemCode(
  deps: StoreDeps,
  actor: AuditActor,
  input: unknown,
): Promise<{ code: string; disabled: boolean }> {
  const code = normaliseRedeemCode(checked(redeemCodeInput, input).code);
  const at = deps.now();
  await deps.db.transaction(async (tx) => {
    const [locked] = rowsOf<{ id: number; batch_id: number; disabled: boolean }>(
      await tx.execute(
        sql`SELECT id, batch_id, disabled FROM redeem_codes WHERE code = ${code} FOR UPDATE`,
      ),
    );
    if (!locked) throw fail('REDEEM_CODE_NOT_FOUND');
    await tx.update(redeemCodes).set({ disabled: true }).where(eq(redeemCodes.id, locked.id));
    await writeAudit(tx, actor, {
      action: 'redeem.disable',
      target: `redeem-code:${locked.id}`,
      before: {
        batchId: Number(locked.batch_id),
        code: maskedCode(code),
        disabled: locked.disabled,
      },
      after: { batchId: Number(locked.batch_id), code: maskedCode(code), disabled: true },
      at,
    });
  });
  return { code, disabled: true };
}

const csvCell = (value: string) =>
  /[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;

/**
 * A batch's codes as CSV, oldest first. Codes are money: every export is audited (who, when, which
 * batch, how many codes), the codes themselves never.
 */
export async function exportRedeemBatch(
  deps: StoreDeps,
  actor: AuditActor,
  input: { batchId: unknown },
): Promise<{ filename: string; content: string }> {
  const batchId = checked(redeemBatchIdField, input.batchId);
  const at = deps.now();
  return deps.db.transaction(async (tx) => {
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
    await writeAudit(tx, actor, {
      action: 'redeem.export',
      target: `redeem-batch:${batchId}`,
      after: { batchId, codes: codes.length },
      at,
    });
    return { filename: `redeem-batch-${batchId}.csv`, content: `${lines.join('\r\n')}\r\n` };
  });
}

// --- group buy: the store half ---

/** Sets one seat's price (plan, size, currency), or removes it with `amount: null`. */
export async function setSeatPrice(
  deps: StoreDeps,
  actor: AuditActor,
  input: unknown,
): Promise<{ before: number | null }> {
  const { planId, size, currency, amount } = checked(groupPriceInput, input);
  const at = deps.now();
  return deps.db.transaction(async (tx) => {
    await lockPlan(tx, planId);
    const [old] = rowsOf<{ amount: number | string }>(
      await tx.execute(
        sql`SELECT amount FROM group_prices
            WHERE plan_id = ${planId} AND size = ${size} AND currency = ${currency}`,
      ),
    );
    const before = old ? Number(old.amount) : null;
    await setGroupPrice(tx, planId, size, currency, amount);
    await writeAudit(tx, actor, {
      action: amount === null ? 'group-buy.price-remove' : 'group-buy.price',
      target: planTarget(planId),
      before: { size, currency, amount: before },
      after: { size, currency, amount },
      at,
    });
    return { before };
  });
}

/** How long an open group lasts, 1 to 720 hours (groups opened from now). */
export async function setGroupHours(
  deps: StoreDeps,
  actor: AuditActor,
  input: unknown,
): Promise<{ hours: number }> {
  const { hours } = checked(groupHoursInput, input);
  const at = deps.now();
  await deps.db.transaction(async (tx) => {
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
    await writeAudit(tx, actor, {
      action: 'group-buy.hours',
      target: 'group-buy',
      before: { hours: before },
      after: { hours },
      at,
    });
  });
  return { hours };
}

/** Turns group buy on or off (the display config's switch, the one the pages read). */
export async function setGroupBuySwitch(
  deps: StoreDeps,
  actor: AuditActor,
  input: { enabled: boolean },
): Promise<{ enabled: boolean }> {
  const enabled = input.enabled === true;
  const at = deps.now();
  await deps.db.transaction(async (tx) => {
    await insertSettingIfMissing(tx, DISPLAY_CONFIG_KEY, defaultDisplayConfig);
    await tx.execute(sql`SELECT key FROM settings WHERE key = ${DISPLAY_CONFIG_KEY} FOR UPDATE`);
    const before = await groupBuyEnabled(tx);
    await setGroupBuyEnabled(tx, enabled);
    await writeAudit(tx, actor, {
      action: enabled ? 'group-buy.enable' : 'group-buy.disable',
      target: 'group-buy',
      before: { enabled: before },
      after: { enabled },
      at,
    });
  });
  return { enabled };
}
