/**
 * A receipt for every paid order (issue 22, item 9; docs/messages.md): number, plan, amount,
 * currency, method and date, to the buyer's e-mail (else their phone), in the language of their last
 * sign-in. Queued in the crediting transaction under `receipt:<order number>`, so it exists exactly
 * when the payment does: once, whatever repeats the gateway sends; the message queue sends it.
 * Runs last: nothing depends on it. A refund leaves the receipt as it was (the money was received).
 */
import { sql } from 'drizzle-orm';
import type { ApiLanguage } from '../../../contract';
import { rowsOf } from '../../db/database';
import { enqueueMessage, recipientOf } from '../../messaging/message-queue';
import { receiptText } from '../../messaging/message-texts';
import type { PaymentEffect } from './payment-effect';

interface Buyer {
  email: string | null;
  phone: string | null;
  language: ApiLanguage | null;
  method: string;
}

export const receiptEffect: PaymentEffect = {
  name: 'receipt',
  async apply(payment, { tx }) {
    const [buyer] = rowsOf<Buyer>(
      await tx.execute(sql`
        SELECT u.email, u.phone, u.language, o.method
        FROM users AS u JOIN orders AS o ON o.id = ${payment.order.id}
        WHERE u.id = ${payment.buyerId} AND u.deleted_at IS NULL`),
    );
    const recipient = buyer && recipientOf(buyer);
    if (!recipient) return false;
    const text = receiptText(recipient.language, recipient.channel, {
      orderNo: payment.order.orderNo,
      groupType: payment.order.groupType,
      months: payment.order.months,
      amount: payment.amount,
      currency: payment.currency,
      method: payment.gateway === 'crypto' ? 'crypto' : buyer!.method,
      paidAt: payment.now,
    });
    return enqueueMessage(
      tx,
      {
        key: `receipt:${payment.order.orderNo}`,
        userId: payment.buyerId,
        ...recipient,
        purpose: 'receipt',
        ...text,
      },
      payment.now,
    );
  },
};
