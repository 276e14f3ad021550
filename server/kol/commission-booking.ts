/**
 * The commission of the buyer's KOL for a credited payment. Runs inside the crediting transaction
 * (server/payments/effects/kol-commission-effect.ts, after the order is marked paid), so the commission exists exactly when the payment does. One commission per order: the
 * partial unique index on kol_commissions (order_id) WHERE kind = 'commission' makes a repeated,
 * late or concurrent notification book nothing more. docs/kol.md.
 */
import { sql } from 'drizzle-orm';
import { USD_RATE_MICROS_OF_USD, commissionCents, toUsdCents } from '../../contract/kol';
import { CommissionPurchaseType } from '../../contract/enums';
import { rowsOf, type Db } from '../db/database';
import { kolCommissions } from '../db/schema';
import { DAY_MS, readKolSettings } from './kol-settings';
import { selfReferralSignal, type HoldReason } from './self-referral';

export interface CommissionSource {
  readonly orderId: number;
  /** The account the order's membership went to. */
  readonly buyerId: number;
  /** What was actually paid (the order total after any promo code), minor units. */
  readonly amount: number;
  readonly currency: 'CNY' | 'USD';
  /**
   * Who paid, when not the buyer (a group seat someone else paid for): such a seat earns nothing.
   * Undefined or the buyer: the buyer paid.
   */
  readonly paidByUserId?: number;
  /**
   * The wallets a crypto payment came from, when known: the KOL's payout wallet, or a wallet the
   * KOL paid its own orders from, holds the commission for review (server/kol/self-referral.ts).
   */
  readonly payerWallets?: readonly string[];
  /** The buyer's account at the gateway, when its notification named one (a review signal too). */
  readonly payerAccount?: { readonly gateway: string; readonly account: string };
  /** No other order of the buyer holds a payment still paid: SPEC §3's purchase type 'first'. */
  readonly firstPaidOrder: boolean;
}

export type CommissionOutcome =
  | { readonly booked: false; readonly reason: 'no-kol' | 'paid-by-someone-else' | 'duplicate' }
  | {
      readonly booked: true;
      readonly kolId: number;
      readonly commissionId: number;
      readonly status: 'held' | 'pending' | 'available';
      /** Why it is held: the self-referral signal that matched. */
      readonly hold?: HoldReason;
    };

interface InviterKol {
  kol_id: number;
  first_rate_percent: number;
  renewal_rate_percent: number;
  payout_address: string | null;
}

export async function bookKolCommission(
  tx: Db,
  payment: CommissionSource,
  now: Date,
): Promise<CommissionOutcome> {
  if (payment.paidByUserId !== undefined && payment.paidByUserId !== payment.buyerId)
    return { booked: false, reason: 'paid-by-someone-else' };
  // Attribution was fixed at sign-up (users.invited_by); the inviter must be a KOL right now.
  const [kol] = rowsOf<InviterKol>(
    await tx.execute(sql`
      SELECT k.user_id AS kol_id, k.first_rate_percent, k.renewal_rate_percent, k.payout_address
      FROM users b JOIN kol_accounts k ON k.user_id = b.invited_by
      WHERE b.id = ${payment.buyerId} AND k.user_id <> b.id
        AND k.ended_at IS NULL AND k.started_at <= ${now.toISOString()}`),
  );
  if (!kol) return { booked: false, reason: 'no-kol' };

  const settings = await readKolSettings(tx);
  const type = payment.firstPaidOrder
    ? CommissionPurchaseType.FIRST
    : CommissionPurchaseType.RENEWAL;
  const ratePercent =
    type === CommissionPurchaseType.FIRST ? kol.first_rate_percent : kol.renewal_rate_percent;
  const usdRateMicros =
    payment.currency === 'USD' ? USD_RATE_MICROS_OF_USD : settings.cnyUsdRateMicros;
  const paidUsdCents = toUsdCents(payment.amount, usdRateMicros);
  // A buyer tied to the KOL by a device, an address, a wallet or a payment account: held for an
  // operator (kol confirm / kol void); it never matures by itself (docs/kol.md).
  const hold = await selfReferralSignal(tx, {
    kolId: kol.kol_id,
    kolPayoutAddress: kol.payout_address,
    buyerId: payment.buyerId,
    ...(payment.payerWallets ? { payerWallets: payment.payerWallets } : {}),
    ...(payment.payerAccount ? { payerAccount: payment.payerAccount } : {}),
  });
  const status = hold ? 'held' : settings.refundWindowDays === 0 ? 'available' : 'pending';

  const inserted = await tx
    .insert(kolCommissions)
    .values({
      kolId: kol.kol_id,
      inviteeId: payment.buyerId,
      orderId: payment.orderId,
      kind: 'commission',
      purchaseType: type,
      ratePercent,
      paidAmount: payment.amount,
      paidCurrency: payment.currency,
      usdRateMicros,
      paidUsdCents,
      commissionCents: commissionCents(paidUsdCents, ratePercent),
      status,
      availableAt: new Date(now.getTime() + settings.refundWindowDays * DAY_MS),
      holdSignal: hold?.signal ?? null,
      holdDetail: hold?.detail ?? null,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: kolCommissions.id });
  const row = inserted[0];
  if (!row) return { booked: false, reason: 'duplicate' };
  return {
    booked: true,
    kolId: kol.kol_id,
    commissionId: row.id,
    status,
    ...(hold ? { hold } : {}),
  };
}
