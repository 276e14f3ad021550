/**
 * The effects of a credited payment, in the order they run (and are undone on a refund). A new effect
 * is one module implementing `PaymentEffect` and one line here; the credit and refund paths need no
 * change. The membership comes first: the invite reward and anything after it may read the buyer's
 * new membership. The group seat follows it (a group order's plan is granted when its group finishes,
 * docs/group-buy.md). The KOL commission comes after the invite reward, which skips KOLs (they earn
 * the commission instead).
 */
import { groupSeatEffect } from './group-seat-effect';
import { inviteRewardEffect } from './invite-reward-effect';
import { kolCommissionEffect } from './kol-commission-effect';
import { membershipEffect } from './membership-effect';
import type { PaymentEffect } from './payment-effect';

export const paymentEffects: readonly PaymentEffect[] = [
  membershipEffect,
  groupSeatEffect,
  inviteRewardEffect,
  kolCommissionEffect,
];
