/**
 * Group buy under races, on PGlite and PostgreSQL (only PostgreSQL really runs them in parallel,
 * DESIGN §3), through the real API and notify routes, checked with SQL afterwards:
 * 50 users join a pay-self group with 2 free seats at once: exactly 2 seats; 10 users race for the
 * one free seat of a paid pay-all group: exactly 1; the last share's notification delivered 20 times
 * (10 in sequence, 10 at once): one finish, one grant per member; the ending job (in two processes)
 * racing the last payment: finished or refunded, never both, nothing lost.
 */
import { describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import { Errors } from '../../contract';
import { rowsOf } from '../../server/db/database';
import { groupBuys, orders } from '../../server/db/schema';
import { endGroupsOnce } from '../../server/group-buy/group-ending';
import {
  groupCalls,
  groupGrants,
  groupRow,
  groupWithOneShareUnpaid,
  makeUsers,
  openGroup,
  paySeat,
  seatStates,
} from './helpers/group-buy';
import { countCodes } from './helpers/api-client';
import { paymentsOf, useSandboxApp } from './helpers/payments';
import { expectOk } from './helpers/store';
import { databaseVariants } from './helpers/test-databases';

const variants = await databaseVariants();

describe.each(variants)('group buy races on $name', (variant) => {
  const t = useSandboxApp(variant);
  const db = () => t.app.kestrel.database.db;
  const calls = () => groupCalls(t.api);

  it('50 users join a pay-self group with 2 free seats at once: exactly 2 seats', async () => {
    const { started } = await openGroup(t.api, t.app, db(), { groupSize: 3, paymentType: 1 });
    const joiners = await makeUsers(db(), 50);
    const results = await Promise.all(
      joiners.map((j) => calls().joinForPay(j.token, started.inviteToken)),
    );
    expect(countCodes(results)).toEqual({ 200: 2, [Errors.GROUP_FULL.code]: 48 });
    expect(await seatStates(db(), started.inviteToken)).toEqual({ paid: 1, reserved: 2 });
    const group = await groupRow(db(), started.inviteToken);
    const [seatOrders] = await db()
      .select({ n: count() })
      .from(orders)
      .where(eq(orders.groupBuyId, group.id));
    // The creator's order and the two reservations: the refused 48 left no order behind.
    expect(seatOrders!.n).toBe(3);
  });

  it('10 users race for the one free seat of a paid pay-all group: exactly 1', async () => {
    const { creator, started } = await openGroup(t.api, t.app, db(), {
      groupSize: 2,
      paymentType: 0,
    });
    const friends = await makeUsers(db(), 10);
    const results = await Promise.all(
      friends.map((f) => calls().join(f.token, started.inviteToken)),
    );
    expect(countCodes(results)).toEqual({ 200: 1, [Errors.GROUP_FULL.code]: 9 });
    expect(await seatStates(db(), started.inviteToken)).toEqual({ paid: 1, joined: 1 });
    const group = await groupRow(db(), started.inviteToken);
    expect(group.state).toBe('finished');
    const winner = friends[results.findIndex((r) => r.body.code === 200)]!;
    const grants = await groupGrants(db(), started.inviteToken);
    expect(grants.map((g) => g.user_id).sort()).toEqual([creator.userId, winner.userId].sort());
    expect(grants.find((g) => g.user_id === winner.userId)!.source).toBe('group');
  });

  it("the last share's notification delivered 20 times (10 in sequence, 10 at once): one finish, one grant per member", async () => {
    const { creator, started, a, b, shareB } = await groupWithOneShareUnpaid(t.api, t.app, db());
    expect((await groupRow(db(), started.inviteToken)).state).toBe('open');
    const bodies = [];
    for (let i = 0; i < 10; i += 1) bodies.push(await paySeat(t.app, db(), shareB.orderId));
    bodies.push(
      ...(await Promise.all(
        Array.from({ length: 10 }, () => paySeat(t.app, db(), shareB.orderId)),
      )),
    );
    expect(bodies).toEqual(Array(20).fill('success'));
    const group = await groupRow(db(), started.inviteToken);
    expect(group.state).toBe('finished');
    expect(group.completedAt).not.toBeNull();
    expect(await paymentsOf(db(), shareB.orderId)).toHaveLength(1);
    expect(await seatStates(db(), started.inviteToken)).toEqual({ paid: 3 });
    const grants = await groupGrants(db(), started.inviteToken);
    expect(grants.map((g) => g.user_id).sort()).toEqual(
      [creator.userId, a.userId, b.userId].sort(),
    );
    expect(new Set(grants.map((g) => g.source_ref)).size).toBe(3);
  });

  it('the ending job (two processes) racing the last payment: finished or refunded, never both, nothing lost', async () => {
    const rounds = 6;
    const cases = [];
    for (let i = 0; i < rounds; i += 1) {
      const { started } = await openGroup(t.api, t.app, db(), { groupSize: 2, paymentType: 1 });
      const [member] = await makeUsers(db(), 1);
      const share = expectOk(await calls().joinForPay(member!.token, started.inviteToken));
      // The end is a few seconds ahead: the payment (real clock) is in time; the job's clock is past it.
      await db()
        .update(groupBuys)
        .set({ endsAt: new Date(Date.now() + 5_000) })
        .where(eq(groupBuys.inviteToken, started.inviteToken));
      cases.push({ started, share, member: member! });
    }
    const jobClock = () => new Date(Date.now() + 60_000);
    const job = () => endGroupsOnce({ db: db(), gateways: t.gateways, now: jobClock });
    await Promise.all([...cases.map((c) => paySeat(t.app, db(), c.share.orderId)), job(), job()]);
    // Whatever the order, a later round settles the rest (refunds of late shares).
    await job();

    for (const c of cases) {
      const group = await groupRow(db(), c.started.inviteToken);
      const seats = await seatStates(db(), c.started.inviteToken);
      const [sharePayment] = await paymentsOf(db(), c.share.orderId);
      const grants = await groupGrants(db(), c.started.inviteToken);
      expect(sharePayment, 'the payment is recorded either way').toBeDefined();
      if (group.state === 'finished') {
        expect(seats).toEqual({ paid: 2 });
        expect(sharePayment!.status).toBe('paid');
        expect(grants).toHaveLength(2);
      } else {
        expect(group.state).toBe('ended');
        // Both shares (the creator's and the member's) went back; nobody got the plan.
        expect(seats).toEqual({ refunded: 2 });
        expect(sharePayment!.status).toBe('refunded');
        expect(grants).toHaveLength(0);
      }
    }
    // SQL over every group of this test: no group both finished and holding a refunded share.
    const [mixed] = rowsOf<{ n: number | string }>(
      await db().execute(sql`
        SELECT count(*) AS n FROM group_buys g JOIN group_members m ON m.group_id = g.id
        WHERE g.state = 'finished' AND m.state IN ('refunded', 'refund_due', 'released')`),
    );
    expect(Number(mixed!.n)).toBe(0);
    // Every paid share is either a seat of a finished group or refunded: nothing kept silently.
    const [kept] = rowsOf<{ n: number | string }>(
      await db().execute(sql`
        SELECT count(*) AS n FROM group_members m JOIN group_buys g ON g.id = m.group_id
        JOIN payments p ON p.order_id = m.order_id
        WHERE p.status = 'paid' AND NOT (g.state IN ('finished', 'open') AND m.state = 'paid')`),
    );
    expect(Number(kept!.n)).toBe(0);
  });
});
