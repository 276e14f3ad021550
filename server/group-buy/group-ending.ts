/**
 * The ending job (docs/group-buy.md), safe in several processes at once:
 * 1. every open group past its end time ends, under its row lock (a payment holding the lock
 *    finishes it first, and then it is not ended): pay self ends, its paid shares to be refunded;
 *    pay all grants the creator (and any friend who joined) their membership and makes one
 *    single-use redeem code per unused seat, in the same transaction;
 * 2. every paid share that holds no seat (its group ended unfilled, or it was paid late: after the
 *    group ended, filled or closed) is refunded through its gateway by the store's `refundOrder`
 *    (whose effects mark the seat refunded). One process claims a refund with a lease on the seat
 *    row; where the gateway cannot refund by API the seat becomes `refund_due` and is flagged for
 *    the operator, who refunds by hand (`npm run admin -- orders refund <no> --manual`).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { SessionCache } from '../identity/session-cache';
import { rowsOf, type Db } from '../db/database';
import { groupBuys, groupMembers } from '../db/schema';
import { loggedJob } from '../jobs/repeat-job';
import { GatewayError, type GatewayName, type PaymentGateways } from '../gateways/gateway';
import { flagPayment } from '../payments/payment-flags';
import { refundOrder, RefundError } from '../payments/refund-order';
import { readDisplayConfig } from '../settings/default-settings';
import { createRedeemBatch } from '../store/redeem-codes';
import { endedMessage, grantSeat, isPastEnd, lockGroup, type GroupRow } from './groups';

export interface EndingDeps {
  readonly db: Db;
  readonly gateways: PaymentGateways;
  readonly sessionCache?: SessionCache;
  readonly now?: () => Date;
  readonly log?: { error(obj: unknown, message: string): void };
}

/** A refund claimed by a process that died is tried again after this long. */
export const REFUND_LEASE_SECONDS = 300;

export interface EndingReport {
  readonly ended: string[];
  readonly refunded: string[];
  readonly refundDue: string[];
  /** Refunds that failed this round and are tried again next round. */
  readonly retry: string[];
}

export interface EndGroupOptions {
  /** End it now, before its end time (an operator's decision). */
  readonly early?: boolean;
  /** Runs in the ending's transaction once the group is ended (the operator's audit entry). */
  readonly onEnded?: (tx: Db, group: GroupRow) => Promise<void>;
}

/** Ends one group if it is open and past its end time (or `early`); returns whether it ended now. */
export async function endGroup(
  deps: EndingDeps,
  groupId: number,
  options: EndGroupOptions = {},
): Promise<boolean> {
  const now = deps.now?.() ?? new Date();
  const display = await readDisplayConfig(deps.db);
  const touched = new Set<number>();
  const ended = await deps.db.transaction(async (tx) => {
    const group = await lockGroup(tx, groupId);
    if (!group || group.state !== 'open') return false;
    if (!options.early && !isPastEnd(group, now)) return false;
    await tx
      .update(groupBuys)
      .set({
        state: 'ended',
        endedAt: now,
        updatedAt: now,
        ...(options.early ? { endsAt: now } : {}),
      })
      .where(eq(groupBuys.id, group.id));
    await options.onEnded?.(tx, group);
    const members = await tx
      .select()
      .from(groupMembers)
      .where(
        and(eq(groupMembers.groupId, group.id), sql`${groupMembers.state} IN ('paid', 'joined')`),
      );
    if (group.paymentType === 1) {
      // Pay self: every paid share goes back (the refund rounds below); each payer is told.
      for (const member of members) await endedMessage(tx, group, member.userId, 'refund', 0, now);
      return true;
    }
    // Pay all: the creator paid every seat. Those who hold a seat get the plan; each unused seat
    // becomes a code for the creator to give away.
    for (const member of members) {
      await grantSeat(tx, group, member, now, {
        conversionPercent: display.liteToStandardPercent,
        touchUser: (id) => touched.add(id),
      });
    }
    const unused = group.size - members.length;
    if (unused > 0) {
      const batch = await createRedeemBatch(tx, {
        count: unused,
        maxUses: 1,
        expiresAt: null,
        note: `group ${group.groupNo}: unused seats`,
        planId: group.planId,
      });
      await tx
        .update(groupBuys)
        .set({ redeemBatchId: batch.batchId })
        .where(eq(groupBuys.id, group.id));
    }
    for (const member of members) {
      const codes = member.userId === group.creatorId ? unused : 0;
      await endedMessage(tx, group, member.userId, codes > 0 ? 'codes' : 'granted', codes, now);
    }
    return true;
  });
  for (const id of touched) deps.sessionCache?.forgetUser(id);
  return ended;
}

interface Refundable {
  member_id: number | string;
  order_no: string;
  order_id: number | string;
  gateway: string;
  trade_no: string;
}

/** Claims a seat's refund for this process (a lease on the row); false when another holds it. */
async function claimRefund(db: Db, memberId: number, now: Date): Promise<boolean> {
  const leaseEnd = new Date(now.getTime() - REFUND_LEASE_SECONDS * 1000);
  const claimed = await db
    .update(groupMembers)
    .set({ refundedAt: now, updatedAt: now })
    .where(
      and(
        eq(groupMembers.id, memberId),
        sql`${groupMembers.state} IN ('paid', 'released')`,
        sql`(${groupMembers.refundedAt} IS NULL OR ${groupMembers.refundedAt} < ${leaseEnd})`,
      ),
    )
    .returning({ id: groupMembers.id });
  return claimed.length > 0;
}

/** The refund cannot go through the gateway's API: the operator returns the money by hand. */
async function markRefundDue(db: Db, seat: Refundable, reason: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(groupMembers)
      .set({ state: 'refund_due', updatedAt: now })
      .where(eq(groupMembers.id, Number(seat.member_id)));
    await flagPayment(tx, {
      orderId: Number(seat.order_id),
      gateway: seat.gateway as GatewayName,
      tradeNo: seat.trade_no,
      reason: 'group_refund_due',
      details: { reason },
    });
  });
}

/** Paid shares that hold no seat: of a pay-self group that ended unfilled, or paid too late. */
async function refundableSeats(db: Db): Promise<Refundable[]> {
  return rowsOf<Refundable>(
    await db.execute(sql`
      SELECT m.id AS member_id, o.order_no, o.id AS order_id, p.gateway, p.trade_no
      FROM group_members m
      JOIN group_buys g ON g.id = m.group_id
      JOIN orders o ON o.id = m.order_id
      JOIN payments p ON p.order_id = o.id
      WHERE o.status = 'paid' AND p.status = 'paid'
        AND (m.state = 'released' OR (m.state = 'paid' AND g.state = 'ended' AND g.payment_type = 1))
      ORDER BY m.id LIMIT 200`),
  );
}

export async function endGroupsOnce(deps: EndingDeps): Promise<EndingReport> {
  const now = deps.now?.() ?? new Date();
  const report: EndingReport = { ended: [], refunded: [], refundDue: [], retry: [] };
  const due = await deps.db
    .select({ id: groupBuys.id, groupNo: groupBuys.groupNo })
    .from(groupBuys)
    .where(and(eq(groupBuys.state, 'open'), sql`${groupBuys.endsAt} <= ${now}`))
    .limit(200);
  for (const group of due) {
    if (await endGroup(deps, group.id)) report.ended.push(group.groupNo);
  }
  for (const seat of await refundableSeats(deps.db)) {
    if (!(await claimRefund(deps.db, Number(seat.member_id), now))) continue;
    try {
      await refundOrder(deps, seat.order_no);
      report.refunded.push(seat.order_no);
    } catch (error) {
      // A RefundError needs a person (the gateway is not here, or a non-idempotent refund was
      // started before with an unknown outcome); a gateway that cannot refund by API likewise.
      const manual =
        error instanceof RefundError ||
        (error instanceof GatewayError && /no refund API/.test(error.message));
      if (manual) {
        await markRefundDue(deps.db, seat, (error as Error).message, now);
        report.refundDue.push(seat.order_no);
      } else {
        deps.log?.error({ err: error }, `group refund of ${seat.order_no} failed; retried`);
        // Release the lease so the next round tries again.
        await deps.db
          .update(groupMembers)
          .set({ refundedAt: null, updatedAt: now })
          .where(eq(groupMembers.id, Number(seat.member_id)));
        report.retry.push(seat.order_no);
      }
    }
  }
  return report;
}

/** Runs `endGroupsOnce` every `intervalSeconds`, never two rounds at once in this process. */
export const startGroupEnding = loggedJob(
  (deps: EndingDeps & { log: { error(obj: unknown, message: string): void } }) =>
    endGroupsOnce(deps),
  'group ending round failed',
);
