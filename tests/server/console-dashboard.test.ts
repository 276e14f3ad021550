/**
 * The console's dashboard (issue 21, item 4; docs/console.md) through the real HTTP server, the
 * sandbox gateway and a node agent: each figure moves by exactly what was done (a registration, a
 * payment per currency, a refund, a member made active, a node's pull and traffic push, an open
 * flag), and today's point of each series shows the same; support and content read it without
 * the money (revenue, refunds, payouts due), owner and finance with it; nobody else
 * signed out does, and a range other than 30 or 90 days is refused.
 */
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { Errors } from '../../contract';
import { consoleEndpoints } from '../../contract/endpoints/console';
import type { DashboardDay, DashboardFigures } from '../../contract/endpoints/console-dashboard';
import { payments, users } from '../../server/db/schema';
import { registerByUsername } from './helpers/accounts';
import { as, type SignedIn, describeConsole } from './helpers/console';
import { friendBuysAYear, newKol } from './helpers/kol';
import { addTestNode, grantMembership } from './helpers/nodes';
import { buyOrder, orderOf, postForm, sandboxNotification } from './helpers/payments';

const E = consoleEndpoints;
const NOTIFY = '/pay/notify/sandbox';

await describeConsole('the console dashboard', { sandbox: true }, (t) => {
  const { clock, db } = t;
  let content: SignedIn;
  let finance: SignedIn;

  /** The figures as finance reads them (money included), or as `who` does. */
  const figures = async (who: SignedIn = finance) => {
    const answer = await t.consoleCall<DashboardFigures>(E.consoleDashboard, {}, as(who));
    expect(answer.body.code, answer.body.msg).toBe(200);
    return answer.body.data;
  };
  const series = async (who: SignedIn = finance) => {
    const answer = await t.consoleCall<{ days: DashboardDay[] }>(
      E.consoleDashboardSeries,
      { days: 30 },
      as(who),
    );
    expect(answer.body.code, answer.body.msg).toBe(200);
    expect(answer.body.data.days).toHaveLength(30);
    return answer.body.data.days;
  };
  const today = async () => (await series()).at(-1)!;

  it('moves each figure by exactly what happened', async () => {
    content = await t.signedInStaff('cara_content', 'content');
    finance = await t.signedInStaff('finn_finance', 'finance');
    const before = await figures();
    const dayBefore = await today();
    expect(dayBefore.date).toBe(new Date(clock.ms).toISOString().slice(0, 10));

    // Two paid orders (CNY and USD) by two new members, one refunded.
    const cny = await buyOrder(t.api);
    const usd = await buyOrder(t.api, { currency: 'USD' });
    for (const order of [cny, usd])
      expect((await postForm(t.app, NOTIFY, sandboxNotification(order))).statusCode).toBe(200);
    // The payments were credited on the real clock: the console's catches up with it, or the
    // refund (membership time never below the console's now) would leave the USD buyer's
    // membership running until the real moment of the purchase, still ahead of the console.
    clock.ms = Math.max(clock.ms, Date.now());
    const refunded = await t.consoleCall(
      E.consoleOrderRefund,
      { orderId: usd.orderNo, reason: 'Dashboard test' },
      { cookie: finance.cookie, csrf: finance.csrf },
    );
    expect(refunded.body.code, refunded.body.msg).toBe(200);
    // A third member, active without paying; a node that pulls and reports traffic and a device.
    const free = await registerByUsername(t.api);
    await grantMembership(db(), free.userId);
    const origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const node = await addTestNode(db(), origin);
    await node.agent.getUserList();
    await node.agent.reportUserTraffic([{ uid: cny.user.userId, upload: 1000, download: 4000 }]);
    await node.agent.reportNodeOnlineUsers([{ uid: cny.user.userId, ip: '198.51.100.7' }]);
    // A late payment for the refunded order opens a flag.
    const late = await buyOrder(t.api, { user: cny.user });
    await postForm(t.app, NOTIFY, sandboxNotification(late, { amount: '1' }));

    const after = await figures();
    expect(after.registrations.today - before.registrations.today).toBe(3);
    expect(after.registrations.thisMonth - before.registrations.thisMonth).toBe(3);
    expect(after.revenue!.today.CNY - before.revenue!.today.CNY).toBe(cny.amount);
    expect(after.revenue!.today.USD - before.revenue!.today.USD).toBe(usd.amount);
    expect(after.revenue!.thisMonth.CNY - before.revenue!.thisMonth.CNY).toBe(cny.amount);
    expect(after.refunds!.thisMonth.USD - before.refunds!.thisMonth.USD).toBe(usd.amount);
    // The USD buyer's membership went with the refund: CNY buyer and the free member are active.
    expect(after.activeMembers - before.activeMembers).toBe(2);
    expect(after.payingMembers - before.payingMembers).toBe(1);
    expect(after.onlineDevices - before.onlineDevices).toBe(1);
    expect(after.trafficThisMonth - before.trafficThisMonth).toBe(5000);
    expect(after.nodes.enabled - before.nodes.enabled).toBe(1);
    expect(after.nodes.online - before.nodes.online).toBe(1);
    expect(after.openPaymentFlags - before.openPaymentFlags).toBe(1);

    const dayAfter = await today();
    expect(dayAfter.revenue!.CNY - dayBefore.revenue!.CNY).toBe(cny.amount);
    expect(dayAfter.revenue!.USD - dayBefore.revenue!.USD).toBe(usd.amount);
    expect(dayAfter.registrations - dayBefore.registrations).toBe(3);
    expect(dayAfter.trafficBytes - dayBefore.trafficBytes).toBe(5000);
    // The CNY buyer through the ledger, the free member (time set outside it) by their expiry.
    expect(dayAfter.activeMembers - dayBefore.activeMembers).toBe(2);
    expect(dayAfter.activeMembers).toBe(after.activeMembers);
  });

  it('leaves the money out of the answer for support and content; owner and finance read it', async () => {
    const support = await t.signedInStaff('sam_support', 'support');
    const owner = await t.signedInStaff('olga_owner', 'owner');
    const money = ['revenue', 'refunds', 'payoutsDue'];
    const full = await figures(finance);
    expect(await figures(owner)).toEqual(full);
    for (const key of money) expect(full).toHaveProperty(key);
    for (const who of [support, content]) {
      const answer = await figures(who);
      for (const key of money)
        expect(answer, `${who.session.staff.role}: ${key}`).not.toHaveProperty(key);
      // Every operational figure, as owner and finance read it.
      expect(answer).toEqual(
        Object.fromEntries(Object.entries(full).filter(([key]) => !money.includes(key))),
      );
      const days = await series(who);
      for (const day of days) expect(day).not.toHaveProperty('revenue');
      expect(days).toEqual(
        (await series(finance)).map(({ revenue, ...operational }) => {
          expect(revenue).toBeDefined();
          return operational;
        }),
      );
    }
  });

  it('counts last month, compares with last month up to the same point, and shows payouts due', async () => {
    // Payments and registrations made now, then dated into February and March 2031 (UTC); the
    // console's clock moves to March 2031, where nothing else happened.
    const at = (month: number, day: number, hour = 12) =>
      new Date(Date.UTC(2031, month, day, hour));
    const paid = async (
      when: Date,
      productId: number,
      currency: 'CNY' | 'USD',
    ): Promise<number> => {
      const order = await buyOrder(t.api, { productId, currency });
      expect((await postForm(t.app, NOTIFY, sandboxNotification(order))).statusCode).toBe(200);
      const row = await orderOf(db(), order.orderNo);
      await db().update(payments).set({ receivedAt: when }).where(eq(payments.orderId, row!.id));
      // The buyer registered far from 2031: not one of the registrations counted below.
      return order.amount;
    };
    const cny101 = await paid(at(1, 10), 101, 'CNY'); // last month, before the same point
    expect(await paid(at(1, 25), 101, 'CNY')).toBe(cny101); // last month, after it
    const usd102 = await paid(at(1, 5), 102, 'USD'); // last month
    const cny102 = await paid(at(2, 3, 6), 102, 'CNY'); // this month
    expect(await paid(at(2, 20, 8), 101, 'CNY')).toBe(cny101); // today
    const usd101 = await paid(at(2, 4), 101, 'USD'); // this month
    for (const when of [at(1, 8), at(1, 28, 23), at(2, 2), at(2, 20, 9)]) {
      const member = await registerByUsername(t.api);
      await db().update(users).set({ createdAt: when }).where(eq(users.id, member.userId));
    }
    // A KOL whose three friends bought a year each: once their commissions are available (the
    // refund window long past on the clock of 2031), finance settles them: a payout due.
    const kol = await newKol(t.api, db());
    for (let i = 0; i < 3; i += 1) await friendBuysAYear(t, kol.inviteCode);

    const realTime = clock.ms;
    const financeStaff = await t.addAndEnrol('fred_finance', 'finance');
    /** The figures at `when`, read by finance signed in then (a session ends after 15 idle minutes). */
    const read = async (when: Date) => {
      clock.ms = when.getTime();
      finance = await t.signIn(financeStaff);
      const answer = await t.consoleCall<DashboardFigures>(E.consoleDashboard, {}, as(finance));
      expect(answer.body.code, answer.body.msg).toBe(200);
      return answer.body.data;
    };

    // 3 March, noon: nothing was received by 3 February, noon: no base, no change.
    const march3 = await read(at(2, 3));
    expect(march3.revenue!.thisMonth).toEqual({ CNY: cny102, USD: 0 });
    expect(march3.revenue!.changePercent).toEqual({ CNY: null, USD: null });
    expect(march3.registrations.lastMonth).toBe(2);

    // 20 March, noon: last month up to the same point is 1-20 February, noon.
    const march20 = await read(at(2, 20));
    expect(march20.revenue).toEqual({
      today: { CNY: cny101, USD: 0 },
      thisMonth: { CNY: cny102 + cny101, USD: usd101 },
      lastMonth: { CNY: 2 * cny101, USD: usd102 },
      changePercent: {
        CNY: Math.round(((cny102 + cny101 - cny101) / cny101) * 1000) / 10,
        USD: Math.round(((usd101 - usd102) / usd102) * 1000) / 10,
      },
    });
    // The shop's prices: ¥84 + ¥30 against ¥30 is +280 %; $4.99 against $13.99 is -64.3 %.
    expect(march20.revenue!.changePercent).toEqual({ CNY: 280, USD: -64.3 });
    expect(march20.registrations).toEqual({ today: 1, thisMonth: 2, lastMonth: 2 });
    expect(march20.payoutsDue).toEqual({ count: 0, cents: 0 });
    const settled = await t.consoleCall<{ settlement: { amountCents: number } }>(
      E.consoleKolSettle,
      { kolId: kol.userId },
      as(finance),
    );
    expect(settled.body.code, settled.body.msg).toBe(200);
    expect(settled.body.data.settlement.amountCents).toBe(3 * 4799);

    // 31 March is past February's end: the whole of February is the base.
    const march31 = await read(at(2, 31));
    expect(march31.revenue!.today).toEqual({ CNY: 0, USD: 0 });
    expect(march31.revenue!.lastMonth).toEqual(march20.revenue!.lastMonth);
    expect(march31.revenue!.changePercent).toEqual({ CNY: 90, USD: -64.3 });
    expect(march31.payoutsDue).toEqual({ count: 1, cents: 3 * 4799 });

    // 1 April: March is last month now, February no longer counts.
    const april = await read(at(3, 1));
    expect(april.revenue!.lastMonth).toEqual(march20.revenue!.thisMonth);
    expect(april.registrations.lastMonth).toBe(2);
    clock.ms = realTime;
  });

  it('refuses a range other than 30 or 90 days, and anyone signed out', async () => {
    const wrong = await t.consoleCall(
      E.consoleDashboardSeries,
      { days: 7 },
      { cookie: content.cookie, headers: { language: 'zh_CN' } },
    );
    expect(wrong.body.code).toBe(Errors.BAD_REQUEST.code);
    expect(wrong.body.msg).toBe(Errors.BAD_REQUEST.zh_CN);
    const ninety = await t.consoleCall<{ days: DashboardDay[] }>(
      E.consoleDashboardSeries,
      { days: 90 },
      { cookie: content.cookie },
    );
    expect(ninety.body.data.days).toHaveLength(90);
    const anonymous = await t.consoleCall(E.consoleDashboard);
    expect(anonymous.status).toBe(401);
  });
});
