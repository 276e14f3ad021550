/**
 * PostgreSQL's text and jsonb cannot hold U+0000 (nor jsonb a lone surrogate), and a gateway-signed
 * notification may carry it (issue 19, item 7): every notification route passes what it verified
 * through here before anything reaches the database (server/web/storable-text.ts). Identifying
 * fields holding such text (order, trade, currency) name nothing this
 * server made: the notification is acknowledged and flagged `unusable_notification` for the operator
 * (a 4xx or 5xx would make the gateway deliver it again for days); reconciliation still asks the
 * gateway about every pending order, so a real payment is not lost. U+0000 anywhere else (a product
 * name, a metadata field) becomes U+FFFD in the stored copy and the payment is applied.
 */
import type { Db } from '../db/database';
import type { VerifiedNotification } from '../gateways/gateway';
import { holdsUnstorableText, storableCopy } from '../web/storable-text';
import { flagTrade } from './payment-flags';

export type StorableCheck =
  | { readonly usable: true; readonly notification: VerifiedNotification }
  | { readonly usable: false; readonly sanitised: VerifiedNotification };

export function storableNotification(notification: VerifiedNotification): StorableCheck {
  const { orderNo, tradeNo, currency } = notification;
  const sanitised: VerifiedNotification = {
    ...notification,
    orderNo: storableCopy(orderNo),
    tradeNo: storableCopy(tradeNo),
    currency: storableCopy(currency),
    raw: storableCopy(notification.raw),
  };
  const identifiesNothing = holdsUnstorableText([orderNo, tradeNo, currency]);
  return identifiesNothing
    ? { usable: false, sanitised }
    : { usable: true, notification: sanitised };
}

/** One `unusable_notification` flag per (gateway, trade as stored), however often it is delivered. */
export async function flagUnusableNotification(
  db: Db,
  sanitised: VerifiedNotification,
): Promise<void> {
  const { gateway, tradeNo } = sanitised;
  await db.transaction(async (tx) => {
    await flagTrade(tx, {
      gateway,
      tradeNo,
      reason: 'unusable_notification',
      details: {
        note: 'signed notification with U+0000 or a lone surrogate in its order, trade or currency (shown as U+FFFD)',
        orderNo: sanitised.orderNo,
        status: sanitised.status,
        amount: sanitised.amount,
        currency: sanitised.currency,
        raw: sanitised.raw,
      },
    });
  });
}
