/**
 * Group rows and seats (docs/group-buy.md): the group row lock every seat change takes, the seat
 * count under it, the finishing rule with its grants, and what a closed order does to its seat.
 * Lock order everywhere: order row (payments), then group row, then member rows, then users rows.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { YEARLY_PLAN_MONTHS } from '../../contract/membership';
import { rowsOf, type Db } from '../db/database';
import { groupBuys, groupMembers, orders, users, type GroupRowState } from '../db/schema';
import { enqueueMessage, recipientOf } from '../messaging/message-queue';
import {
  groupEndedText,
  groupFinishedText,
  groupJoinedText,
  type GroupEndedOutcome,
} from '../messaging/message-texts';
import { grantMembership } from '../store/membership-grants';

export type GroupRow = typeof groupBuys.$inferSelect;
export type MemberRow = typeof groupMembers.$inferSelect;

const NO_ALPHABET = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/** The displayed group ID: `G` + 10 random symbols (nothing to count). */
export function newGroupNo(): string {
  let tail = '';
  for (let i = 0; i < 10; i += 1) tail += NO_ALPHABET[randomInt(NO_ALPHABET.length)];
  return `G${tail}`;
}

/** 24 random bytes, base64url: 192 bits, 32 characters. */
export function newInviteToken(): string {
  return randomBytes(24).toString('base64url');
}

interface RawGroup {
  id: number | string;
  group_no: string;
  invite_token: string;
  creator_id: number;
  plan_id: number;
  group_type: number;
  months: number;
  duration_days: number;
  max_devices: number;
  size: number;
  payment_type: number;
  currency: string;
  seat_price: number | string;
  state: string;
  created_at: Date | string;
  opened_at: Date | string | null;
  ends_at: Date | string | null;
  completed_at: Date | string | null;
  ended_at: Date | string | null;
  redeem_batch_id: number | null;
  updated_at: Date | string;
}

const date = (v: Date | string) => (v instanceof Date ? v : new Date(v));
const dateOrNull = (v: Date | string | null) => (v === null ? null : date(v));

function groupOf(raw: RawGroup): GroupRow {
  return {
    id: Number(raw.id),
    groupNo: raw.group_no,
    inviteToken: raw.invite_token,
    creatorId: raw.creator_id,
    planId: raw.plan_id,
    groupType: raw.group_type === 2 ? 2 : 1,
    months: raw.months,
    durationDays: raw.duration_days,
    maxDevices: raw.max_devices,
    size: raw.size === 3 ? 3 : 2,
    paymentType: raw.payment_type === 0 ? 0 : 1,
    currency: raw.currency === 'USD' ? 'USD' : 'CNY',
    seatPrice: Number(raw.seat_price),
    state: raw.state as GroupRowState,
    createdAt: date(raw.created_at),
    openedAt: dateOrNull(raw.opened_at),
    endsAt: dateOrNull(raw.ends_at),
    completedAt: dateOrNull(raw.completed_at),
    endedAt: dateOrNull(raw.ended_at),
    redeemBatchId: raw.redeem_batch_id,
    updatedAt: date(raw.updated_at),
  };
}

/** Locks a group row: every seat taken, paid, released or refunded waits here, on every process. */
export async function lockGroup(tx: Db, groupId: number): Promise<GroupRow | undefined> {
  const raw = rowsOf<RawGroup>(
    await tx.execute(sql`SELECT * FROM group_buys WHERE id = ${groupId} FOR UPDATE`),
  )[0];
  return raw ? groupOf(raw) : undefined;
}

/** True once the end time has passed, whether or not the ending job has run yet. */
export const isPastEnd = (group: GroupRow, now: Date): boolean =>
  group.endsAt !== null && group.endsAt.getTime() <= now.getTime();

/**
 * Seats taken: paid seats, free seats, and reservations whose order can still be paid (pending and
 * not expired). Counted from the rows under the group lock, never from a counter.
 */
export async function takenSeats(
  tx: Db,
  groupId: number,
  now: Date,
  exceptMemberId?: number,
): Promise<number> {
  const [row] = rowsOf<{ n: number | string }>(
    await tx.execute(sql`
      SELECT count(*) AS n FROM group_members m LEFT JOIN orders o ON o.id = m.order_id
      WHERE m.group_id = ${groupId} AND m.id <> ${exceptMemberId ?? -1}
        AND (m.state IN ('paid', 'joined')
             OR (m.state = 'reserved' AND o.status = 'pending' AND o.expires_at > ${now}))`),
  );
  return Number(row?.n ?? 0);
}

/** Every seat is paid for: all shares paid (pay self), or the creator paid and every seat is taken. */
async function everySeatPaid(tx: Db, group: GroupRow): Promise<boolean> {
  const [row] = rowsOf<{ paid: number | string; joined: number | string }>(
    await tx.execute(sql`
      SELECT count(*) FILTER (WHERE state = 'paid') AS paid,
             count(*) FILTER (WHERE state = 'joined') AS joined
      FROM group_members WHERE group_id = ${group.id}`),
  );
  const paid = Number(row?.paid ?? 0);
  const joined = Number(row?.joined ?? 0);
  return group.paymentType === 1 ? paid >= group.size : paid >= 1 && paid + joined >= group.size;
}

export interface GrantContext {
  readonly conversionPercent: number;
  readonly touchUser: (userId: number) => void;
}

/**
 * Grants one member the group's plan through the store's one grant: a seat paid by an order under
 * ('order', orderNo), so refunding that order takes exactly that time back; a free seat under
 * ('group', '<group no>:<user id>'). The ledger's unique key makes a repeat a no-op.
 */
export async function grantSeat(
  tx: Db,
  group: GroupRow,
  member: MemberRow,
  now: Date,
  context: GrantContext,
): Promise<boolean> {
  let sourceRef = `${group.groupNo}:${member.userId}`;
  let source: 'order' | 'group' = 'group';
  if (member.orderId !== null) {
    const [order] = await tx
      .select({ orderNo: orders.orderNo })
      .from(orders)
      .where(eq(orders.id, member.orderId));
    source = 'order';
    sourceRef = order!.orderNo;
  }
  const granted = await grantMembership(
    tx,
    {
      userId: member.userId,
      source,
      sourceRef,
      planType: group.groupType,
      seconds: group.durationDays * 86_400,
      maxDevices: group.maxDevices,
      // The plan was paid for, by the member or by the creator: a yearly plan counts as yearly-paid.
      paidMonths: group.months >= YEARLY_PLAN_MONTHS ? group.months : undefined,
      conversionPercent: context.conversionPercent,
    },
    now,
  );
  await tx
    .update(groupMembers)
    .set({ grantedAt: now, updatedAt: now })
    .where(eq(groupMembers.id, member.id));
  context.touchUser(member.userId);
  return granted.granted;
}

/**
 * The finishing rule, run under the group lock right after a seat was paid or taken: when every seat
 * is paid for, the group becomes finished and every member gets the plan, in this same transaction.
 * Returns whether it finished now.
 */
export async function finishIfComplete(
  tx: Db,
  group: GroupRow,
  now: Date,
  context: GrantContext,
): Promise<boolean> {
  if (group.state !== 'open' || !(await everySeatPaid(tx, group))) return false;
  const updated = await tx
    .update(groupBuys)
    .set({ state: 'finished', completedAt: now, updatedAt: now })
    .where(and(eq(groupBuys.id, group.id), eq(groupBuys.state, 'open')))
    .returning({ id: groupBuys.id });
  if (updated.length === 0) return false;
  const members = await tx
    .select()
    .from(groupMembers)
    .where(
      and(eq(groupMembers.groupId, group.id), sql`${groupMembers.state} IN ('paid', 'joined')`),
    );
  for (const member of members) {
    await grantSeat(tx, group, member, now, context);
    await queueFinishedMessage(tx, group, member.userId, now);
  }
  return true;
}

/**
 * Queues a message to one member about their group (docs/messages.md), in the caller's
 * transaction, under `key` (once): to the e-mail, else the phone, in their last sign-in's language.
 */
async function queueGroupMessage(
  tx: Db,
  userId: number,
  message: { key: string; purpose: string; now: Date },
  text: (
    language: 'en' | 'zh_CN',
    channel: 'email' | 'phone',
    expireTime: Date | null,
  ) => { subject: string; text: string },
): Promise<void> {
  const [member] = await tx
    .select({
      email: users.email,
      phone: users.phone,
      language: users.language,
      expireTime: users.expireTime,
    })
    .from(users)
    .where(and(eq(users.id, userId), sql`${users.deletedAt} IS NULL`));
  const recipient = member && recipientOf(member);
  if (!recipient) return;
  await enqueueMessage(
    tx,
    {
      key: message.key,
      userId,
      ...recipient,
      purpose: message.purpose,
      ...text(recipient.language, recipient.channel, member!.expireTime),
    },
    message.now,
  );
}

/** Tells a member their group finished and until when their membership now runs. */
function queueFinishedMessage(tx: Db, group: GroupRow, userId: number, now: Date) {
  return queueGroupMessage(
    tx,
    userId,
    { key: `group-finished:${group.groupNo}:${userId}`, purpose: 'group_finished', now },
    (language, channel, expireTime) =>
      groupFinishedText(language, channel, {
        groupNo: group.groupNo,
        groupType: group.groupType,
        months: group.months,
        expireTime,
      }),
  );
}

/**
 * A friend took a seat (paid their share, or joined a group the creator pays for): the creator is
 * told how many seats are taken now, once per friend (`group-joined:<group no>:<user>`).
 */
export async function seatTakenMessage(
  tx: Db,
  group: GroupRow,
  friendId: number,
  now: Date,
): Promise<void> {
  if (friendId === group.creatorId) return;
  const taken = await takenSeats(tx, group.id, now);
  await queueGroupMessage(
    tx,
    group.creatorId,
    { key: `group-joined:${group.groupNo}:${friendId}`, purpose: 'group_joined', now },
    (language, channel) =>
      groupJoinedText(language, channel, { groupNo: group.groupNo, taken, size: group.size }),
  );
}

/**
 * An unpaid order closed (cancelled, expired, failed): its reservation frees its seat; a creator's
 * unpaid group becomes void (never opened, nothing left behind: no seat, no link that works).
 * Runs inside the transaction that closes the order; touches only member and group rows of that
 * order, in the order-then-group lock order.
 */
export async function releaseOrderSeat(tx: Db, orderId: number, now: Date): Promise<void> {
  const released = await tx
    .update(groupMembers)
    .set({ state: 'released', releasedAt: now, updatedAt: now })
    .where(and(eq(groupMembers.orderId, orderId), eq(groupMembers.state, 'reserved')))
    .returning({ groupId: groupMembers.groupId, isCreator: groupMembers.isCreator });
  const creator = released.find((r) => r.isCreator);
  if (!creator) return;
  await tx
    .update(groupBuys)
    .set({ state: 'void', updatedAt: now })
    .where(and(eq(groupBuys.id, creator.groupId), eq(groupBuys.state, 'awaiting_payment')));
}

/**
 * Tells a member that their group ended unfilled and what that means for them (a refund, the plan,
 * or the plan and codes for the creator), once per member (`group-ended:<group no>:<user>`).
 */
export function endedMessage(
  tx: Db,
  group: GroupRow,
  userId: number,
  outcome: GroupEndedOutcome,
  codes: number,
  now: Date,
): Promise<void> {
  return queueGroupMessage(
    tx,
    userId,
    { key: `group-ended:${group.groupNo}:${userId}`, purpose: 'group_ended', now },
    (language, channel, expireTime) =>
      groupEndedText(language, channel, {
        groupNo: group.groupNo,
        outcome,
        codes,
        // A refunded share's membership is not what the message is about.
        expireTime: outcome === 'refund' ? null : expireTime,
      }),
  );
}
