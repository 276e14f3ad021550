/**
 * The operator functions on group buys (issue 21, item 7; docs/console.md): the console's
 * group-buys section and the CLI's `group-buy list | show | end` both call these. Reading is plain;
 * ending a group is the ending job's own `endGroup` (server/group-buy/group-ending.ts) under the
 * group's row lock, with the audit entry written in that transaction, so two operators ending the
 * same group at once end it once and leave one entry; the refunds it leaves due then go through
 * the job's `endGroupsOnce`, the one refund path of group shares.
 */
import { and, asc, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import {
  consoleGroupEnd,
  groupNoField,
  type ConsoleGroup,
  type ConsoleGroupState,
  type GroupSeat,
} from '../../../contract/endpoints/console-groups';
import type { Db } from '../../db/database';
import { pageOfQuery, type PageParams } from '../../db/paging';
import { groupBuys, groupMembers, orders, users } from '../../db/schema';
import { endGroup, endGroupsOnce, type EndingReport } from '../../group-buy/group-ending';
import type { GroupRow } from '../../group-buy/groups';
import { fail } from '../../protocol/api-error';
import { isoOrNull } from '../../protocol/iso-date';
import { writeAudit, type AuditActor } from '../audit';
import { checked } from '../checked-input';
import type { OrderDeps } from '../orders/order-operations';

/** A group ends with its seats' refunds: the same deps as an order's. */
export type GroupDeps = OrderDeps;

export interface GroupFilter {
  readonly state?: ConsoleGroupState;
  /** Groups this member created or holds a seat in. */
  readonly userId?: number;
  readonly groupNo?: string;
}

/** Seats paid for (pay self) or joined free (pay all). */
const takenSeats = sql<number>`(SELECT count(*)::int FROM group_members m
  WHERE m.group_id = group_buys.id AND m.state IN ('paid', 'joined'))`;

function groupView(group: GroupRow, taken: number): ConsoleGroup {
  return {
    groupId: group.groupNo,
    creatorId: group.creatorId,
    product: { planId: group.planId, groupType: group.groupType, months: group.months },
    size: group.size,
    taken: Number(taken),
    paymentType: group.paymentType,
    seatPrice: { amount: group.seatPrice, currency: group.currency },
    state: group.state,
    createdAt: group.createdAt.toISOString(),
    endsAt: isoOrNull(group.endsAt),
    completedAt: isoOrNull(group.completedAt),
    endedAt: isoOrNull(group.endedAt),
  };
}

function conditionOf(filter: GroupFilter): SQL | undefined {
  const where: SQL[] = [];
  if (filter.state) where.push(eq(groupBuys.state, filter.state));
  if (filter.groupNo) where.push(eq(groupBuys.groupNo, filter.groupNo));
  if (filter.userId !== undefined) {
    const seated = sql`${groupBuys.id} IN (SELECT group_id FROM group_members WHERE user_id = ${filter.userId})`;
    where.push(or(eq(groupBuys.creatorId, filter.userId), seated)!);
  }
  return where.length > 0 ? and(...where) : undefined;
}

/** Groups, newest first, filtered and paged. */
export async function listGroups(db: Db, filter: GroupFilter, page: PageParams) {
  const condition = conditionOf(filter);
  return pageOfQuery(
    page,
    db
      .select({ group: groupBuys, taken: takenSeats })
      .from(groupBuys)
      .where(condition)
      .orderBy(desc(groupBuys.createdAt), desc(groupBuys.id)),
    db.select({ n: count() }).from(groupBuys).where(condition),
    (r) => groupView(r.group, r.taken),
  );
}

/** A group by its ID as typed (any case, spaces around it), as the console's field reads it. */
async function findGroup(db: Db, groupNo: string) {
  const [row] = await db
    .select({ group: groupBuys, taken: takenSeats })
    .from(groupBuys)
    .where(eq(groupBuys.groupNo, checked(groupNoField, groupNo)));
  if (!row) throw fail('CONSOLE_GROUP_NOT_FOUND');
  return row;
}

/** One group with its seats in the order they were taken. */
export async function groupRecord(db: Db, groupNo: string) {
  const { group, taken } = await findGroup(db, groupNo);
  const seats = await db
    .select({
      member: groupMembers,
      orderNo: orders.orderNo,
      orderStatus: orders.status,
      username: users.username,
    })
    .from(groupMembers)
    .leftJoin(orders, eq(orders.id, groupMembers.orderId))
    .leftJoin(users, eq(users.id, groupMembers.userId))
    .where(eq(groupMembers.groupId, group.id))
    .orderBy(asc(groupMembers.id));
  return {
    group: groupView(group, taken),
    openedAt: isoOrNull(group.openedAt),
    seats: seats.map((s): GroupSeat => ({
      userId: s.member.userId,
      username: s.username,
      role: s.member.isCreator ? 'creator' : 'member',
      state: s.member.state,
      orderId: s.orderNo,
      orderStatus: s.orderStatus,
      joinedAt: s.member.createdAt.toISOString(),
      paidAt: isoOrNull(s.member.paidAt),
      grantedAt: isoOrNull(s.member.grantedAt),
      refundedAt: isoOrNull(s.member.refundedAt),
    })),
    redeemBatchId: group.redeemBatchId,
  };
}

export interface GroupEnding {
  readonly refunded: number;
  readonly refundDue: number;
  readonly retry: number;
}

/** What the refund round did for this group's orders (it also serves every other group due). */
function reportFor(report: EndingReport, orderNos: ReadonlySet<string>): GroupEnding {
  const ours = (list: readonly string[]) => list.filter((no) => orderNos.has(no)).length;
  return {
    refunded: ours(report.refunded),
    refundDue: ours(report.refundDue),
    retry: ours(report.retry),
  };
}

/**
 * Ends an open group now, with a reason: pay self, its paid shares are refunded through their
 * gateway (or flagged `refund due` where the gateway cannot refund by API); pay all, the creator
 * and any friend who joined get their membership and each unused seat becomes a redeem code. Once:
 * a group no longer open (or ended by someone else a moment ago) is GROUP_NOT_OPEN.
 */
export async function endGroupNow(
  deps: GroupDeps,
  actor: AuditActor,
  input: { groupId: string; reason: string },
): Promise<GroupEnding> {
  const { groupId, reason } = checked(consoleGroupEnd.input, input);
  const { group } = await findGroup(deps.db, groupId);
  if (group.state !== 'open') throw fail('GROUP_NOT_OPEN');
  const ending = {
    db: deps.db,
    gateways: await deps.gateways(),
    now: deps.now,
    ...(deps.sessionCache ? { sessionCache: deps.sessionCache } : {}),
  };
  const at = deps.now();
  const ended = await endGroup(ending, group.id, {
    early: true,
    onEnded: (tx, locked) =>
      writeAudit(tx, actor, {
        action: 'group.end',
        target: `group:${locked.groupNo}`,
        at,
        before: { state: locked.state, endsAt: isoOrNull(locked.endsAt) },
        after: { state: 'ended', endsAt: at.toISOString(), reason },
      }),
  });
  if (!ended) throw fail('GROUP_NOT_OPEN');
  const seatOrders = await deps.db
    .select({ orderNo: orders.orderNo })
    .from(groupMembers)
    .innerJoin(orders, eq(orders.id, groupMembers.orderId))
    .where(eq(groupMembers.groupId, group.id));
  const report = await endGroupsOnce(ending);
  return reportFor(report, new Set(seatOrders.map((o) => o.orderNo)));
}
