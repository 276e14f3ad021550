/**
 * The console's store section (issue 21, item 7; docs/console.md, docs/store.md): plans and their
 * prices, promo codes, redeem batches with their CSV export, and the store half of group buy (seat
 * prices, the open-group hours, the switch). Money is in minor units on the wire. The CLI's `plans`,
 * `coupons`, `redeem` and `group-buy prices|set-price|hours|enable|disable` commands call the same
 * operator functions (server/console/store/).
 */
import { z } from 'zod';
import { requiredText, wholeNumber, rowId } from '../validation';
import { Errors } from '../errors';
import { isoDate, planGroup } from './common';
import {
  code,
  consoleDownload,
  consoleRead,
  consoleWrite,
  optionalMoment,
  flagField,
} from './console-base';

export const STORE_CURRENCIES = ['CNY', 'USD'] as const;
export type StoreCurrency = (typeof STORE_CURRENCIES)[number];
/** The largest price an operator may set, in minor units (1,000,000.00). */
export const MAX_PRICE_MINOR = 100_000_000;
export const MAX_REDEEM_BATCH = 10_000;
export const REDEEM_NOTE_MAX = 200;
export const COUPON_CODE_PATTERN = /^[A-Z0-9_-]{3,32}$/;

export const planIdField = wholeNumber(Errors.PLAN_ID_INVALID, 1, 2_000_000_000);
/** An existing plan's ID: anything else is a plan that does not exist. */
export const existingPlanIdField = rowId(Errors.PLAN_NOT_FOUND);
export const currencyField = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
  z.enum(STORE_CURRENCIES, code(Errors.CURRENCY_INVALID)),
);
export const priceField = wholeNumber(Errors.PRICE_INVALID, 1, MAX_PRICE_MINOR);

/** A promo code as typed: spaces removed, upper-cased (the members' rule, server/store/coupons.ts). */
export const couponCodeField = z
  .string(code(Errors.STORE_COUPON_CODE_INVALID))
  .transform((v) => v.trim().replace(/\s+/g, '').toUpperCase())
  .pipe(z.string().regex(COUPON_CODE_PATTERN, code(Errors.STORE_COUPON_CODE_INVALID)));

const groupTypeField = z.union([z.literal(1), z.literal(2)], code(Errors.PLAN_TERMS_INVALID));

const optionalStoreMoment = optionalMoment(Errors.STORE_DATES_INVALID);

// --- inputs ---

export const planAddInput = z
  .object({
    id: planIdField,
    groupType: groupTypeField,
    months: wholeNumber(Errors.PLAN_TERMS_INVALID, 1, 120),
    /** Absent: 365 a year for whole years, else 30 a month. */
    days: wholeNumber(Errors.PLAN_TERMS_INVALID, 1, 3660).optional(),
    devices: wholeNumber(Errors.PLAN_TERMS_INVALID, 1, 100),
    prices: z
      .array(z.object({ currency: currencyField, amount: priceField }), {
        error: code(Errors.PRICE_INVALID),
      })
      .min(1, code(Errors.PRICE_INVALID))
      .max(STORE_CURRENCIES.length, code(Errors.PRICE_INVALID))
      .refine(
        (list) => new Set(list.map((p) => p.currency)).size === list.length,
        code(Errors.CURRENCY_INVALID),
      ),
    recommended: flagField.default(false),
    /** Absent: the months. */
    sort: wholeNumber(Errors.PLAN_TERMS_INVALID, 0, 1_000_000).optional(),
  })
  .transform((p) => ({
    ...p,
    days: p.days ?? (p.months % 12 === 0 ? (p.months / 12) * 365 : p.months * 30),
    sort: p.sort ?? p.months,
  }));
export type PlanAddInput = z.input<typeof planAddInput>;

export const planPriceInput = z.object({
  planId: existingPlanIdField,
  currency: currencyField,
  amount: priceField,
});

export const planActiveInput = z.object({
  planId: existingPlanIdField,
  active: flagField,
});

export const couponCreateInput = z
  .object({
    code: couponCodeField,
    percent: wholeNumber(Errors.STORE_COUPON_PERCENT_INVALID, 1, 100).nullable().default(null),
    amount: priceField.nullable().default(null),
    currency: currencyField.nullable().default(null),
    /** null: every plan. */
    planIds: z
      .array(existingPlanIdField, { error: code(Errors.STORE_COUPON_PLANS_INVALID) })
      .min(1, code(Errors.STORE_COUPON_PLANS_INVALID))
      .max(100, code(Errors.STORE_COUPON_PLANS_INVALID))
      .transform((ids) => [...new Set(ids)])
      .nullable()
      .default(null),
    /** null: no total cap. */
    maxUses: wholeNumber(Errors.STORE_COUPON_LIMITS_INVALID, 1, 2_000_000_000)
      .nullable()
      .default(null),
    perUser: wholeNumber(Errors.STORE_COUPON_LIMITS_INVALID, 1, 1_000_000).default(1),
    startsAt: optionalStoreMoment,
    endsAt: optionalStoreMoment,
  })
  .superRefine((c, ctx) => {
    const fixed = c.amount !== null || c.currency !== null;
    if ((c.percent === null) === !fixed || (fixed && (c.amount === null || c.currency === null)))
      ctx.addIssue({ code: 'custom', message: code(Errors.STORE_COUPON_AMOUNT_INVALID) });
    if (c.startsAt && c.endsAt && Date.parse(c.startsAt) >= Date.parse(c.endsAt))
      ctx.addIssue({ code: 'custom', message: code(Errors.STORE_DATES_INVALID) });
  });
export type CouponCreateInput = z.input<typeof couponCreateInput>;

export const couponActiveInput = z.object({
  code: couponCodeField,
  active: flagField,
});

export const redeemBatchInput = z
  .object({
    count: wholeNumber(Errors.REDEEM_BATCH_INVALID, 1, MAX_REDEEM_BATCH),
    /** A plan (its group and days), or a group and a number of days. */
    planId: existingPlanIdField.nullable().default(null),
    groupType: z
      .union([z.literal(1), z.literal(2)], code(Errors.REDEEM_BATCH_INVALID))
      .nullable()
      .default(null),
    days: wholeNumber(Errors.REDEEM_BATCH_INVALID, 1, 3660).nullable().default(null),
    uses: wholeNumber(Errors.REDEEM_BATCH_INVALID, 1, 1_000_000).default(1),
    expiresAt: optionalStoreMoment,
    note: z
      .string(code(Errors.BAD_REQUEST))
      .trim()
      .max(REDEEM_NOTE_MAX, code(Errors.REDEEM_NOTE_TOO_LONG))
      .default(''),
  })
  .superRefine((b, ctx) => {
    const byPlan = b.planId !== null;
    const byTime = b.groupType !== null && b.days !== null;
    if (byPlan === byTime || (byPlan && (b.groupType !== null || b.days !== null)))
      ctx.addIssue({ code: 'custom', message: code(Errors.REDEEM_BATCH_INVALID) });
  });
export type RedeemBatchInput = z.input<typeof redeemBatchInput>;

export const redeemBatchIdField = rowId(Errors.REDEEM_BATCH_NOT_FOUND);

/** One redeem code by its text, as printed or typed (case, spaces and dashes do not matter). */
export const redeemCodeInput = z.object({
  code: requiredText(Errors.REDEEM_CODE_NOT_FOUND, 64),
});

export const groupPriceInput = z.object({
  planId: existingPlanIdField,
  size: z.coerce
    .number(code(Errors.GROUP_PRICE_INVALID))
    .pipe(z.union([z.literal(2), z.literal(3)], code(Errors.GROUP_PRICE_INVALID))),
  currency: currencyField,
  /** null: this size is no longer offered in this currency for the plan. */
  amount: priceField.nullable(),
});

export const groupHoursInput = z.object({ hours: wholeNumber(Errors.GROUP_HOURS_INVALID, 1, 720) });

// --- shapes ---

const price = z.object({ currency: z.enum(STORE_CURRENCIES), amount: z.number().int() });

export const storePlan = z.object({
  id: z.number().int(),
  groupType: planGroup,
  months: z.number().int(),
  durationDays: z.number().int(),
  maxDevices: z.number().int(),
  recommended: z.boolean(),
  active: z.boolean(),
  sort: z.number().int(),
  prices: z.array(price),
  /** One seat's price in a group of 2 or 3. */
  groupPrices: z.array(
    z.object({ size: z.union([z.literal(2), z.literal(3)]), prices: z.array(price) }),
  ),
});
export type StorePlan = z.infer<typeof storePlan>;

export const storeCoupon = z.object({
  code: z.string(),
  kind: z.enum(['percent', 'fixed']),
  percentOff: z.number().int().nullable(),
  amountOff: z.number().int().nullable(),
  currency: z.enum(STORE_CURRENCIES).nullable(),
  planIds: z.array(z.number().int()).nullable(),
  maxUses: z.number().int().nullable(),
  usedCount: z.number().int(),
  perUserLimit: z.number().int(),
  startsAt: isoDate.nullable(),
  endsAt: isoDate.nullable(),
  active: z.boolean(),
  createdAt: isoDate,
});
export type StoreCoupon = z.infer<typeof storeCoupon>;

/** The answers of a change: the plan or the promo code as it is now. */
const planAnswer = z.object({ plan: storePlan });
const couponAnswer = z.object({ coupon: storeCoupon });

export const redeemBatchSummary = z.object({
  id: z.number().int(),
  note: z.string(),
  createdAt: isoDate,
  groupType: planGroup.nullable(),
  days: z.number().int().nullable(),
  planId: z.number().int().nullable(),
  expiresAt: isoDate.nullable(),
  codes: z.number().int(),
  /** Codes never redeemed (and not disabled). */
  unused: z.number().int(),
  /** Codes redeemed at least once. */
  used: z.number().int(),
  disabled: z.number().int(),
  /** Redemptions over the uses the batch allows in all. */
  redemptions: z.number().int(),
  uses: z.number().int(),
});
export type RedeemBatchSummary = z.infer<typeof redeemBatchSummary>;

/** One redeem code as support looks it up: what it is worth, its state and who redeemed it. */
export const redeemCodeDetail = z.object({
  code: z.string(),
  batchId: z.number().int(),
  batchNote: z.string(),
  groupType: planGroup,
  days: z.number().int(),
  planId: z.number().int().nullable(),
  maxUses: z.number().int(),
  usedCount: z.number().int(),
  expiresAt: isoDate.nullable(),
  disabled: z.boolean(),
  createdAt: isoDate,
  /** Every redemption, the newest first. */
  redemptions: z.array(z.object({ userId: z.number().int(), at: isoDate })),
});
export type RedeemCodeDetail = z.infer<typeof redeemCodeDetail>;

export const groupBuyStore = z.object({
  enabled: z.boolean(),
  hours: z.number().int(),
  prices: z.array(
    z.object({
      planId: z.number().int(),
      size: z.union([z.literal(2), z.literal(3)]),
      currency: z.enum(STORE_CURRENCIES),
      amount: z.number().int(),
    }),
  ),
});
export type GroupBuyStore = z.infer<typeof groupBuyStore>;

// --- endpoints ---

export const consoleStorePlans = consoleRead({
  path: '/api/admin/store/plans',
  access: 'store.manage',
  data: z.object({ plans: z.array(storePlan) }),
  summary:
    'Every plan, on sale or not, with its prices per currency (minor units) and seat prices.',
});

export const consoleStorePlanAdd = consoleWrite({
  path: '/api/admin/store/plans/add',
  access: 'store.manage',
  stepUp: true,
  input: planAddInput,
  data: planAnswer,
  summary: 'Add a plan (group, months, days, devices) with its prices; on sale at once (step-up).',
});

export const consoleStorePlanPrice = consoleWrite({
  path: '/api/admin/store/plans/price',
  access: 'store.manage',
  stepUp: true,
  input: planPriceInput,
  data: planAnswer,
  summary: "Set a plan's price in one currency, for new orders only (step-up).",
});

export const consoleStorePlanActive = consoleWrite({
  path: '/api/admin/store/plans/active',
  access: 'store.manage',
  input: planActiveInput,
  data: planAnswer,
  summary: 'Take a plan off sale or put it back (orders already placed are unaffected).',
});

export const consoleStoreCoupons = consoleRead({
  path: '/api/admin/store/coupons',
  access: 'store.manage',
  data: z.object({ coupons: z.array(storeCoupon) }),
  summary: 'Every promo code with its discount, plans, uses so far, limits, window and state.',
});

export const consoleStoreCouponCreate = consoleWrite({
  path: '/api/admin/store/coupons/create',
  access: 'store.manage',
  stepUp: true,
  input: couponCreateInput,
  data: couponAnswer,
  summary:
    'Create a promo code: a percentage (any currency) or an amount in one currency, plans, max uses, per member, start and end (step-up).',
});

export const consoleStoreCouponActive = consoleWrite({
  path: '/api/admin/store/coupons/active',
  access: 'store.manage',
  input: couponActiveInput,
  data: couponAnswer,
  summary: 'Disable a promo code (refused at checkout from now) or enable it again.',
});

export const consoleStoreRedeemBatches = consoleRead({
  path: '/api/admin/store/redeem-batches',
  access: 'store.manage',
  data: z.object({ batches: z.array(redeemBatchSummary) }),
  summary:
    'Redeem code batches, newest first, with their value and used, unused and disabled codes.',
});

export const consoleStoreRedeemBatchCreate = consoleWrite({
  path: '/api/admin/store/redeem-batches/create',
  access: 'store.manage',
  stepUp: true,
  input: redeemBatchInput,
  data: z.object({ batch: redeemBatchSummary }),
  summary:
    'Make a batch of N redeem codes for a plan or a group and days; the codes are read from its CSV export (step-up).',
});

export const consoleStoreRedeemExport = consoleDownload({
  path: '/api/admin/store/redeem-batches/export',
  access: 'store.manage',
  download: 'text/csv',
  input: z.object({ batchId: redeemBatchIdField }),
  summary:
    "A batch's codes as CSV (code, uses, used, expiry, disabled), saved as a file; every export is audited.",
});

export const consoleStoreRedeemCode = consoleRead({
  path: '/api/admin/store/redeem-codes/find',
  access: 'store.manage',
  input: redeemCodeInput,
  data: z.object({ code: redeemCodeDetail }),
  summary:
    'One redeem code by its text: its batch, value, uses, expiry, whether it is disabled, and who redeemed it when.',
});

export const consoleStoreRedeemDisable = consoleWrite({
  path: '/api/admin/store/redeem-codes/disable',
  access: 'store.manage',
  input: redeemCodeInput,
  data: z.object({ code: z.string(), disabled: z.boolean() }),
  summary: 'Disable one redeem code: it is refused from now (redemptions made stay).',
});

export const consoleStoreGroupBuy = consoleRead({
  path: '/api/admin/store/group-buy',
  access: 'store.manage',
  data: groupBuyStore,
  summary:
    "Group buy's switch, how long an open group lasts, and the seat prices per plan, size and currency.",
});

export const consoleStoreGroupPrice = consoleWrite({
  path: '/api/admin/store/group-buy/price',
  access: 'store.manage',
  stepUp: true,
  input: groupPriceInput,
  data: groupBuyStore,
  summary:
    "Set a seat's price in a group of 2 or 3 for a plan and currency, or remove it (step-up).",
});

export const consoleStoreGroupHours = consoleWrite({
  path: '/api/admin/store/group-buy/hours',
  access: 'store.manage',
  input: groupHoursInput,
  data: groupBuyStore,
  summary: 'How long an open group lasts, 1 to 720 hours (groups opened from now).',
});

export const consoleStoreGroupEnabled = consoleWrite({
  path: '/api/admin/store/group-buy/enabled',
  access: 'store.manage',
  input: z.object({ enabled: flagField }),
  data: groupBuyStore,
  summary: 'Turn group buy on or off (off: new groups and joins are refused; open groups go on).',
});

export const consoleStoreEndpoints = {
  consoleStorePlans,
  consoleStorePlanAdd,
  consoleStorePlanPrice,
  consoleStorePlanActive,
  consoleStoreCoupons,
  consoleStoreCouponCreate,
  consoleStoreCouponActive,
  consoleStoreRedeemBatches,
  consoleStoreRedeemBatchCreate,
  consoleStoreRedeemExport,
  consoleStoreRedeemCode,
  consoleStoreRedeemDisable,
  consoleStoreGroupBuy,
  consoleStoreGroupPrice,
  consoleStoreGroupHours,
  consoleStoreGroupEnabled,
} as const;
