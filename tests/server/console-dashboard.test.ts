/**
 * The console's dashboard (issue 21, item 4; docs/console.md) through the real HTTP server, the
 * sandbox gateway and a node agent: each figure moves by exactly what was done (a registration, a
 * payment per currency, a refund, a member made active, a node's pull and traffic push, an open
 * flag), and today's point of each series shows the same; a content member reads it, nobody else
 * signed out does, and a range other than 30 or 90 days is refused.
 */
import { describe, expect, it } from 'vitest';
import { Errors } from '../../contract';
import { consoleEndpoints } from '../../contract/endpoints/console';
import type { DashboardDay, DashboardFigures } from '../../contract/endpoints/console-dashboard';
import { registerByUsername } from './helpers/accounts';
import { Clock, consoleCall, signedInStaff, useConsoleApp, type SignedIn } from './helpers/console';
import { addTestNode, grantMembership } from './helpers/nodes';
import { buyOrder, postForm, sandboxNotification } from './helpers/payments';
import { databaseVariants } from './helpers/test-databases';

const variants = await databaseVariants();
const E = consoleEndpoints;
const NOTIFY = '/pay/notify/sandbox';

describe.each(variants)('the console dashboard on $name', (variant) => {
  const clock = new Clock(Date.now());
  const t = useConsoleApp(variant, clock, { sandbox: true });
  const db = () => t.app.kestrel.database.db;
  let content: SignedIn;
  let finance: SignedIn;

  const figures = async () => {
    const answer = await consoleCall<DashboardFigures>(
      t.app,
      E.consoleDashboard,
      {},
      {
        cookie: content.cookie,
      },
    );
    expect(answer.body.code, answer.body.msg).toBe(200);
    return answer.body.data;
  };
  const today = async () => {
    const answer = await consoleCall<{ days: DashboardDay[] }>(
      t.app,
      E.consoleDashboardSeries,
      { days: 30 },
      { cookie: content.cookie },
    );
    expect(answer.body.code, answer.body.msg).toBe(200);
    expect(answer.body.data.days).toHaveLength(30);
    return answer.body.data.days.at(-1)!;
  };

  it('moves each figure by exactly what happened', async () => {
    content = await signedInStaff(t.app, clock, 'cara_content', 'content');
    finance = await signedInStaff(t.app, clock, 'finn_finance', 'finance');
    const before = await figures();
    const dayBefore = await today();
    expect(dayBefore.date).toBe(new Date(clock.ms).toISOString().slice(0, 10));

    // Two paid orders (CNY and USD) by two new members, one refunded.
    const cny = await buyOrder(t.api);
    const usd = await buyOrder(t.api, { currency: 'USD' });
    for (const order of [cny, usd])
      expect((await postForm(t.app, NOTIFY, sandboxNotification(order))).statusCode).toBe(200);
    const refunded = await consoleCall(
      t.app,
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
    expect(after.revenue.today.CNY - before.revenue.today.CNY).toBe(cny.amount);
    expect(after.revenue.today.USD - before.revenue.today.USD).toBe(usd.amount);
    expect(after.revenue.thisMonth.CNY - before.revenue.thisMonth.CNY).toBe(cny.amount);
    expect(after.refunds.thisMonth.USD - before.refunds.thisMonth.USD).toBe(usd.amount);
    // The USD buyer's membership went with the refund: CNY buyer and the free member are active.
    expect(after.activeMembers - before.activeMembers).toBe(2);
    expect(after.payingMembers - before.payingMembers).toBe(1);
    expect(after.onlineDevices - before.onlineDevices).toBe(1);
    expect(after.trafficThisMonth - before.trafficThisMonth).toBe(5000);
    expect(after.nodes.enabled - before.nodes.enabled).toBe(1);
    expect(after.nodes.online - before.nodes.online).toBe(1);
    expect(after.openPaymentFlags - before.openPaymentFlags).toBe(1);

    const dayAfter = await today();
    expect(dayAfter.revenue.CNY - dayBefore.revenue.CNY).toBe(cny.amount);
    expect(dayAfter.revenue.USD - dayBefore.revenue.USD).toBe(usd.amount);
    expect(dayAfter.registrations - dayBefore.registrations).toBe(3);
    expect(dayAfter.trafficBytes - dayBefore.trafficBytes).toBe(5000);
    // The CNY buyer through the ledger, the free member (time set outside it) by their expiry.
    expect(dayAfter.activeMembers - dayBefore.activeMembers).toBe(2);
    expect(dayAfter.activeMembers).toBe(after.activeMembers);
  });

  it('refuses a range other than 30 or 90 days, and anyone signed out', async () => {
    const wrong = await consoleCall(
      t.app,
      E.consoleDashboardSeries,
      { days: 7 },
      { cookie: content.cookie, headers: { language: 'zh_CN' } },
    );
    expect(wrong.body.code).toBe(Errors.BAD_REQUEST.code);
    expect(wrong.body.msg).toBe(Errors.BAD_REQUEST.zh_CN);
    const ninety = await consoleCall<{ days: DashboardDay[] }>(
      t.app,
      E.consoleDashboardSeries,
      { days: 90 },
      { cookie: content.cookie },
    );
    expect(ninety.body.data.days).toHaveLength(90);
    const anonymous = await consoleCall(t.app, E.consoleDashboard);
    expect(anonymous.status).toBe(401);
  });
});
