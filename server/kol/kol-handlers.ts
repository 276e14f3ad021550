/**
 * The KOL endpoints (/api/kol/kol_*): the summary of /user/kol, its three paged tabs and the payout
 * request. Only a current KOL gets an answer; anyone else gets KOL_NOT_A_KOL, which the page shows
 * as "You're not a KOL yet". Amounts are US cents. docs/kol.md.
 */
import { sql } from 'drizzle-orm';
import { KOL_PAYOUT_THRESHOLD_CENTS } from '../../contract/kol';
import type { SettlementView } from '../../contract/endpoints/kol';
import { maskInvitee } from '../accounts/account-identifiers';
import type { Authenticated } from '../identity/sessions';
import { rowsOf, type Db } from '../db/database';
import { offsetOf, pageOf, pageOfSql } from '../db/paging';
import { kolSettlements } from '../db/schema';
import { fail } from '../protocol/api-error';
import { requireAuth, type ApiContext, type Handlers } from '../protocol/api-context';
import { activeKolAccount, type KolAccount } from './kol-accounts';
import { readKolSettings } from './kol-settings';
import { SettlementRefused, settleKol, type Settlement } from './settlements';

export interface KolDeps {
  readonly db: Db;
  readonly now?: () => Date;
}

const iso = (value: Date | string) => new Date(value).toISOString();

export function settlementView(row: Settlement): SettlementView {
  return {
    id: row.id,
    paidAt: row.paidAt ? iso(row.paidAt) : null,
    requestedAt: iso(row.createdAt),
    periodFrom: iso(row.periodFrom),
    periodTo: iso(row.periodTo),
    amountCents: row.amountCents,
    network: row.payoutNetwork,
    address: row.payoutAddress,
    txHash: row.txHash,
    status: row.status,
  };
}

/**
 * The ledger's totals as of `now`: a pending row past its window already counts as available; a
 * held row counts only as held (under review) until an operator confirms or voids it.
 */
export interface KolTotals {
  readonly heldCents: number;
  readonly pendingCents: number;
  readonly availableCents: number;
  readonly processingCents: number;
  readonly paidCents: number;
}

export const NO_KOL_TOTALS: KolTotals = {
  heldCents: 0,
  pendingCents: 0,
  availableCents: 0,
  processingCents: 0,
  paidCents: 0,
};

/**
 * The totals of the KOLs `kolIds` (every KOL when absent) at `now`, two grouped statements whatever
 * their number: the console's list of hundreds of KOLs as one KOL's own page. A KOL with nothing
 * booked has zeros.
 */
export async function kolTotalsOf(
  db: Db,
  now: Date,
  kolIds?: readonly number[],
): Promise<Map<number, KolTotals>> {
  const at = now.toISOString();
  const only = kolIds ? sql`WHERE kol_id = ANY (${`{${kolIds.join(',')}}`}::int[])` : sql``;
  const [ledger, paid] = await Promise.all([
    db.execute(sql`
      SELECT kol_id,
        coalesce(sum(commission_cents) FILTER (WHERE status = 'held'), 0) AS held,
        coalesce(sum(commission_cents) FILTER (WHERE status = 'pending' AND available_at > ${at}), 0) AS pending,
        coalesce(sum(commission_cents) FILTER (WHERE status = 'available'
          OR (status = 'pending' AND available_at <= ${at})), 0) AS available
      FROM kol_commissions ${only} GROUP BY kol_id`),
    db.execute(sql`
      SELECT kol_id,
        coalesce(sum(amount_cents) FILTER (WHERE status = 'processing'), 0) AS processing,
        coalesce(sum(amount_cents) FILTER (WHERE status = 'paid'), 0) AS paid
      FROM kol_settlements ${only} GROUP BY kol_id`),
  ]);
  const totals = new Map<number, KolTotals>();
  const of = (id: number) => totals.get(id) ?? NO_KOL_TOTALS;
  for (const r of rowsOf<{ kol_id: number; held: string; pending: string; available: string }>(
    ledger,
  ))
    totals.set(Number(r.kol_id), {
      ...of(Number(r.kol_id)),
      heldCents: Number(r.held),
      pendingCents: Number(r.pending),
      availableCents: Number(r.available),
    });
  for (const r of rowsOf<{ kol_id: number; processing: string; paid: string }>(paid))
    totals.set(Number(r.kol_id), {
      ...of(Number(r.kol_id)),
      processingCents: Number(r.processing),
      paidCents: Number(r.paid),
    });
  return totals;
}

export async function kolTotals(db: Db, kolId: number, now: Date): Promise<KolTotals> {
  return (await kolTotalsOf(db, now, [kolId])).get(kolId) ?? NO_KOL_TOTALS;
}

/** An invitee as a KOL may see them, from a row with the invitee's columns. */
const maskedInvitee = (r: InviteeColumns) =>
  maskInvitee({ id: r.invitee_id, username: r.username, email: r.email, phone: r.phone });

type InviteeColumns = {
  invitee_id: number;
  username: string | null;
  email: string | null;
  phone: string | null;
};

/** A row of the commissions tab: the commission, the order it pays for and the invitee. */
type CommissionColumns = InviteeColumns & {
  id: string | number;
  kind: 'commission' | 'clawback';
  purchase_type: number;
  rate_percent: number;
  paid_amount: string | number;
  paid_currency: 'CNY' | 'USD';
  paid_usd_cents: string | number;
  commission_cents: string | number;
  status: 'held' | 'pending' | 'available' | 'settled' | 'voided';
  available_at: Date | string;
  created_at: Date | string;
  group_type: number;
  months: number;
};

export function createKolHandlers(deps: KolDeps): Handlers {
  const { db } = deps;
  const now = () => deps.now?.() ?? new Date();

  /** The caller and their KOL account; anyone who is not a current KOL gets KOL_NOT_A_KOL. */
  async function requireKolUser(
    context: ApiContext,
  ): Promise<{ user: Authenticated['user']; account: KolAccount }> {
    const { user } = requireAuth(context);
    const account = await activeKolAccount(db, user.id);
    if (!account) throw fail('KOL_NOT_A_KOL');
    return { user, account };
  }

  return {
    async kolSummary(_params, context) {
      const { user, account } = await requireKolUser(context);
      const at = now();
      const settings = await readKolSettings(db);
      return {
        firstRatePercent: account.firstRatePercent,
        renewalRatePercent: account.renewalRatePercent,
        inviteCode: user.inviteCode ?? '',
        payout:
          account.payoutNetwork && account.payoutAddress
            ? { network: account.payoutNetwork, address: account.payoutAddress }
            : null,
        ...(await kolTotals(db, user.id, at)),
        thresholdCents: KOL_PAYOUT_THRESHOLD_CENTS,
        refundWindowDays: settings.refundWindowDays,
        serverTime: at.toISOString(),
      };
    },

    async kolCommissionList(params, context) {
      const { user } = await requireKolUser(context);
      const at = now().toISOString();
      return pageOfSql(
        db,
        params,
        sql`
          SELECT c.id, c.kind, c.purchase_type, c.rate_percent, c.paid_amount, c.paid_currency,
            c.paid_usd_cents, c.commission_cents,
            CASE WHEN c.status = 'pending' AND c.available_at <= ${at} THEN 'available' ELSE c.status END AS status,
            c.available_at, c.created_at, o.group_type, o.months, u.id AS invitee_id, u.username,
            u.email, u.phone
          FROM kol_commissions c
          JOIN orders o ON o.id = c.order_id
          JOIN users u ON u.id = c.invitee_id
          WHERE c.kol_id = ${user.id}
          ORDER BY c.created_at DESC, c.id DESC`,
        sql`kol_commissions WHERE kol_id = ${user.id}`,
        (r: CommissionColumns) => ({
          id: Number(r.id),
          referredUid: maskedInvitee(r),
          product: {
            groupType: r.group_type === 2 ? (2 as const) : (1 as const),
            months: r.months,
          },
          amountPaid: { amount: Number(r.paid_amount), currency: r.paid_currency },
          amountPaidUsdCents: Number(r.paid_usd_cents),
          type: r.purchase_type === 1 ? (1 as const) : (0 as const),
          kind: r.kind,
          ratePercent: r.rate_percent,
          commissionCents: Number(r.commission_cents),
          status: r.status,
          settled: r.status === 'settled' ? (1 as const) : (0 as const),
          availableAt: iso(r.available_at),
          date: iso(r.created_at),
        }),
      );
    },

    async kolSettlementList(params, context) {
      const { user } = await requireKolUser(context);
      const rows = await db
        .select()
        .from(kolSettlements)
        .where(sql`kol_id = ${user.id}`)
        .orderBy(sql`created_at DESC, id DESC`)
        .limit(params.pageSize)
        .offset(offsetOf(params));
      return pageOf(
        db,
        params,
        rows.map(settlementView),
        sql`kol_settlements WHERE kol_id = ${user.id}`,
      );
    },

    async kolInvitationList(params, context) {
      const { user } = await requireKolUser(context);
      return pageOfSql(
        db,
        params,
        sql`
          SELECT u.id AS invitee_id, u.username, u.email, u.phone, i.created_at,
            EXISTS (SELECT 1 FROM orders o WHERE o.user_id = u.id AND o.status = 'paid') AS paid
          FROM invites i JOIN users u ON u.id = i.invitee_id
          WHERE i.inviter_id = ${user.id}
          ORDER BY i.created_at DESC, i.id DESC`,
        sql`invites WHERE inviter_id = ${user.id}`,
        (r: InviteeColumns & { created_at: Date | string; paid: boolean }) => ({
          referredUid: maskedInvitee(r),
          referralDate: iso(r.created_at),
          status: r.paid ? (1 as const) : (0 as const),
        }),
      );
    },

    async kolRequestPayout(_params, context) {
      const { user } = await requireKolUser(context);
      try {
        return settlementView(await settleKol(db, user.id, { requestedBy: 'kol', now: now() }));
      } catch (error) {
        if (!(error instanceof SettlementRefused)) throw error;
        if (error.reason === 'not-a-kol') throw fail('KOL_NOT_A_KOL');
        if (error.reason === 'no-payout-address') throw fail('KOL_NO_PAYOUT_ADDRESS');
        throw fail('KOL_BELOW_THRESHOLD', {
          availableCents: error.availableCents,
          thresholdCents: KOL_PAYOUT_THRESHOLD_CENTS,
        });
      }
    },
  };
}
