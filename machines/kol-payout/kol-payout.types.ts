import type { DataOf, endpoints } from '../../contract';

/** What a payout request answers: the settlement made. */
export type PayoutSettlement = DataOf<typeof endpoints.kolRequestPayout>;

/** The part of the KOL summary the payout button depends on. */
export interface PayoutBalance {
  /** Available earnings in US cents (clawbacks netted). */
  readonly availableCents: number;
  /** SPEC §9: $100. */
  readonly thresholdCents: number;
  /** A payout needs an address to go to. */
  readonly hasPayoutAddress: boolean;
}

export interface KolPayoutContext extends PayoutBalance {
  /** The settlement the last request made; null before one. */
  readonly settlement: PayoutSettlement | null;
  /** Contract error code of the last failed request, or null. */
  readonly errorCode: number | null;
}

export type KolPayoutEvent =
  /** The summary arrived or changed (after a payout, a refund, the window passing). */
  | ({ readonly type: 'BALANCE' } & PayoutBalance)
  /** The request-payout button: asks for confirmation first. */
  | { readonly type: 'REQUEST' }
  | { readonly type: 'CONFIRM' }
  | { readonly type: 'CANCEL' }
  /** Closes the confirmation of a request made. */
  | { readonly type: 'DISMISS' };
