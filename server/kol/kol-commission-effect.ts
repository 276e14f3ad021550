/**
 * The KOL programme's effect of a credited payment: the commission of the buyer's KOL, booked in the
 * crediting transaction (once per order), and taken back in the refund transaction (voided before
 * settlement, clawed back after). The ledger rules are server/kol/ (docs/kol.md).
 */
import { sql } from 'drizzle-orm';
import { rowsOf } from '../db/database';
import { bookKolCommission } from './commission-booking';
import { reverseKolCommission } from './commission-reversal';
import { lockKolAccount } from './kol-accounts';
import type { PaymentEffect } from '../payments/effects/payment-effect';

export const kolCommissionEffect: PaymentEffect = {
  name: 'kolCommission',
  /**
   * The buyer's KOL account, before any users row: a refund then locks order, KOL account, users,
   * and a settlement (KOL account, then its commissions) never waits on a row a refund holds.
   */
  async lock(tx, order) {
    const [kol] = rowsOf<{ kol_id: number }>(
      await tx.execute(sql`
        SELECT k.user_id AS kol_id FROM orders o
        JOIN users b ON b.id = o.user_id
        JOIN kol_accounts k ON k.user_id = b.invited_by
        WHERE o.id = ${order.id}`),
    );
    if (kol) await lockKolAccount(tx, kol.kol_id);
  },
  async apply(payment, { tx }) {
    const outcome = await bookKolCommission(
      tx,
      {
        orderId: payment.order.id,
        buyerId: payment.buyerId,
        amount: payment.amount,
        currency: payment.currency,
        firstPaidOrder: payment.firstPaidOrder,
        payerWallets: payment.payerWallets,
        payerAccount:
          payment.payerAccount === null
            ? undefined
            : {
                gateway: payment.gateway,
                account: payment.payerAccount,
              },
      },
      payment.now,
    );
    return outcome.booked;
  },
  async undo(payment, { tx }) {
    await reverseKolCommission(tx, { orderId: payment.order.id }, 'order refunded', payment.now);
  },
};
