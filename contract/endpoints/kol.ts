/**
 * The KOL programme (issue 14): the KOL's summary, the three tabs of /user/kol (SPEC §3's
 * commission, settlement and invitation tables, paged) and the payout request. Every amount is in
 * US cents. Rules in docs/kol.md.
 */
import { z } from 'zod';
import {
  KOL_COMMISSION_KINDS,
  KOL_COMMISSION_STATUSES,
  KOL_PAGE_SIZE,
  KOL_SETTLEMENT_STATUSES,
  PAYOUT_NETWORKS,
} from '../kol';
import { defineEndpoint } from '../define-endpoint';
import { isoDate, money, pagedOf, planTerms } from './common';

const cents = z.number().int();
const payoutNetwork = z.enum(PAYOUT_NETWORKS);

export const pageParams = z.object({
  /** 1-based. */
  page: z.number().int().min(1).max(100_000).default(1),
  pageSize: z.number().int().min(1).max(KOL_PAGE_SIZE.max).default(KOL_PAGE_SIZE.default),
});

/** 'held': under review (a self-referral signal matched); it does not mature until confirmed. */
export const commissionStatus = z.enum(KOL_COMMISSION_STATUSES);
export type CommissionStatusName = z.infer<typeof commissionStatus>;

export const settlementView = z.object({
  id: z.number().int(),
  /** When it was paid; null while the payout is processing. */
  paidAt: isoDate.nullable(),
  requestedAt: isoDate,
  periodFrom: isoDate,
  periodTo: isoDate,
  amountCents: cents,
  network: payoutNetwork,
  address: z.string(),
  /** Null until the operator records the payout. */
  txHash: z.string().nullable(),
  status: z.enum(KOL_SETTLEMENT_STATUSES),
});
export type SettlementView = z.infer<typeof settlementView>;

export const kolSummary = defineEndpoint({
  path: '/api/kol/kol_summary',
  auth: 'session',
  data: z.object({
    firstRatePercent: z.number().int(),
    renewalRatePercent: z.number().int(),
    /** The KOL's invite code (the link is `/register?invite=<code>`). */
    inviteCode: z.string(),
    payout: z.object({ network: payoutNetwork, address: z.string() }).nullable(),
    /** Held for review: counted nowhere else until an operator confirms (then pending) or voids it. */
    heldCents: cents,
    /** Inside the refund window. */
    pendingCents: cents,
    /** Past the window, not yet in a settlement (clawbacks netted). */
    availableCents: cents,
    /** In settlements whose payout is not recorded yet. */
    processingCents: cents,
    /** In settlements paid. */
    paidCents: cents,
    thresholdCents: cents,
    /** Days a commission stays pending after the payment (for new commissions). */
    refundWindowDays: z.number().int(),
    serverTime: isoDate,
  }),
  summary:
    "The KOL's rates, invite code, payout address and totals (pending, available, processing, paid).",
});

export const kolCommissionList = defineEndpoint({
  path: '/api/kol/kol_commission_list',
  auth: 'session',
  params: pageParams,
  data: pagedOf(
    z.object({
      id: z.number().int(),
      /** Masked like the invite list: `ab***`, `j***@example.com`, `#12***`. */
      referredUid: z.string(),
      /** The plan of the order the commission was earned on. */
      product: planTerms,
      /** What the friend paid, as paid, and in US cents at the stored rate. */
      amountPaid: money,
      amountPaidUsdCents: cents,
      /** SPEC §3: 0 first, 1 renewal. */
      type: z.union([z.literal(0), z.literal(1)]),
      kind: z.enum(KOL_COMMISSION_KINDS),
      ratePercent: z.number().int(),
      commissionCents: cents,
      status: commissionStatus,
      /** SPEC §3's commission settlement flag: 1 once in a settlement. */
      settled: z.union([z.literal(0), z.literal(1)]),
      /** When a pending commission becomes available (a held one: once confirmed, not before). */
      availableAt: isoDate,
      date: isoDate,
    }),
  ),
  summary: 'The KOL commission ledger, newest first, paged.',
});

export const kolSettlementList = defineEndpoint({
  path: '/api/kol/kol_settlement_list',
  auth: 'session',
  params: pageParams,
  data: pagedOf(settlementView),
  summary: "The KOL's settlements (payouts), newest first, paged.",
});

export const kolInvitationList = defineEndpoint({
  path: '/api/kol/kol_invitation_list',
  auth: 'session',
  params: pageParams,
  data: pagedOf(
    z.object({
      referredUid: z.string(),
      referralDate: isoDate,
      /** SPEC §3 referee status: 0 registered, 1 paid. */
      status: z.union([z.literal(0), z.literal(1)]),
    }),
  ),
  summary: 'The users who signed up with the KOL invite code, newest first, paged.',
});

export const kolRequestPayout = defineEndpoint({
  path: '/api/kol/kol_request_payout',
  auth: 'session',
  data: settlementView,
  summary:
    'Settle every available commission into one payout to the KOL address (available >= $100).',
});
