/**
 * The console's KOL section (issue 21, item 7; docs/console.md, docs/kol.md): the KOLs with their
 * terms and totals, making one, changing the terms and the payout address, ending one; the
 * commissions filtered by KOL and status and the review queue of held ones (confirm or void, with a
 * reason); the settlements, settling one KOL, the payout batch; recording a payout hash (checked on
 * chain), correcting it and verifying it again; the programme's settings and the ledger check. The
 * CLI's `kol` commands call the same operator functions (server/console/kol/).
 */
import { z } from 'zod';
import { requiredText, wholeNumber, rowId } from '../validation';
import { Errors } from '../errors';
import {
  KOL_COMMISSION_KINDS,
  KOL_COMMISSION_STATUSES,
  KOL_RATES,
  KOL_SETTLEMENT_STATUSES,
  PAYOUT_NETWORKS,
  isPayoutAddress,
  type KolCommissionStatus,
  type PayoutCheckReason,
} from '../kol';
import { isoDate } from './common';
import { code, consoleRead, consoleWrite, pagedRead } from './console-base';
import { reasonField } from './console-users';

/** A KOL (or a member to make one) by user ID. */
export const kolIdField = rowId(Errors.KOL_USER_NOT_FOUND);
export const commissionIdField = rowId(Errors.KOL_COMMISSION_NOT_FOUND);
export const settlementIdField = rowId(Errors.KOL_SETTLEMENT_NOT_FOUND);

/** A user ID or a username, as the CLI's `<user>` takes it. */
export const kolUserRefField = requiredText(Errors.KOL_USER_NOT_FOUND, 64);

export const firstRateField = wholeNumber(
  Errors.KOL_FIRST_RATE_INVALID,
  KOL_RATES.firstMinPercent,
  KOL_RATES.firstMaxPercent,
);

export const renewalRateField = wholeNumber(
  Errors.KOL_RENEWAL_RATE_INVALID,
  KOL_RATES.renewalMinPercent,
  KOL_RATES.renewalMaxPercent,
);

/** Where a KOL's USDT goes: the address must be one of the network's. */
export const payoutField = z
  .object({
    network: z.enum(PAYOUT_NETWORKS, code(Errors.KOL_PAYOUT_NETWORK_INVALID)),
    address: z.string(code(Errors.KOL_PAYOUT_ADDRESS_INVALID)).trim(),
  })
  .refine((p) => isPayoutAddress(p.network, p.address), code(Errors.KOL_PAYOUT_ADDRESS_INVALID));

export { KOL_COMMISSION_STATUSES, type KolCommissionStatus };

export const refundWindowField = wholeNumber(Errors.KOL_REFUND_WINDOW_INVALID, 0, 365);

/** USD per CNY as typed ("0.138", up to 6 decimals), read as micros; above 0, at most 10. */
export const cnyUsdRateField = z
  .string(code(Errors.KOL_CNY_RATE_INVALID))
  .trim()
  .regex(/^\d+(\.\d{1,6})?$/, code(Errors.KOL_CNY_RATE_INVALID))
  .transform((value) => {
    const [whole, fraction = ''] = value.split('.');
    return Number(whole) * 1_000_000 + Number(fraction.padEnd(6, '0'));
  })
  .refine((micros) => micros > 0 && micros <= 10_000_000, code(Errors.KOL_CNY_RATE_INVALID));

const noteField = z
  .string(code(Errors.REASON_TOO_LONG))
  .trim()
  .max(500, code(Errors.REASON_TOO_LONG));

// --- shapes ---

export const kolTotalsShape = z.object({
  heldCents: z.number().int(),
  pendingCents: z.number().int(),
  availableCents: z.number().int(),
  processingCents: z.number().int(),
  paidCents: z.number().int(),
});

export const consoleKol = z.object({
  userId: z.number().int(),
  username: z.string().nullable(),
  firstRatePercent: z.number().int(),
  renewalRatePercent: z.number().int(),
  payoutNetwork: z.enum(PAYOUT_NETWORKS).nullable(),
  payoutAddress: z.string().nullable(),
  startedAt: isoDate,
  /** Set when the programme ended for this member; what was earned is still paid. */
  endedAt: isoDate.nullable(),
  totals: kolTotalsShape,
});
export type ConsoleKol = z.infer<typeof consoleKol>;

/** The answer of a change to a KOL: the KOL as they are now. */
const kolAnswer = z.object({ kol: consoleKol });

export const consoleCommission = z.object({
  id: z.number().int(),
  createdAt: isoDate,
  kolId: z.number().int(),
  inviteeId: z.number().int(),
  orderNo: z.string(),
  kind: z.enum(KOL_COMMISSION_KINDS),
  reversesId: z.number().int().nullable(),
  purchaseType: z.enum(['first', 'renewal']),
  ratePercent: z.number().int(),
  /** What the friend paid, in the minor unit of its currency. */
  paidAmount: z.number().int(),
  paidCurrency: z.string(),
  commissionCents: z.number().int(),
  status: z.enum(KOL_COMMISSION_STATUSES),
  availableAt: isoDate.nullable(),
  settlementId: z.number().int().nullable(),
  holdSignal: z.string().nullable(),
  holdDetail: z.string().nullable(),
  reviewNote: z.string().nullable(),
  voidReason: z.string().nullable(),
});
export type ConsoleCommission = z.infer<typeof consoleCommission>;

/** What checking a payout hash on chain concluded. */
const payoutVerification = z.enum(['verified', 'unverified', 'rejected']);

/** contract/kol.ts's PayoutCheckReason on the wire. */
const payoutCheckReason = z.discriminatedUnion('code', [
  z.object({ code: z.literal('not_read_here'), network: z.enum(PAYOUT_NETWORKS) }),
  z.object({ code: z.literal('no_usdt'), chainId: z.number().int() }),
  z.object({ code: z.literal('chain_not_configured'), chainId: z.number().int() }),
  z.object({ code: z.literal('no_verifier') }),
  z.object({ code: z.literal('reverted') }),
  z.object({ code: z.literal('no_transfer') }),
  z.object({ code: z.literal('too_small') }),
  z.object({
    code: z.literal('unconfirmed'),
    confirmations: z.number().int(),
    required: z.number().int(),
  }),
  z.object({ code: z.literal('not_found') }),
  z.object({ code: z.literal('unreachable') }),
]) satisfies z.ZodType<PayoutCheckReason>;

export const consoleSettlement = z.object({
  id: z.number().int(),
  createdAt: isoDate,
  kolId: z.number().int(),
  requestedBy: z.enum(['kol', 'operator']),
  periodFrom: isoDate,
  periodTo: isoDate,
  amountCents: z.number().int(),
  commissionCount: z.number().int(),
  payoutNetwork: z.enum(PAYOUT_NETWORKS),
  payoutAddress: z.string(),
  status: z.enum(KOL_SETTLEMENT_STATUSES),
  txHash: z.string().nullable(),
  verification: payoutVerification.nullable(),
  /** The operator's note with the hash. */
  verificationNote: z.string().nullable(),
  /** Why the hash is not (yet) verified on chain, for the console to word. */
  verificationReason: payoutCheckReason.nullable(),
  paidAt: isoDate.nullable(),
});
export type ConsoleSettlement = z.infer<typeof consoleSettlement>;

export const payoutRecordShape = z.object({
  id: z.number().int(),
  txHash: z.string(),
  verification: payoutVerification,
  note: z.string(),
  reason: payoutCheckReason.nullable(),
  recordedAt: isoDate,
});

export const kolSettingsShape = z.object({
  refundWindowDays: z.number().int(),
  cnyUsdRateMicros: z.number().int(),
});

const payoutAnswer = z.object({
  settlement: consoleSettlement,
  /** False when another recording of this settlement committed meanwhile: this one changed nothing. */
  applied: z.boolean(),
});

// --- endpoints ---

export const consoleKolList = consoleRead({
  path: '/api/admin/kol',
  access: 'kol.manage',
  data: z.object({ kols: z.array(consoleKol), settings: kolSettingsShape }),
  summary:
    'Every KOL, current or former, with the rates, payout address and totals (held, pending, available, processing, paid), and the settings.',
});

export const consoleKolCommissions = pagedRead({
  path: '/api/admin/kol/commissions',
  access: 'kol.manage',
  filters: {
    kolId: kolIdField.optional(),
    status: z.enum(KOL_COMMISSION_STATUSES, code(Errors.BAD_REQUEST)).optional(),
  },
  item: consoleCommission,
  summary: 'Commissions, newest first, filtered by KOL and status (held: the review queue), paged.',
});

export const consoleKolSettlements = pagedRead({
  path: '/api/admin/kol/settlements',
  access: 'kol.manage',
  filters: {
    kolId: kolIdField.optional(),
  },
  item: consoleSettlement,
  summary: 'Settlements, newest first, filtered by KOL, paged.',
});

export const consoleKolSettlementRecord = consoleRead({
  path: '/api/admin/kol/settlements/record',
  access: 'kol.manage',
  input: z.object({ settlementId: settlementIdField }),
  data: z.object({ settlement: consoleSettlement, records: z.array(payoutRecordShape) }),
  summary:
    'A settlement and every payout hash recorded on it (corrections and checks), newest first.',
});

export const consoleKolLedgerCheck = consoleRead({
  path: '/api/admin/kol/ledger-check',
  access: 'kol.manage',
  data: z.object({
    balanced: z.boolean(),
    kols: z.array(
      z.object({
        kolId: z.number().int(),
        booked: z.number().int(),
        voided: z.number().int(),
        settled: z.number().int(),
        available: z.number().int(),
        pending: z.number().int(),
        held: z.number().int(),
        settlementsTotal: z.number().int(),
      }),
    ),
    badSettlements: z.array(z.number().int()),
    doubleBooked: z.array(z.number().int()),
  }),
  summary:
    "The ledger's balance per KOL (booked - voided = settled + available + pending + held), settlements matching their rows, no order booked twice.",
});

export const consoleKolMake = consoleWrite({
  path: '/api/admin/kol/make',
  access: 'kol.manage',
  input: z.object({
    user: kolUserRefField,
    firstRatePercent: firstRateField,
    renewalRatePercent: renewalRateField.optional(),
    payout: payoutField.optional(),
  }),
  data: kolAnswer,
  summary:
    'Make a member a KOL (again): first-purchase rate 25-100 %, renewal 1-25 % (20 % unless told), an optional USDT payout address.',
});

export const consoleKolSet = consoleWrite({
  path: '/api/admin/kol/set',
  access: 'kol.manage',
  input: z.object({
    kolId: kolIdField,
    firstRatePercent: firstRateField.optional(),
    renewalRatePercent: renewalRateField.optional(),
    /** An address, or null to clear it; absent: unchanged. */
    payout: payoutField.nullable().optional(),
  }),
  data: kolAnswer,
  summary: "Change a KOL's rates (new commissions only) or payout address, or clear the address.",
});

export const consoleKolEnd = consoleWrite({
  path: '/api/admin/kol/end',
  access: 'kol.manage',
  input: z.object({ kolId: kolIdField }),
  data: kolAnswer,
  summary:
    'End the programme for a KOL: nothing is booked after this; what was earned is still paid.',
});

export const consoleKolConfirm = consoleWrite({
  path: '/api/admin/kol/commissions/confirm',
  access: 'kol.manage',
  input: z.object({ commissionId: commissionIdField, reason: reasonField }),
  data: z.object({ commission: consoleCommission }),
  summary:
    'Confirm a commission held for review, with a reason: it matures from now on (pending until its refund window ends).',
});

export const consoleKolVoid = consoleWrite({
  path: '/api/admin/kol/commissions/void',
  access: 'kol.manage',
  input: z.object({ commissionId: commissionIdField, reason: reasonField }),
  data: z.object({
    result: z.enum(['voided', 'clawed-back']),
    commission: consoleCommission,
    clawbackId: z.number().int().nullable(),
  }),
  summary:
    'Void a commission (held or fraud) with a reason; a settled one is clawed back against the next payout.',
});

export const consoleKolSettle = consoleWrite({
  path: '/api/admin/kol/settle',
  access: 'kol.payout',
  input: z.object({ kolId: kolIdField }),
  data: z.object({ settlement: consoleSettlement }),
  summary:
    'Settle one KOL: every available commission (clawbacks included) into one settlement to their payout address; once.',
});

export const consoleKolPayoutBatch = consoleWrite({
  path: '/api/admin/kol/payout-batch',
  access: 'kol.payout',
  stepUp: true,
  data: z.object({
    settled: z.array(consoleSettlement),
    skipped: z.array(z.object({ kolId: z.number().int(), reason: z.string() })),
  }),
  summary: 'Settle every KOL (former ones too) whose available total reaches $100 (step-up).',
});

export const consoleKolRecordPayout = consoleWrite({
  path: '/api/admin/kol/settlements/pay',
  access: 'kol.payout',
  stepUp: true,
  input: z.object({
    settlementId: settlementIdField,
    txHash: z
      .string(code(Errors.KOL_TX_HASH_INVALID))
      .trim()
      .max(128, code(Errors.KOL_TX_HASH_INVALID)),
    /** Replace the hash already recorded. */
    correct: z.boolean().default(false),
    note: noteField.optional(),
  }),
  data: payoutAnswer,
  summary:
    "Record (or correct) a settlement's payout hash; checked on chain: verified is paid, rejected stays processing (step-up).",
});

export const consoleKolVerifyPayout = consoleWrite({
  path: '/api/admin/kol/settlements/verify',
  access: 'kol.payout',
  input: z.object({ settlementId: settlementIdField }),
  data: payoutAnswer,
  summary:
    "Check a settlement's recorded hash on chain again (a hash not yet confirmed, an RPC down).",
});

export const consoleKolSettingsUpdate = consoleWrite({
  path: '/api/admin/kol/settings',
  access: 'kol.manage',
  input: z.object({ refundWindowDays: refundWindowField, cnyUsdRate: cnyUsdRateField }),
  data: z.object({ settings: kolSettingsShape }),
  summary:
    'Change the refund window (days a commission stays pending) and the CNY to USD rate; new commissions only.',
});

export const consoleKolEndpoints = {
  consoleKolList,
  consoleKolCommissions,
  consoleKolSettlements,
  consoleKolSettlementRecord,
  consoleKolLedgerCheck,
  consoleKolMake,
  consoleKolSet,
  consoleKolEnd,
  consoleKolConfirm,
  consoleKolVoid,
  consoleKolSettle,
  consoleKolPayoutBatch,
  consoleKolRecordPayout,
  consoleKolVerifyPayout,
  consoleKolSettingsUpdate,
} as const;
