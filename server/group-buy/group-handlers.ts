/**
 * The six `payment_joint_*` endpoints (SPEC §7, docs/group-buy.md). A group's seats are paid through
 * ordinary orders (`orders.group_buy_id`), handed to the same gateways as a purchase; crediting them
 * is the payment path's group-seat effect. Every seat taken here is taken under the group row lock.
 */
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { ApiLanguage } from '../../contract';
import type { SessionCache } from '../identity/session-cache';
import { isUniqueViolation, type Db } from '../db/database';
import { groupBuys, groupMembers, orders, type Currency, type PaymentMethod } from '../db/schema';
import type { Gateway, PaymentGateways } from '../gateways/gateway';
import { fail } from '../protocol/api-error';
import { requireAuth, type ApiContext, type Handlers } from '../protocol/api-context';
import { readDisplayConfig } from '../settings/default-settings';
import { closeExpiredOrders, closeOrder, insertPendingOrder, type OrderRow } from '../store/orders';
import { handOrderToGateway } from '../store/gateway-hand-off';
import { findPlan, seatPriceIn } from '../store/plans';
import { groupBuyEnabled } from './group-settings';
import {
  finishIfComplete,
  lockGroup,
  newGroupNo,
  newInviteToken,
  seatTakenMessage,
  type GroupRow,
  type MemberRow,
} from './groups';
import {
  holdsSeat,
  joinBlock,
  latestMember,
  memberGroupView,
  membershipView,
  publicView,
} from './group-views';

export interface GroupBuyDeps {
  readonly db: Db;
  readonly gateways: PaymentGateways;
  readonly sessionCache: SessionCache;
  readonly orderTtlMinutes: number;
  /** The invite link of a token: `${origin}/group-buying?group=${token}` (never `?invite=`: that is a friend's sign-up code). */
  readonly inviteLink: (token: string) => string;
  /** Where the gateway sends a payer back: the group's page with the order. */
  readonly returnUrl: (token: string, orderNo: string) => string;
  readonly logError?: (error: unknown, message: string) => void;
  readonly now?: () => Date;
}

interface GroupOrderAnswer {
  groupId: string;
  inviteToken: string;
  inviteLink: string;
  orderId: string;
  payUrl: string;
  expiresAt: string;
  total: { amount: number; currency: Currency };
}

/** What the group page needs of a pending or paid order of the group. */
type Seat = { group: GroupRow; order: OrderRow };

/** Whether an order found under the same idempotency key is the one this call asks for. */
type SameSeat = (order: OrderRow, group: GroupRow) => boolean;

/** How a seat is paid: the method and the caller's idempotency key. */
interface SeatParams {
  readonly method: PaymentMethod;
  readonly idempotencyKey: string;
}

export function createGroupBuyHandlers(deps: GroupBuyDeps): Handlers {
  const { db, gateways, sessionCache } = deps;
  const clock = deps.now ?? (() => new Date());

  async function requireEnabled(): Promise<void> {
    if (!(await groupBuyEnabled(db))) throw fail('GROUP_BUY_OFF');
  }

  async function groupByToken(token: string): Promise<GroupRow> {
    const [group] = await db.select().from(groupBuys).where(eq(groupBuys.inviteToken, token));
    if (!group || group.state === 'void') throw fail('GROUP_NOT_FOUND');
    return group;
  }

  function answer({ group, order }: Seat): GroupOrderAnswer {
    return {
      groupId: group.groupNo,
      inviteToken: group.inviteToken,
      inviteLink: deps.inviteLink(group.inviteToken),
      orderId: order.orderNo,
      payUrl:
        order.status === 'paid' ? deps.returnUrl(group.inviteToken, order.orderNo) : order.payUrl!,
      expiresAt: order.expiresAt.toISOString(),
      total: { amount: order.total, currency: order.currency },
    };
  }

  /** The same idempotency key again: the same order, once its hand-off is done. */
  async function repeatOf(
    userId: number,
    key: string,
    same: SameSeat,
  ): Promise<GroupOrderAnswer | undefined> {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const [order] = await db
        .select()
        .from(orders)
        .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)));
      if (!order) return undefined;
      const [group] =
        order.groupBuyId === null
          ? []
          : await db.select().from(groupBuys).where(eq(groupBuys.id, order.groupBuyId));
      if (!group || !same(order, group)) throw fail('IDEMPOTENCY_KEY_REUSED');
      if (order.status === 'paid') return answer({ group, order });
      if (order.status === 'pending' && order.expiresAt.getTime() <= clock().getTime()) {
        await closeOrder(db, order.id, 'expired', clock());
        throw fail('ORDER_EXPIRED');
      }
      if (order.status === 'pending' && order.payUrl !== null) return answer({ group, order });
      if (order.status !== 'pending') {
        throw fail(order.status === 'expired' ? 'ORDER_EXPIRED' : 'GATEWAY_UNAVAILABLE');
      }
      // The first call is still talking to the gateway.
      if (Date.now() >= deadline) throw fail('GATEWAY_UNAVAILABLE');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** Hands the order to its gateway; a refusal fails the order (its seat and group go with it). */
  async function handOff(
    seat: Seat,
    method: PaymentMethod,
    gateway: Gateway,
    language: ApiLanguage,
  ): Promise<GroupOrderAnswer> {
    const { group, order } = seat;
    const updated = await handOrderToGateway(db, order, gateway, {
      method,
      language,
      returnUrl: deps.returnUrl(group.inviteToken, order.orderNo),
      what: 'group order',
      logError: deps.logError,
      clock,
    });
    return answer({ group, order: updated });
  }

  function gatewayFor(method: PaymentMethod): Gateway {
    const gateway = gateways.forMethod(method);
    if (!gateway) throw fail('PAYMENT_METHOD_UNAVAILABLE');
    return gateway;
  }

  /**
   * Reserves `seats` seats for the user: one order for the group's plan as sold, at the group's seat
   * price, and the user's reserved member row holding it.
   */
  async function reserveSeats(
    tx: Db,
    userId: number,
    group: GroupRow,
    seats: number,
    params: SeatParams,
    gateway: Gateway,
    now: Date,
    isCreator = false,
  ): Promise<Seat> {
    const total = group.seatPrice * seats;
    const order = await insertPendingOrder(
      tx,
      {
        userId,
        idempotencyKey: params.idempotencyKey,
        planId: group.planId,
        groupType: group.groupType,
        months: group.months,
        durationDays: group.durationDays,
        maxDevices: group.maxDevices,
        method: params.method,
        gateway: gateway.name,
        currency: group.currency,
        subtotal: total,
        discount: 0,
        total,
        couponId: null,
        expiresAt: new Date(now.getTime() + deps.orderTtlMinutes * 60_000),
        groupBuyId: group.id,
      },
      now,
    );
    await tx.insert(groupMembers).values({
      groupId: group.id,
      userId,
      isCreator,
      orderId: order.id,
      state: 'reserved',
      createdAt: now,
      updatedAt: now,
    });
    return { group, order };
  }

  /** Runs `attempt`; a unique violation means a parallel call with the same key won: answer it. */
  async function withRepeat(
    userId: number,
    key: string,
    same: SameSeat,
    attempt: () => Promise<Seat | GroupOrderAnswer>,
  ): Promise<Seat | GroupOrderAnswer> {
    try {
      return await attempt();
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const repeat = await repeatOf(userId, key, same);
      if (repeat) return repeat;
      throw error;
    }
  }

  /**
   * The start of a call that takes a seat: the same idempotency key again is answered with its
   * order (when the group is `sameGroup` and the method and currency match); otherwise the user's
   * expired orders close first.
   */
  async function startSeatCall(
    userId: number,
    params: SeatParams & { currency: Currency },
    sameGroup: (group: GroupRow) => boolean,
  ): Promise<{ repeat: GroupOrderAnswer } | { now: Date; same: SameSeat }> {
    await requireEnabled();
    const same: SameSeat = (order, group) =>
      sameGroup(group) && order.method === params.method && order.currency === params.currency;
    const repeat = await repeatOf(userId, params.idempotencyKey, same);
    if (repeat) return { repeat };
    const now = clock();
    await closeExpiredOrders(db, now, { userId });
    return { now, same };
  }

  const isAnswer = (value: Seat | GroupOrderAnswer): value is GroupOrderAnswer =>
    'payUrl' in value && 'inviteLink' in value;

  async function conversionPercent(): Promise<number> {
    const display = await readDisplayConfig(db);
    return display.liteToStandardPercent;
  }

  async function listFor(userId: number, created: boolean, context: ApiContext) {
    const now = clock();
    await closeExpiredOrders(db, now, { userId });
    const rows = await db
      .select({ group: groupBuys, member: groupMembers })
      .from(groupMembers)
      .innerJoin(groupBuys, eq(groupBuys.id, groupMembers.groupId))
      .where(
        and(
          eq(groupMembers.userId, userId),
          eq(groupMembers.isCreator, created),
          ne(groupBuys.state, 'void'),
          // The user's latest seat per group.
          sql`${groupMembers.id} = (SELECT max(id) FROM group_members l
                WHERE l.group_id = ${groupMembers.groupId} AND l.user_id = ${userId})`,
        ),
      )
      .orderBy(desc(groupBuys.createdAt), desc(groupBuys.id))
      .limit(100);
    const groups = [];
    for (const { group, member } of rows) {
      groups.push(await memberGroupView(db, group, member, context.language, deps.inviteLink, now));
    }
    return { groups, serverTime: now.toISOString() };
  }

  return {
    async paymentJointPurchase(params, context) {
      const { user } = requireAuth(context);
      const start = await startSeatCall(
        user.id,
        params,
        (group) =>
          group.creatorId === user.id &&
          group.planId === params.productId &&
          group.size === params.groupSize &&
          group.paymentType === params.paymentType,
      );
      if ('repeat' in start) return start.repeat;
      const { now, same } = start;
      const plan = await findPlan(db, params.productId);
      if (!plan || !plan.active || plan.prices.length === 0) throw fail('INVALID_PRODUCT_ID');
      if (!plan.prices.some((p) => p.currency === params.currency))
        throw fail('CURRENCY_UNAVAILABLE');
      const seatPrice = seatPriceIn(plan, params.groupSize, params.currency);
      if (seatPrice === undefined) throw fail('GROUP_NOT_OFFERED');
      const gateway = gatewayFor(params.method);

      const seat = await withRepeat(user.id, params.idempotencyKey, same, () =>
        db.transaction(async (tx) => {
          const [group] = await tx
            .insert(groupBuys)
            .values({
              groupNo: newGroupNo(),
              inviteToken: newInviteToken(),
              creatorId: user.id,
              planId: plan.id,
              groupType: plan.groupType,
              months: plan.months,
              durationDays: plan.durationDays,
              maxDevices: plan.maxDevices,
              size: params.groupSize,
              paymentType: params.paymentType,
              currency: params.currency,
              seatPrice,
              createdAt: now,
              updatedAt: now,
            })
            .returning();
          const seats = params.paymentType === 0 ? params.groupSize : 1;
          return reserveSeats(tx, user.id, group!, seats, params, gateway, now, true);
        }),
      );
      return isAnswer(seat) ? seat : handOff(seat, params.method, gateway, context.language);
    },

    async paymentJointJoinForPay(params, context) {
      const { user } = requireAuth(context);
      const start = await startSeatCall(
        user.id,
        params,
        (group) => group.inviteToken === params.inviteToken,
      );
      if ('repeat' in start) return start.repeat;
      const { now, same } = start;
      const found = await groupByToken(params.inviteToken);
      const gateway = gatewayFor(params.method);
      if (found.currency !== params.currency) throw fail('CURRENCY_UNAVAILABLE');

      const seat = await withRepeat(user.id, params.idempotencyKey, same, () =>
        db.transaction(async (tx): Promise<Seat | GroupOrderAnswer> => {
          const group = (await lockGroup(tx, found.id))!;
          const mine = await latestMember(tx, group.id, user.id);
          // Still holding a payable reservation: continue paying the same order.
          if (mine && mine.state === 'reserved' && (await holdsSeat(tx, mine, now))) {
            const [order] = await tx.select().from(orders).where(eq(orders.id, mine.orderId!));
            if (order!.payUrl !== null) return answer({ group, order: order! });
          }
          await releaseStale(tx, mine, now);
          const block = await joinBlock(tx, group, user.id, now);
          if (block) throw fail(block);
          if (group.paymentType === 0) throw fail('GROUP_JOIN_FREE');
          return reserveSeats(tx, user.id, group, 1, params, gateway, now);
        }),
      );
      return isAnswer(seat) ? seat : handOff(seat, params.method, gateway, context.language);
    },

    async paymentJointJoin(params, context) {
      const { user } = requireAuth(context);
      await requireEnabled();
      const now = clock();
      const found = await groupByToken(params.inviteToken);
      const percent = await conversionPercent();
      const touched = new Set<number>();
      const { group, member } = await db.transaction(async (tx) => {
        const locked = (await lockGroup(tx, found.id))!;
        await releaseStale(tx, await latestMember(tx, locked.id, user.id), now);
        const block = await joinBlock(tx, locked, user.id, now);
        if (block) throw fail(block);
        if (locked.paymentType === 1) throw fail('GROUP_PAY_OWN_SHARE');
        const [joined] = await tx
          .insert(groupMembers)
          .values({
            groupId: locked.id,
            userId: user.id,
            state: 'joined',
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        await seatTakenMessage(tx, locked, user.id, now);
        await finishIfComplete(tx, locked, now, {
          conversionPercent: percent,
          touchUser: (id) => touched.add(id),
        });
        return { group: (await lockGroup(tx, locked.id))!, member: joined! };
      });
      for (const id of touched) sessionCache.forgetUser(id);
      const [fresh] = await db.select().from(groupMembers).where(eq(groupMembers.id, member.id));
      return {
        group: await memberGroupView(db, group, fresh!, context.language, deps.inviteLink, now),
        serverTime: now.toISOString(),
      };
    },

    async paymentJointPurchaseCreated(_params, context) {
      return listFor(requireAuth(context).user.id, true, context);
    },

    async paymentJointPurchaseParticipated(_params, context) {
      return listFor(requireAuth(context).user.id, false, context);
    },

    async paymentJointOrder(params, context) {
      const now = clock();
      const group = await groupByToken(params.inviteToken);
      const userId = context.auth?.user.id;
      if (group.state === 'awaiting_payment' && group.creatorId !== userId)
        throw fail('GROUP_CREATOR_NOT_PAID');
      const member = userId === undefined ? undefined : await latestMember(db, group.id, userId);
      const block = await joinBlock(db, group, userId, now);
      return {
        group: await publicView(db, group, context.language, now),
        membership: member ? await membershipView(db, group, member, deps.inviteLink, now) : null,
        block: block === undefined ? null : fail(block).code,
        serverTime: now.toISOString(),
      };
    },
  };
}

/**
 * A reservation whose order can no longer be paid (expired, not yet closed by a job) frees its
 * seat before the user joins again; the order itself is closed by the jobs (the group lock is held
 * here, and orders are always locked before groups).
 */
async function releaseStale(tx: Db, member: MemberRow | undefined, now: Date): Promise<void> {
  if (!member || member.state !== 'reserved' || (await holdsSeat(tx, member, now))) return;
  await tx
    .update(groupMembers)
    .set({ state: 'released', releasedAt: now, updatedAt: now })
    .where(and(eq(groupMembers.id, member.id), eq(groupMembers.state, 'reserved')));
}
