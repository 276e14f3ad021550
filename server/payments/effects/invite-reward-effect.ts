/**
 * SPEC §9's invite reward: when the buyer was invited by someone whose membership is active at the
 * moment of the payment, the inviter earns the display config's `inviteBonusPercent` of the purchased
 * duration on their current plan (a KOL earns a commission instead: server/kol), once per order (`invite_rewards` unique on order_id; ledger
 * ('invite_reward', orderNo)). A refund of the order takes it back (ledger ('refund',
 * 'invite_reward:<orderNo>')).
 */
import { eq, sql } from 'drizzle-orm';
import { FREE_DEVICE_LIMIT, isActive } from '../../../contract/membership';
import { rowsOf, type Db } from '../../db/database';
import { inviteRewards, membershipGrants, users } from '../../db/schema';
import { grantMembership } from '../../store/membership-grants';
import type { PaymentEffect } from './payment-effect';

interface LockedInviter {
  id: number;
  plan_type: number | null;
  expire_time: Date | string | null;
  device_limit: number | null;
}

const asDate = (value: Date | string | null): Date | null =>
  value === null ? null : value instanceof Date ? value : new Date(value);

export interface InviteRewardRequest {
  readonly buyerId: number;
  readonly orderId: number;
  readonly orderNo: string;
  /** The purchased duration the reward is a percentage of. */
  readonly seconds: number;
  readonly percent: number;
  readonly conversionPercent: number;
  readonly now: Date;
}

/** Books and grants the buyer's inviter's reward for one paid order; returns the inviter rewarded. */
export async function rewardInviter(tx: Db, input: InviteRewardRequest): Promise<number | null> {
  const rewardSeconds = Math.floor((input.seconds * input.percent) / 100);
  if (rewardSeconds <= 0) return null;
  const inviterResult = await tx.execute(
    sql`SELECT i.id, i.plan_type, i.expire_time, i.device_limit
        FROM users b JOIN users i ON i.id = b.invited_by
        WHERE b.id = ${input.buyerId} AND i.deleted_at IS NULL AND i.id <> b.id
          AND NOT i.is_kol
        FOR UPDATE OF i`,
  );
  const inviter = rowsOf<LockedInviter>(inviterResult)[0];
  if (!inviter) return null;
  const planType = inviter.plan_type === 1 || inviter.plan_type === 2 ? inviter.plan_type : null;
  if (!isActive({ planType, expireTime: asDate(inviter.expire_time) }, input.now) || !planType) {
    return null;
  }
  const booked = await tx
    .insert(inviteRewards)
    .values({
      inviterId: inviter.id,
      inviteeId: input.buyerId,
      orderId: input.orderId,
      percent: Math.round(input.percent),
      seconds: rewardSeconds,
      createdAt: input.now,
    })
    .onConflictDoNothing()
    .returning({ id: inviteRewards.id });
  if (booked.length === 0) return null;
  const granted = await grantMembership(
    tx,
    {
      userId: inviter.id,
      source: 'invite_reward',
      sourceRef: input.orderNo,
      planType,
      seconds: rewardSeconds,
      maxDevices: inviter.device_limit ?? FREE_DEVICE_LIMIT,
      conversionPercent: input.conversionPercent,
    },
    input.now,
  );
  return granted.granted ? inviter.id : null;
}

/** Takes back the reward an order earned (never below now), once. Returns the inviter, if any. */
export async function revokeInviteReward(
  tx: Db,
  orderId: number,
  orderNo: string,
  now: Date,
): Promise<number | null> {
  const [reward] = await tx.select().from(inviteRewards).where(eq(inviteRewards.orderId, orderId));
  if (!reward) return null;
  const inviterId = reward.inviterId;
  const user = rowsOf<{ plan_type: number | null; expire_time: Date | string | null }>(
    await tx.execute(
      sql`SELECT plan_type, expire_time FROM users WHERE id = ${inviterId} FOR UPDATE`,
    ),
  )[0];
  const before = asDate(user?.expire_time ?? null);
  if (!user || !before || (user.plan_type !== 1 && user.plan_type !== 2)) return inviterId;
  const after = new Date(Math.max(now.getTime(), before.getTime() - reward.seconds * 1000));
  const inserted = await tx
    .insert(membershipGrants)
    .values({
      userId: inviterId,
      source: 'refund',
      sourceRef: `invite_reward:${orderNo}`,
      planType: user.plan_type,
      kind: 'refund',
      seconds: -Math.round((before.getTime() - after.getTime()) / 1000),
      expireBefore: before,
      expireAfter: after,
    })
    .onConflictDoNothing()
    .returning({ id: membershipGrants.id });
  if (inserted.length > 0) {
    await tx
      .update(users)
      .set({ expireTime: after, updatedAt: now })
      .where(eq(users.id, inviterId));
  }
  return inviterId;
}

export const inviteRewardEffect: PaymentEffect = {
  name: 'inviteReward',
  async apply(payment, { tx, touchUser }) {
    const inviterId = await rewardInviter(tx, {
      buyerId: payment.buyerId,
      orderId: payment.order.id,
      orderNo: payment.order.orderNo,
      seconds: payment.order.durationDays * 86_400,
      percent: payment.display.inviteBonusPercent,
      conversionPercent: payment.display.liteToStandardPercent,
      now: payment.now,
    });
    if (inviterId === null) return false;
    touchUser(inviterId);
    return true;
  },
  async undo(payment, { tx, touchUser }) {
    const inviterId = await revokeInviteReward(
      tx,
      payment.order.id,
      payment.order.orderNo,
      payment.now,
    );
    if (inviterId !== null) touchUser(inviterId);
  },
};
