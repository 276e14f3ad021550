/**
 * The console's group-buys section (issue 21, item 7; docs/console.md) through the real HTTP server
 * and database, paying through the sandbox gateway: groups filtered by state, member and ID; a
 * group's seats; ending an open group now behind the step-up, with a reason, exactly once when two
 * operators end it at the same moment (one audit entry, each paid share refunded once, checked in
 * SQL); a pay-all group ended into memberships and codes; roles without `group-buy.manage` kept out.
 */
import { count, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { Errors } from '../../contract';
import { consoleEndpoints } from '../../contract/endpoints/console';
import type { ConsoleGroup, GroupSeat } from '../../contract/endpoints/console-groups';
import { auditLog, payments, redeemCodes } from '../../server/db/schema';
import { as, type SignedIn, describeConsole } from './helpers/console';
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
import { orderOf } from './helpers/payments';
import { expectOk } from './helpers/store';

const E = consoleEndpoints;

interface GroupList {
  items: ConsoleGroup[];
  total: number;
}
interface GroupRecord {
  group: ConsoleGroup;
  seats: GroupSeat[];
  redeemBatchId: number | null;
}
interface Ending {
  refunded: number;
  refundDue: number;
  retry: number;
}

await describeConsole('the console group-buys section', { sandbox: true }, (t) => {
  const { clock, db } = t;
  let support: SignedIn;
  let finance: SignedIn;
  const list = async (input: Record<string, unknown>) => {
    const answer = await t.consoleCall<GroupList>(E.consoleGroupList, input, as(support));
    expect(answer.body.code, answer.body.msg).toBe(200);
    return answer.body.data;
  };
  const record = async (groupId: string) => {
    const answer = await t.consoleCall<GroupRecord>(E.consoleGroupRecord, { groupId }, as(support));
    expect(answer.body.code, answer.body.msg).toBe(200);
    return answer.body.data;
  };
  const end = (groupId: string, reason = 'Node outage: the group cannot finish in time') =>
    t.consoleCall<Ending>(E.consoleGroupEnd, { groupId, reason }, as(support));

  it('signs in support (group-buy.manage) and finance (without it)', async () => {
    support = await t.signedInStaff('gia_support', 'support');
    finance = await t.signedInStaff('gus_finance', 'finance');
  });

  it("lists groups by state, by a member's seat and by ID, with the seats taken", async () => {
    const { creator, started, a, b } = await groupWithOneShareUnpaid(t.api, t.app, db());
    const byFriend = await list({ userId: a.userId });
    expect(byFriend.items.map((g) => g.groupId)).toEqual([started.groupId]);
    expect(byFriend.items[0]).toMatchObject({
      creatorId: creator.userId,
      size: 3,
      taken: 2,
      paymentType: 1,
      state: 'open',
      product: { planId: 104 },
    });
    // The friend whose share is only reserved holds no seat yet, but the group is theirs to find.
    expect((await list({ userId: b.userId })).total).toBe(1);
    const byId = await list({ groupId: started.groupId.toLowerCase() });
    expect(byId.items.map((g) => g.groupId)).toEqual([started.groupId]);
    expect((await list({ groupId: started.groupId, state: 'finished' })).total).toBe(0);
    const [stranger] = await makeUsers(db(), 1);
    expect((await list({ userId: stranger!.userId })).total).toBe(0);

    const bad = await t.consoleCall(E.consoleGroupList, { groupId: 'G12' }, as(support, 'zh_CN'));
    expect([bad.body.code, bad.body.msg]).toEqual([
      Errors.CONSOLE_GROUP_NOT_FOUND.code,
      Errors.CONSOLE_GROUP_NOT_FOUND.zh_CN,
    ]);
    const forbidden = await t.consoleCall(E.consoleGroupList, {}, as(finance));
    expect([forbidden.status, forbidden.body.code]).toEqual([403, Errors.CONSOLE_FORBIDDEN.code]);
  });

  it("shows a group's seats with their orders", async () => {
    const { creator, started, a, shareA, b, shareB } = await groupWithOneShareUnpaid(
      t.api,
      t.app,
      db(),
    );
    const { group, seats } = await record(started.groupId);
    expect(group.taken).toBe(2);
    expect(seats.map((s) => [s.userId, s.role, s.state, s.orderId, s.orderStatus])).toEqual([
      [creator.userId, 'creator', 'paid', started.orderId, 'paid'],
      [a.userId, 'member', 'paid', shareA.orderId, 'paid'],
      [b.userId, 'member', 'reserved', shareB.orderId, 'pending'],
    ]);
    expect(seats[0]!.paidAt).not.toBeNull();
    const missing = await t.consoleCall(
      E.consoleGroupRecord,
      { groupId: 'G0000000000' },
      as(support),
    );
    expect(missing.body.code).toBe(Errors.CONSOLE_GROUP_NOT_FOUND.code);
  });

  it('ends an open group only with a reason and a fresh second factor; bad input changes nothing', async () => {
    const { started } = await openGroup(t.api, t.app, db(), { groupSize: 2, paymentType: 1 });
    const entries = await t.auditCount();
    const noReason = await t.consoleCall(
      E.consoleGroupEnd,
      { groupId: started.groupId, reason: ' ' },
      as(support, 'zh_CN'),
    );
    expect([noReason.body.code, noReason.body.msg]).toEqual([
      Errors.REASON_REQUIRED.code,
      Errors.REASON_REQUIRED.zh_CN,
    ]);
    clock.advance(6 * 60_000);
    const stale = await end(started.groupId);
    expect(stale.body.code).toBe(Errors.STEP_UP_REQUIRED.code);
    expect((await groupRow(db(), started.inviteToken)).state).toBe('open');
    expect((await orderOf(db(), started.orderId))!.status).toBe('paid');
    expect(await t.auditCount()).toBe(entries);
    support = await t.signedInStaff('gil_support', 'support');
  });

  it('two operators ending the same group at once end it once: one entry, each share refunded once', async () => {
    const { started, shareA } = await groupWithOneShareUnpaid(t.api, t.app, db());
    const before = (await groupRow(db(), started.inviteToken)).endsAt;
    const [first, second] = await Promise.all([end(started.groupId), end(started.groupId)]);
    const codes = [first.body.code, second.body.code].sort();
    expect(codes).toEqual([200, Errors.GROUP_NOT_OPEN.code].sort());
    const won = first.body.code === 200 ? first.body.data : second.body.data;
    expect(won).toEqual({ refunded: 2, refundDue: 0, retry: 0 });

    const group = await groupRow(db(), started.inviteToken);
    expect(group.state).toBe('ended');
    expect(await seatStates(db(), started.inviteToken)).toEqual({ refunded: 2, reserved: 1 });
    expect((await orderOf(db(), started.orderId))!.status).toBe('refunded');
    expect((await orderOf(db(), shareA.orderId))!.status).toBe('refunded');
    const refundedPayments = await db()
      .select({ n: count() })
      .from(payments)
      .where(eq(payments.status, 'refunded'));
    expect(refundedPayments[0]!.n).toBeGreaterThanOrEqual(2);
    const ends = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `group:${started.groupId}`));
    expect(ends).toHaveLength(1);
    expect(ends[0]).toMatchObject({
      action: 'group.end',
      actorKind: 'staff',
      before: { state: 'open', endsAt: before!.toISOString() },
      after: { state: 'ended', reason: 'Node outage: the group cannot finish in time' },
    });
    const again = await end(started.groupId);
    expect([again.body.code, again.body.msg]).toEqual([
      Errors.GROUP_NOT_OPEN.code,
      Errors.GROUP_NOT_OPEN.en,
    ]);
  });

  it('ends a pay-all group into the memberships of those seated and a code per unused seat', async () => {
    const { creator, started } = await openGroup(t.api, t.app, db(), {
      groupSize: 3,
      paymentType: 0,
    });
    const [friend] = await makeUsers(db(), 1);
    expectOk(await groupCalls(t.api).join(friend!.token, started.inviteToken));
    const ended = await end(started.groupId);
    expect(ended.body.code, ended.body.msg).toBe(200);
    expect(ended.body.data).toEqual({ refunded: 0, refundDue: 0, retry: 0 });
    const grants = await groupGrants(db(), started.inviteToken);
    expect(new Set(grants.map((g) => g.user_id))).toEqual(
      new Set([creator.userId, friend!.userId]),
    );
    const { group, redeemBatchId } = await record(started.groupId);
    expect(group.state).toBe('ended');
    expect(redeemBatchId).not.toBeNull();
    const codes = await db()
      .select({ n: count() })
      .from(redeemCodes)
      .where(eq(redeemCodes.batchId, redeemBatchId!));
    expect(codes[0]!.n).toBe(1);
    expect((await t.lastAudit('group.end'))?.target).toBe(`group:${started.groupId}`);
  });

  it('a group that is not open is refused and nothing changes', async () => {
    const { started } = await groupWithOneShareUnpaid(t.api, t.app, db());
    await paySeat(t.app, db(), (await record(started.groupId)).seats[2]!.orderId!);
    expect((await groupRow(db(), started.inviteToken)).state).toBe('finished');
    const entries = await t.auditCount();
    const refused = await end(started.groupId);
    expect(refused.body.code).toBe(Errors.GROUP_NOT_OPEN.code);
    expect((await groupRow(db(), started.inviteToken)).state).toBe('finished');
    expect(await t.auditCount()).toBe(entries);
  });
});
