import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import type { PaymentFlagReason } from '../../../contract/payment-flags';

const TEXT: Record<PaymentFlagReason, ReactNode> = {
  late_payment: <Trans>Paid after the order had ended</Trans>,
  amount_mismatch: <Trans>Paid a different amount than the order's</Trans>,
  currency_mismatch: <Trans>Paid in another currency</Trans>,
  unknown_order: <Trans>A payment for an order we don't know</Trans>,
  unusable_notification: <Trans>A signed notification we could not store</Trans>,
  gateway_mismatch: <Trans>Paid through another gateway than the order's</Trans>,
  duplicate_payment: <Trans>A second payment for a paid order</Trans>,
  coupon_over_limit: <Trans>The promo code was used up meanwhile</Trans>,
  user_missing: <Trans>The buyer's account is gone</Trans>,
  crypto_overpaid: <Trans>More crypto arrived than quoted</Trans>,
  crypto_price_changed: <Trans>Paid after the quote expired, at another price</Trans>,
  crypto_too_late: <Trans>Crypto paid more than 7 days late</Trans>,
  crypto_reorged_after_credit: <Trans>The credited transfer left the chain (reorg)</Trans>,
  group_seat_unavailable: <Trans>A group seat paid after the group ended</Trans>,
  group_refund_due: <Trans>A group share to refund by hand</Trans>,
};

/** Why a payment waits for an operator, in words; a reason this console does not know, as written. */
export function FlagReason({ reason }: { reason: string }) {
  const text = (TEXT as Record<string, ReactNode>)[reason];
  return (
    <>
      {text ?? reason} <code className="console-muted">{reason}</code>
    </>
  );
}
