/**
 * What applying one gateway notification came to (creditOrder): its own module so the steps
 * (credit-steps.ts) and the path that runs them (credit-order.ts) both name it without importing
 * each other.
 */
import type { FlagReason } from './payment-flags';

export type CreditOutcome =
  | {
      readonly result: 'credited';
      readonly orderNo: string;
      readonly late: boolean;
      /** The effects that changed something, by name (e.g. ['membership', 'inviteReward']). */
      readonly effects: readonly string[];
    }
  /** This trade was already applied: nothing changed. */
  | { readonly result: 'duplicate'; readonly orderNo: string }
  /** Not credited; an operator flag says why. */
  | { readonly result: 'flagged'; readonly reason: FlagReason; readonly orderNo: string }
  /** A failed / expired notification closed the pending order. */
  | { readonly result: 'closed'; readonly orderNo: string; readonly status: 'failed' | 'expired' }
  /** A failed / expired notification for an order that is no longer pending: nothing changed. */
  | { readonly result: 'ignored'; readonly orderNo: string };
