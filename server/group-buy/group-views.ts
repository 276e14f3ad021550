/**
 * What the group endpoints answer (contract/endpoints/group-buy.ts): the public view anyone with the
 * invite link may see (no member identity but the creator's masked name), and a member's own place.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { ApiLanguage } from '../../contract';
import { Errors } from '../../contract/errors';
import type {
  GroupMembership,
  GroupPublic,
  GroupState,
  MemberGroup,
} from '../../contract/endpoints/group-buy';
import { maskInvitee } from '../accounts/account-identifiers';
import { rowsOf, type Db } from '../db/database';
import { groupMembers, orders, redeemCodes, users } from '../db/schema';
import { productLabel } from '../store/plans';
import { isPastEnd, type GroupRow, type MemberRow } from './groups';

/** The wire state: a void group is never shown; an open group past its end time reads 'ended'. */
export function wireState(group: GroupRow, now: Date): GroupState {
  if (group.state === 'open' && isPastEnd(group, now)) return 'ended';
  if (group.state === 'void') return 'ended';
  return group.state;
}

async function seatCounts(db: Db, group: GroupRow, now: Date) {
  const [row] = rowsOf<{ taken: number | string; paid: number | string }>(
    await db.execute(sql`
      SELECT count(*) FILTER (WHERE m.state IN ('paid', 'joined')
               OR (m.state = 'reserved' AND o.status = 'pending' AND o.expires_at > ${now})) AS taken,
             count(*) FILTER (WHERE m.state = 'paid') AS paid
      FROM group_members m LEFT JOIN orders o ON o.id = m.order_id
      WHERE m.group_id = ${group.id}`),
  );
  const paid = Number(row?.paid ?? 0);
  const creatorPaid = group.paymentType === 0 && group.openedAt !== null;
  return { taken: Number(row?.taken ?? 0), paid: creatorPaid ? group.size : paid };
}

export async function publicView(
  db: Db,
  group: GroupRow,
  language: ApiLanguage,
  now: Date,
): Promise<GroupPublic> {
  const [creator] = await db
    .select({ id: users.id, username: users.username, email: users.email, phone: users.phone })
    .from(users)
    .where(eq(users.id, group.creatorId));
  const counts = await seatCounts(db, group, now);
  const money = (amount: number) => ({ amount, currency: group.currency });
  const state = wireState(group, now);
  return {
    groupId: group.groupNo,
    productId: group.planId,
    groupType: group.groupType,
    months: group.months,
    durationDays: group.durationDays,
    product: productLabel(group.groupType, group.months, language),
    groupSize: group.size,
    paymentType: group.paymentType,
    status: state === 'finished' ? 1 : 0,
    state,
    devicesAllowed: group.maxDevices,
    membersJoined: counts.taken,
    seatsPaid: counts.paid,
    seatPrice: money(group.seatPrice),
    total: money(group.seatPrice * group.size),
    creator: creator ? maskInvitee(creator) : '***',
    createdAt: group.createdAt.toISOString(),
    openedAt: group.openedAt?.toISOString() ?? null,
    endsAt: group.endsAt?.toISOString() ?? null,
    completedAt: group.completedAt?.toISOString() ?? null,
  };
}

/** The user's latest seat in a group (a released one is kept when nothing newer exists). */
export async function latestMember(
  db: Db,
  groupId: number,
  userId: number,
): Promise<MemberRow | undefined> {
  const [member] = await db
    .select()
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)))
    .orderBy(desc(groupMembers.id))
    .limit(1);
  return member;
}

export async function membershipView(
  db: Db,
  group: GroupRow,
  member: MemberRow,
  inviteLink: (token: string) => string,
  now: Date,
): Promise<GroupMembership> {
  const [order] =
    member.orderId === null
      ? []
      : await db.select().from(orders).where(eq(orders.id, member.orderId));
  const payable =
    order !== undefined &&
    order.status === 'pending' &&
    order.payUrl !== null &&
    order.expiresAt.getTime() > now.getTime();
  const codes =
    member.isCreator && group.redeemBatchId !== null
      ? await db
          .select({ code: redeemCodes.code, used: redeemCodes.usedCount })
          .from(redeemCodes)
          .where(eq(redeemCodes.batchId, group.redeemBatchId))
          .orderBy(redeemCodes.id)
      : [];
  const [kept] = rowsOf<{ amount: number | string | null }>(
    await db.execute(sql`
      SELECT coalesce(sum(total), 0) AS amount FROM orders
      WHERE group_buy_id = ${group.id} AND status = 'paid' AND currency = ${group.currency}`),
  );
  return {
    isCreator: member.isCreator,
    myState: member.state,
    myOrderId: order?.orderNo ?? null,
    myPayUrl: payable ? order.payUrl : null,
    myOrderExpiresAt: payable ? order.expiresAt.toISOString() : null,
    inviteToken: group.inviteToken,
    inviteLink: inviteLink(group.inviteToken),
    amountPaid: { amount: Number(kept?.amount ?? 0), currency: group.currency },
    redeemCodes: codes.map((c) => ({ code: c.code, redeemed: c.used > 0 })),
  };
}

export async function memberGroupView(
  db: Db,
  group: GroupRow,
  member: MemberRow,
  language: ApiLanguage,
  inviteLink: (token: string) => string,
  now: Date,
): Promise<MemberGroup> {
  return {
    ...(await publicView(db, group, language, now)),
    ...(await membershipView(db, group, member, inviteLink, now)),
  };
}

/** A seat that counts as held by its user: paid, free, or reserved with a payable order. */
export async function holdsSeat(db: Db, member: MemberRow, now: Date): Promise<boolean> {
  if (member.state === 'paid' || member.state === 'joined') return true;
  if (member.state !== 'reserved' || member.orderId === null) return false;
  const [order] = await db
    .select({ status: orders.status, expiresAt: orders.expiresAt })
    .from(orders)
    .where(eq(orders.id, member.orderId));
  return order?.status === 'pending' && order.expiresAt.getTime() > now.getTime();
}

/**
 * Why `userId` cannot join `group` now (SPEC §8 and docs/group-buy.md), in the order the page shows
 * them: creator not paid, own group, already joined, ended, full. Undefined when they can.
 */
export async function joinBlock(
  db: Db,
  group: GroupRow,
  userId: number | undefined,
  now: Date,
): Promise<keyof typeof Errors | undefined> {
  if (group.state === 'awaiting_payment') return 'GROUP_CREATOR_NOT_PAID';
  if (group.state === 'void') return 'GROUP_NOT_FOUND';
  if (userId !== undefined) {
    if (group.creatorId === userId) return 'GROUP_OWN';
    const member = await latestMember(db, group.id, userId);
    if (member && (await holdsSeat(db, member, now))) return 'GROUP_ALREADY_JOINED';
  }
  if (group.state === 'ended' || isPastEnd(group, now)) return 'GROUP_ENDED';
  if (group.state === 'finished') return 'GROUP_FULL';
  return (await seatCounts(db, group, now)).taken >= group.size ? 'GROUP_FULL' : undefined;
}
