/**
 * A group seat's payment (docs/group-buy.md), inside the crediting transaction with the group row
 * locked (after the order row, before any users row):
 * - the creator's payment opens the group (end time = now + the operator's hours);
 * - a member's share takes (or keeps) its seat, and the group finishes in this same transaction when
 *   every seat is paid for, granting every member once;
 * - a payment that finds its group ended, past its end time, full or void keeps no seat: its member
 *   row is `released` while its order is paid, and the ending job refunds it (never kept silently).
 * A refund marks the seat refunded; a finished group stays finished (the member loses only their own
 * membership, which the membership effect takes back under the same ('order', orderNo) key).
 */
import { and, eq, inArray, ne } from 'drizzle-orm';
import { groupBuys, groupMembers } from '../db/schema';
import {
  finishIfComplete,
  isPastEnd,
  lockGroup,
  seatTakenMessage,
  takenSeats,
  type GroupRow,
} from './groups';
import { readGroupBuySettings } from './group-settings';
import type { Db } from '../db/database';
import type {
  CreditedPayment,
  EffectContext,
  PaymentEffect,
} from '../payments/effects/payment-effect';

type MemberRow = typeof groupMembers.$inferSelect;

async function memberOfOrder(tx: Db, orderId: number): Promise<MemberRow | undefined> {
  const [member] = await tx.select().from(groupMembers).where(eq(groupMembers.orderId, orderId));
  return member;
}

async function openGroup(tx: Db, group: GroupRow, now: Date): Promise<void> {
  const { hours } = await readGroupBuySettings(tx);
  await tx
    .update(groupBuys)
    .set({
      state: 'open',
      openedAt: now,
      endsAt: new Date(now.getTime() + hours * 3_600_000),
      updatedAt: now,
    })
    .where(eq(groupBuys.id, group.id));
}

/**
 * Whether the paying member may hold a seat now (the group lock is held). A friend holds one seat
 * of a group at most: the late payment of a seat they let go, after they took another, keeps none.
 * The other seat is looked for in the states of the `group_members_live_key` index, not with
 * group-views.ts `holdsSeat`: a reserved row whose order expired unclosed still holds the index.
 */
async function seatAvailable(tx: Db, group: GroupRow, member: MemberRow, now: Date) {
  if (member.isCreator) return group.state === 'awaiting_payment';
  if (group.state !== 'open' || isPastEnd(group, now)) return false;
  const [otherSeat] = await tx
    .select({ id: groupMembers.id })
    .from(groupMembers)
    .where(
      and(
        eq(groupMembers.groupId, group.id),
        eq(groupMembers.userId, member.userId),
        ne(groupMembers.id, member.id),
        inArray(groupMembers.state, ['reserved', 'paid', 'joined']),
      ),
    );
  if (otherSeat) return false;
  return (await takenSeats(tx, group.id, now, member.id)) < group.size;
}

export const groupSeatEffect: PaymentEffect = {
  name: 'groupSeat',
  async lock(tx, order) {
    if (order.groupBuyId !== null) await lockGroup(tx, order.groupBuyId);
  },
  async apply(payment: CreditedPayment, context: EffectContext) {
    const { order, now } = payment;
    if (order.groupBuyId === null) return false;
    const { tx } = context;
    const group = await lockGroup(tx, order.groupBuyId);
    const member = await memberOfOrder(tx, order.id);
    if (!group || !member) return false;
    if (!(await seatAvailable(tx, group, member, now))) {
      await tx
        .update(groupMembers)
        .set({ state: 'released', releasedAt: member.releasedAt ?? now, updatedAt: now })
        .where(eq(groupMembers.id, member.id));
      await context.flag('group_seat_unavailable', {
        groupNo: group.groupNo,
        groupState: group.state,
        note: 'paid after the group ended, filled or closed, or for a second seat of the same member: the ending job refunds it',
      });
      return true;
    }
    await tx
      .update(groupMembers)
      .set({ state: 'paid', paidAt: now, releasedAt: null, updatedAt: now })
      .where(eq(groupMembers.id, member.id));
    if (member.isCreator) await openGroup(tx, group, now);
    else await seatTakenMessage(tx, group, member.userId, now);
    const current = (await lockGroup(tx, group.id))!;
    await finishIfComplete(tx, current, now, {
      conversionPercent: payment.display.liteToStandardPercent,
      touchUser: context.touchUser,
    });
    return true;
  },
  async undo(payment, { tx }) {
    const { order, now } = payment;
    if (order.groupBuyId === null) return;
    await tx
      .update(groupMembers)
      .set({ state: 'refunded', refundedAt: now, updatedAt: now })
      .where(
        and(
          eq(groupMembers.orderId, order.id),
          // A free seat never has an order; a reserved or released seat with a paid order does.
          eq(groupMembers.groupId, order.groupBuyId),
        ),
      );
  },
};
