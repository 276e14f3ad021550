/**
 * The console's orders section (issue 21, item 6; docs/console.md) through the real HTTP server and
 * database, paying through the sandbox gateway as the real one does: filters and paging, an order's
 * gateway events, a payment confirmed by hand exactly once while the gateway's own notification
 * races it, refunds through the gateway once, the payment-flags queue, step-up for money actions,
 * and support reading but never moving money.
 */
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Errors } from '../../contract';
import { CONSOLE_SESSION_COOKIE, consoleEndpoints } from '../../contract/endpoints/console';
import type { ConsoleOrder, PaymentFlag } from '../../contract/endpoints/console-orders';
import { auditLog, membershipGrants, orders } from '../../server/db/schema';
import {
  Clock,
  consoleCall,
  runCli,
  type SignedIn,
  useConsoleApp,
  signedInStaff,
  as,
} from './helpers/console';
import {
  buyOrder,
  flagsOf,
  paymentsOf,
  postForm,
  sandboxNotification,
  type BoughtOrder,
} from './helpers/payments';
import { databaseVariants } from './helpers/test-databases';

const variants = await databaseVariants();
const E = consoleEndpoints;
const NOTIFY = '/pay/notify/sandbox';

describe.each(variants)('the console orders section on $name', (variant) => {
  const clock = new Clock(Date.now());
  const t = useConsoleApp(variant, clock, { sandbox: true });
  const db = () => t.app.kestrel.database.db;
  let finance: SignedIn;
  let support: SignedIn;
  const asFinance = (language?: string) => as(finance, language);
  const orderGrants = async (userId: number) =>
    (
      await db()
        .select({ n: count() })
        .from(membershipGrants)
        .where(eq(membershipGrants.userId, userId))
    )[0]!.n;
  const statusOf = async (orderNo: string) =>
    (await db().select().from(orders).where(eq(orders.orderNo, orderNo)))[0]!.status;

  it('signs in finance and support staff', async () => {
    finance = await signedInStaff(t.app, clock, 'fay_finance', 'finance');
    support = await signedInStaff(t.app, clock, 'sid_support', 'support');
  });

  it('lists orders by status, currency, user and date, paged', async () => {
    const cny = await buyOrder(t.api);
    const usd = await buyOrder(t.api, { user: cny.user, currency: 'USD' });
    const list = async (input: Record<string, unknown>) => {
      const answer = await consoleCall<{ items: ConsoleOrder[]; total: number }>(
        t.app,
        E.consoleOrderList,
        input,
        { cookie: support.cookie },
      );
      expect(answer.body.code, answer.body.msg).toBe(200);
      return answer.body.data;
    };
    const mine = await list({ userId: cny.user.userId });
    expect(mine.items.map((o) => o.orderId)).toEqual([usd.orderNo, cny.orderNo]);
    expect(mine.total).toBe(2);
    const usdOnly = await list({ userId: cny.user.userId, currency: 'USD' });
    expect(usdOnly.items.map((o) => o.orderId)).toEqual([usd.orderNo]);
    const page2 = await list({ userId: cny.user.userId, page: 2, pageSize: 1 });
    expect(page2.items.map((o) => o.orderId)).toEqual([cny.orderNo]);
    expect(page2.total).toBe(2);
    const future = await list({ from: new Date(Date.now() + 3_600_000).toISOString() });
    expect(future.items).toEqual([]);
    const bad = await consoleCall(
      t.app,
      E.consoleOrderList,
      { status: 'lost' },
      { cookie: support.cookie, headers: { language: 'zh_CN' } },
    );
    expect(bad.body.code).toBe(Errors.BAD_REQUEST.code);
  });

  it('confirms a payment by hand exactly once while the gateway notification races it', async () => {
    const order = await buyOrder(t.api);
    const notification = sandboxNotification(order);
    const [confirmed, notified] = await Promise.all([
      consoleCall<{ result: string; status: string }>(
        t.app,
        E.consoleOrderConfirm,
        { orderId: order.orderNo, tradeNo: `SBX${order.orderNo}`, reason: 'Seen in the dashboard' },
        asFinance(),
      ),
      postForm(t.app, NOTIFY, notification),
    ]);
    expect(confirmed.body.code, confirmed.body.msg).toBe(200);
    expect(notified.statusCode).toBe(200);
    expect(['credited', 'duplicate']).toContain(confirmed.body.data.result);
    expect(confirmed.body.data.status).toBe('paid');
    // One payment, one membership grant, no flag: the same trade, told twice.
    expect(await paymentsOf(db(), order.orderNo)).toHaveLength(1);
    expect(await orderGrants(order.user.userId)).toBe(1);
    expect(await flagsOf(db(), order.orderNo)).toEqual([]);
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.action, 'order.confirm'));
    expect(entry!.actorUsername).toBe('fay_finance');
    expect(entry!.after).toMatchObject({ reason: 'Seen in the dashboard' });
  });

  it('records a second trade number for a paid order as a flag, never a second credit', async () => {
    const order = await buyOrder(t.api);
    expect((await postForm(t.app, NOTIFY, sandboxNotification(order))).statusCode).toBe(200);
    const again = await consoleCall<{ result: string }>(
      t.app,
      E.consoleOrderConfirm,
      { orderId: order.orderNo, tradeNo: 'OTHER-TRADE-1', reason: 'Typed the wrong one' },
      asFinance(),
    );
    expect(again.body.data.result).toBe('flagged');
    expect(await paymentsOf(db(), order.orderNo)).toHaveLength(1);
    expect(await orderGrants(order.user.userId)).toBe(1);
    const flags = await consoleCall<{ items: PaymentFlag[] }>(
      t.app,
      E.consolePaymentFlags,
      {},
      { cookie: support.cookie },
    );
    const flag = flags.body.data.items.find((f) => f.orderId === order.orderNo);
    expect(flag?.reason).toBe('duplicate_payment');

    // Support reads the queue but resolves nothing; finance resolves it once, with a reason.
    const bySupport = await consoleCall(
      t.app,
      E.consoleResolveFlag,
      { flagId: flag!.id, reason: 'Checked' },
      { cookie: support.cookie, csrf: support.csrf },
    );
    expect(bySupport.status).toBe(403);
    const resolved = await consoleCall(
      t.app,
      E.consoleResolveFlag,
      { flagId: flag!.id, reason: 'Nothing was charged twice' },
      asFinance(),
    );
    expect(resolved.body.code, resolved.body.msg).toBe(200);
    const twice = await consoleCall(
      t.app,
      E.consoleResolveFlag,
      { flagId: flag!.id, reason: 'Nothing was charged twice' },
      asFinance('zh_CN'),
    );
    expect(twice.body.code).toBe(Errors.FLAG_NOT_FOUND.code);
    expect(twice.body.msg).toBe(Errors.FLAG_NOT_FOUND.zh_CN);
  });

  it('confirms by hand from the CLI through the same operator function', async () => {
    const order = await buyOrder(t.api);
    const run = await runCli(t.app, clock, [
      'orders',
      'confirm',
      order.orderNo,
      '--trade',
      `SBX${order.orderNo}`,
      '--reason',
      'Bank statement',
    ]);
    expect(run.code, run.err.join('\n')).toBe(0);
    expect(run.out[0]).toBe(`order ${order.orderNo}: credited, now paid`);
    expect(await orderGrants(order.user.userId)).toBe(1);
    const entries = await db().select().from(auditLog).where(eq(auditLog.action, 'order.confirm'));
    expect(entries.at(-1)!.actorKind).toBe('cli');
    const missing = await runCli(t.app, clock, [
      'orders',
      'confirm',
      order.orderNo,
      '--reason',
      'x',
    ]);
    expect(missing.code).toBe(2);
  });

  it("shows an order's gateway events", async () => {
    const order = await buyOrder(t.api);
    await postForm(t.app, NOTIFY, sandboxNotification(order));
    const record = await consoleCall<{
      order: ConsoleOrder;
      payments: { tradeNo: string; raw: unknown }[];
    }>(t.app, E.consoleOrderRecord, { orderId: order.orderNo }, { cookie: support.cookie });
    expect(record.body.code, record.body.msg).toBe(200);
    expect(record.body.data.order.status).toBe('paid');
    expect(record.body.data.payments.map((p) => p.tradeNo)).toEqual([`SBX${order.orderNo}`]);
    expect(record.body.data.payments[0]!.raw).toBeTruthy();
  });

  describe('money actions', () => {
    let paid: BoughtOrder;

    it('asks for a fresh second factor before a refund, and refuses bad input', async () => {
      paid = await buyOrder(t.api);
      await postForm(t.app, NOTIFY, sandboxNotification(paid));
      expect(await statusOf(paid.orderNo)).toBe('paid');
      const badTrade = await consoleCall(
        t.app,
        E.consoleOrderConfirm,
        { orderId: paid.orderNo, tradeNo: 'x', reason: 'Because' },
        asFinance('zh_CN'),
      );
      expect(badTrade.body.code).toBe(Errors.TRADE_NO_REQUIRED.code);
      expect(badTrade.body.msg).toBe(Errors.TRADE_NO_REQUIRED.zh_CN);
      clock.advance(6 * 60_000);
      const stale = await consoleCall(
        t.app,
        E.consoleOrderRefund,
        { orderId: paid.orderNo, reason: 'Customer asked' },
        asFinance(),
      );
      expect(stale.body.code).toBe(Errors.STEP_UP_REQUIRED.code);
      expect(await statusOf(paid.orderNo)).toBe('paid');
      const bySupport = await consoleCall(
        t.app,
        E.consoleOrderRefund,
        { orderId: paid.orderNo, reason: 'Customer asked' },
        { cookie: support.cookie, csrf: support.csrf },
      );
      expect(bySupport.status).toBe(403);
    });

    it('outside PROD, a dev route ages the second factor so e2e meets the real step-up', async () => {
      const fresh = await signedInStaff(t.app, clock, 'fia_finance', 'finance');
      const withFresh = { cookie: fresh.cookie, csrf: fresh.csrf };
      const aged = await t.app.inject({
        method: 'POST',
        url: '/dev/console/second-factor-age',
        headers: { cookie: `${CONSOLE_SESSION_COOKIE}=${fresh.cookie}` },
      });
      expect(aged.statusCode).toBe(200);
      const refused = await consoleCall(
        t.app,
        E.consoleOrderRefund,
        { orderId: paid.orderNo, reason: 'Customer asked' },
        withFresh,
      );
      expect(refused.body.code).toBe(Errors.STEP_UP_REQUIRED.code);
      expect(await statusOf(paid.orderNo)).toBe('paid');
      const anonymous = await t.app.inject({
        method: 'POST',
        url: '/dev/console/second-factor-age',
      });
      expect(anonymous.statusCode).toBe(404);
    });

    it('refunds through the gateway once; an unpaid order is not refundable', async () => {
      finance = await signedInStaff(t.app, clock, 'fin_two', 'finance');
      const refund = () =>
        consoleCall<{ refunded: boolean }>(
          t.app,
          E.consoleOrderRefund,
          { orderId: paid.orderNo, reason: 'Customer asked within 7 days' },
          asFinance(),
        );
      const first = await refund();
      expect(first.body.code, first.body.msg).toBe(200);
      expect(first.body.data.refunded).toBe(true);
      expect(await statusOf(paid.orderNo)).toBe('refunded');
      expect((await refund()).body.data.refunded).toBe(false);
      const unpaid = await buyOrder(t.api);
      const refused = await consoleCall(
        t.app,
        E.consoleOrderRefund,
        { orderId: unpaid.orderNo, reason: 'Customer asked' },
        asFinance('zh_CN'),
      );
      expect(refused.body.code).toBe(Errors.ORDER_NOT_REFUNDABLE.code);
      expect(refused.body.msg).toBe(Errors.ORDER_NOT_REFUNDABLE.zh_CN);
      expect(await statusOf(unpaid.orderNo)).toBe('pending');
      const entries = await db().select().from(auditLog).where(eq(auditLog.action, 'order.refund'));
      expect(entries).toHaveLength(2);
      expect(entries[0]!.after).toMatchObject({ refunded: true });
    });
  });
});
