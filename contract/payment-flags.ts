/**
 * Why a payment waits for an operator (docs/payments.md, "What an operator sees"): the reasons of
 * the `payment_flags` rows, which the server writes and the console names in both languages.
 */
export const PAYMENT_FLAG_REASONS = [
  'late_payment',
  'amount_mismatch',
  'currency_mismatch',
  'unknown_order',
  // Signed, but its order, trade or currency holds U+0000 (storable-notification.ts): acknowledged.
  'unusable_notification',
  'gateway_mismatch',
  'duplicate_payment',
  'coupon_over_limit',
  'user_missing',
  // Crypto payments (server/crypto, docs/crypto-pay.md): more than quoted arrived (credited, excess
  // in the details); paid after the quote expired while the price changed; paid over 7 days late.
  'crypto_overpaid',
  'crypto_price_changed',
  'crypto_too_late',
  // A credited order's transfer left the chain (a reorg deeper than the confirmations); the
  // membership stays until an operator decides (server/crypto/reorg-after-credit.ts).
  'crypto_reorged_after_credit',
  // Group buy (docs/group-buy.md): a seat's payment arrived after its group ended, filled or closed
  // (the ending job refunds it); a share the gateway cannot refund by API, for the operator.
  'group_seat_unavailable',
  'group_refund_due',
] as const;

export type PaymentFlagReason = (typeof PAYMENT_FLAG_REASONS)[number];
