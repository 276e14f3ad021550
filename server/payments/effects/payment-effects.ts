/**
 * The effects of a credited payment, in the order they run (and are undone on a refund). A new effect
 * is one module implementing `PaymentEffect`: a core effect is listed here, a feature's registers
 * itself at assembly (server/features.ts) with its rank; the credit and refund paths need no change.
 * Effects run by rank, lowest first. The membership comes first: the invite reward and anything after
 * it may read the buyer's new membership. The group-buy feature's seat ranks between the two (a group
 * order's plan is granted when its group finishes, docs/group-buy.md); the KOL commission ranks after
 * the invite reward, which skips KOLs (they earn the commission instead).
 */
import { inviteRewardEffect } from './invite-reward-effect';
import { membershipEffect } from './membership-effect';
import type { PaymentEffect } from './payment-effect';
import { receiptEffect } from './receipt-effect';

/**
 * The ranks of the core's effects; a feature places its effect between or after them. The receipt
 * comes last: it records what was paid and nothing reads it.
 */
export const EFFECT_RANK = { membership: 100, inviteReward: 300, receipt: 1000 } as const;

const ranks = new Map<PaymentEffect, number>([
  [membershipEffect, EFFECT_RANK.membership],
  [inviteRewardEffect, EFFECT_RANK.inviteReward],
  [receiptEffect, EFFECT_RANK.receipt],
]);

const effects: PaymentEffect[] = [membershipEffect, inviteRewardEffect, receiptEffect];

/** Every effect, core and registered, in rank order (what creditOrder and refundOrder run). */
export const paymentEffects: readonly PaymentEffect[] = effects;

/** Adds a feature's effect at its rank; a second registration under the same name is ignored. */
export function registerPaymentEffect(effect: PaymentEffect, rank: number): void {
  if (effects.some((e) => e.name === effect.name)) return;
  ranks.set(effect, rank);
  effects.push(effect);
  effects.sort((a, b) => ranks.get(a)! - ranks.get(b)!);
}
