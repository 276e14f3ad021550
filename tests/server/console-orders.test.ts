/**
 * The console's orders section (issue 21, item 6; docs/console.md) through the real HTTP server and
 * database, paying through the sandbox gateway as the real one does: filters and paging, an order's
 * gateway events, a payment confirmed by hand exactly once while the gateway's own notification
 * races it, refunds through the gateway once, the payment-flags queue, step-up for money actions,
 * and support reading but never moving money.
 */
import { count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Errors } from '../../contract';
import { CONSOLE_SESSION_COOKIE, consoleEndpoints } from '../../contract/endpoints/console';
import type { ConsoleOrder, PaymentFlag } from '../../contract/endpoints/console-orders';
import { rowsOf } from '../../server/db/database';
import { auditLog, membershipGrants, orders, payments } from '../../server/db/schema';
import { type SignedIn, as, describeConsole, auditEntries } from './helpers/console';
import {
  buyOrder,
  flagsOf,
  orderOf,
  paymentsOf,
  postForm,
  sandboxNotification,
  type BoughtOrder,
} from './helpers/payments';
import { groupCalls, groupRow, openGroup } from './helpers/group-buy';
import { newKol, registerInvitee } from './helpers/kol';

const E = consoleEndpoints;
const NOTIFY = '/pay/notify/sandbox';

await describeConsole('the console orders section', { sandbox: true }, (t) => {
  const { clock, db } = t;
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
  const entriesOf = (action: string, orderNo: string) =>
    auditEntries(db(), action, `order:${orderNo}`);
  const statusOf = async (orderNo: string) =>
    (await db().select().from(orders).where(eq(orders.orderNo, orderNo)))[0]!.status;

  it('signs in finance and support staff', async () => {
    finance = await t.signedInStaff('fay_finance', 'finance');
    support = await t.signedInStaff('sid_support', 'support');
  });

  it('lists orders by status, method, currency, user and date, paged', async () => {
    const cny = await buyOrder(t.api);
    expect((await postForm(t.app, NOTIFY, sandboxNotification(cny))).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const usd = await buyOrder(t.api, { user: cny.user, currency: 'USD', method: 'wechat' });
    const list = async (input: Record<string, unknown>) => {
      const answer = await t.consoleCall<{ items: ConsoleOrder[]; total: number }>(
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
    const ids = async (input: Record<string, unknown>) =>
      (await list({ userId: cny.user.userId, ...input })).items.map((o) => o.orderId);
    expect(await ids({ status: 'paid' })).toEqual([cny.orderNo]);
    expect(await ids({ status: 'pending' })).toEqual([usd.orderNo]);
    expect(await ids({ status: 'refunded' })).toEqual([]);
    expect(await ids({ method: 'wechat' })).toEqual([usd.orderNo]);
    expect(await ids({ method: 'alipay' })).toEqual([cny.orderNo]);
    expect(await ids({ method: 'card' })).toEqual([]);
    expect(await ids({ method: 'alipay', status: 'pending' })).toEqual([]);
    // `to` takes every order placed up to it: a millisecond after the first order, only the first
    // (the second came 20 ms later); a millisecond after the second, both.
    const createdAt = async (orderNo: string) =>
      (await orderOf(db(), orderNo))!.createdAt.getTime();
    const justAfter = async (orderNo: string) =>
      new Date((await createdAt(orderNo)) + 1).toISOString();
    expect(await createdAt(usd.orderNo)).toBeGreaterThan((await createdAt(cny.orderNo)) + 1);
    expect(await ids({ to: await justAfter(cny.orderNo) })).toEqual([cny.orderNo]);
    expect(await ids({ to: await justAfter(usd.orderNo) })).toEqual([usd.orderNo, cny.orderNo]);
    expect(
      await ids({ to: new Date((await createdAt(cny.orderNo)) - 1000).toISOString() }),
    ).toEqual([]);
    const future = await list({ from: new Date(Date.now() + 3_600_000).toISOString() });
    expect(future.items).toEqual([]);
    const bad = await t.consoleCall(
      E.consoleOrderList,
      { status: 'lost' },
      { cookie: support.cookie, headers: { language: 'zh_CN' } },
    );
    expect(bad.body.code).toBe(Errors.BAD_REQUEST.code);
  });

  it('confirms a payment by hand exactly once while the gateway notification races it', async () => {
    // A KOL's friend pays their share of a group of two: the payment books the KOL's commission,
    // takes the seat and finishes the group (granting both members), each once whoever comes first.
    const kol = await newKol(t.api, db());
    const friend = await registerInvitee(t.api, kol.inviteCode);
    const { started } = await openGroup(t.api, t.app, db(), { groupSize: 2, paymentType: 1 });
    const share = await groupCalls(t.api).joinForPay(friend.token, started.inviteToken);
    expect(share.body.code, share.body.msg).toBe(200);
    const orderNo = share.body.data.orderId;
    const order = (await orderOf(db(), orderNo))!;
    // A payment confirmed by hand is credited at the console's "now": after the KOL was made and the
    // friend joined (at real time), as it always is outside tests.
    clock.catchUp();
    const [confirmed, notified] = await Promise.all([
      t.consoleCall<{ result: string; status: string }>(
        E.consoleOrderConfirm,
        { orderId: orderNo, tradeNo: `SBX${orderNo}`, reason: 'Seen in the dashboard' },
        asFinance(),
      ),
      postForm(
        t.app,
        NOTIFY,
        sandboxNotification({ orderNo, amount: order.total, currency: order.currency }),
      ),
    ]);
    expect(confirmed.body.code, confirmed.body.msg).toBe(200);
    expect(notified.statusCode).toBe(200);
    expect(['credited', 'duplicate']).toContain(confirmed.body.data.result);
    expect(confirmed.body.data.status).toBe('paid');
    // One payment, one commission, one paid seat, one grant of the plan (beside the invite's trial),
    // no flag: the same trade, told twice.
    const counts = rowsOf<Record<string, number | string>>(
      await db().execute(sql`
        SELECT
          (SELECT count(*) FROM payments WHERE order_id = ${order.id}) AS payments,
          (SELECT count(*) FROM kol_commissions
             WHERE order_id = ${order.id} AND kol_id = ${kol.userId} AND kind = 'commission')
            AS commissions,
          (SELECT count(*) FROM group_members
             WHERE order_id = ${order.id} AND user_id = ${friend.userId} AND state = 'paid') AS seats,
          (SELECT count(*) FROM group_members
             WHERE group_id = ${order.groupBuyId} AND user_id = ${friend.userId}) AS memberships,
          (SELECT count(*) FROM membership_grants
             WHERE user_id = ${friend.userId} AND source IN ('order', 'group')) AS grants,
          (SELECT count(*) FROM payment_flags WHERE order_id = ${order.id}) AS flags`),
    )[0]!;
    expect(Object.fromEntries(Object.entries(counts).map(([k, v]) => [k, Number(v)]))).toEqual({
      payments: 1,
      commissions: 1,
      seats: 1,
      memberships: 1,
      grants: 1,
      flags: 0,
    });
    expect((await groupRow(db(), started.inviteToken)).state).toBe('finished');
    // One entry, its `before` read under the order lock: pending if the confirmation came first.
    const entries = await entriesOf('order.confirm', orderNo);
    expect(entries).toHaveLength(1);
    expect(entries[0]!.actorUsername).toBe('fay_finance');
    expect(entries[0]!.before).toEqual({
      status: confirmed.body.data.result === 'credited' ? 'pending' : 'paid',
    });
    expect(entries[0]!.after).toEqual({
      status: 'paid',
      result: confirmed.body.data.result,
      tradeNo: `SBX${orderNo}`,
      reason: 'Seen in the dashboard',
    });
  });

  it('records a second trade number for a paid order as a flag, never a second credit', async () => {
    const order = await buyOrder(t.api);
    expect((await postForm(t.app, NOTIFY, sandboxNotification(order))).statusCode).toBe(200);
    const again = await t.consoleCall<{ result: string }>(
      E.consoleOrderConfirm,
      { orderId: order.orderNo, tradeNo: 'OTHER-TRADE-1', reason: 'Typed the wrong one' },
      asFinance(),
    );
    expect(again.body.data.result).toBe('flagged');
    expect(await paymentsOf(db(), order.orderNo)).toHaveLength(1);
    expect(await orderGrants(order.user.userId)).toBe(1);
    const flags = await t.consoleCall<{ items: PaymentFlag[] }>(
      E.consolePaymentFlags,
      {},
      { cookie: support.cookie },
    );
    const flag = flags.body.data.items.find((f) => f.orderId === order.orderNo);
    expect(flag?.reason).toBe('duplicate_payment');

    // Support reads the queue but resolves nothing; finance resolves it once, with a reason.
    const bySupport = await t.consoleCall(
      E.consoleResolveFlag,
      { flagId: flag!.id, reason: 'Checked' },
      { cookie: support.cookie, csrf: support.csrf },
    );
    expect(bySupport.status).toBe(403);
    const resolved = await t.consoleCall(
      E.consoleResolveFlag,
      { flagId: flag!.id, reason: 'Nothing was charged twice' },
      asFinance(),
    );
    expect(resolved.body.code, resolved.body.msg).toBe(200);
    const twice = await t.consoleCall(
      E.consoleResolveFlag,
      { flagId: flag!.id, reason: 'Nothing was charged twice' },
      asFinance('zh_CN'),
    );
    expect(twice.body.code).toBe(Errors.FLAG_NOT_FOUND.code);
    expect(twice.body.msg).toBe(Errors.FLAG_NOT_FOUND.zh_CN);
  });

  it('confirms by hand from the CLI through the same operator function', async () => {
    const order = await buyOrder(t.api);
    const run = await t.runCli([
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
    const missing = await t.runCli(['orders', 'confirm', order.orderNo, '--reason', 'x']);
    expect(missing.code).toBe(2);
  });

  it("shows an order's gateway events", async () => {
    const order = await buyOrder(t.api);
    await postForm(t.app, NOTIFY, sandboxNotification(order));
    const record = await t.consoleCall<{
      order: ConsoleOrder;
      payments: { tradeNo: string; raw: unknown }[];
    }>(E.consoleOrderRecord, { orderId: order.orderNo }, { cookie: support.cookie });
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
      const badTrade = await t.consoleCall(
        E.consoleOrderConfirm,
        { orderId: paid.orderNo, tradeNo: 'x', reason: 'Because' },
        asFinance('zh_CN'),
      );
      expect(badTrade.body.code).toBe(Errors.TRADE_NO_REQUIRED.code);
      expect(badTrade.body.msg).toBe(Errors.TRADE_NO_REQUIRED.zh_CN);
      clock.advance(6 * 60_000);
      const stale = await t.consoleCall(
        E.consoleOrderRefund,
        { orderId: paid.orderNo, reason: 'Customer asked' },
        asFinance(),
      );
      expect(stale.body.code).toBe(Errors.STEP_UP_REQUIRED.code);
      expect(await statusOf(paid.orderNo)).toBe('paid');
      const bySupport = await t.consoleCall(
        E.consoleOrderRefund,
        { orderId: paid.orderNo, reason: 'Customer asked' },
        { cookie: support.cookie, csrf: support.csrf },
      );
      expect(bySupport.status).toBe(403);
    });

    it('outside PROD, a dev route ages the second factor so e2e meets the real step-up', async () => {
      const fresh = await t.signedInStaff('fia_finance', 'finance');
      const withFresh = { cookie: fresh.cookie, csrf: fresh.csrf };
      const aged = await t.app.inject({
        method: 'POST',
        url: '/dev/console/second-factor-age',
        headers: { cookie: `${CONSOLE_SESSION_COOKIE}=${fresh.cookie}` },
      });
      expect(aged.statusCode).toBe(200);
      const refused = await t.consoleCall(
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
      finance = await t.signedInStaff('fin_two', 'finance');
      const refund = () =>
        t.consoleCall<{ refunded: boolean }>(
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
      const refused = await t.consoleCall(
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

    it('records a refund made by hand in the dashboard, with its entry before and after', async () => {
      const order = await buyOrder(t.api);
      await postForm(t.app, NOTIFY, sandboxNotification(order));
      const recorded = await t.consoleCall<{ refunded: boolean; userExpireTime: string | null }>(
        E.consoleOrderRefund,
        { orderId: order.orderNo, manual: true, reason: 'Returned in the Alipay dashboard' },
        asFinance(),
      );
      expect(recorded.body.code, recorded.body.msg).toBe(200);
      expect(recorded.body.data.refunded).toBe(true);
      expect(await statusOf(order.orderNo)).toBe('refunded');
      expect((await paymentsOf(db(), order.orderNo))[0]!.status).toBe('refunded');
      const entries = await entriesOf('order.refund-recorded', order.orderNo);
      expect(entries).toHaveLength(1);
      expect(entries[0]!.actorKind).toBe('staff');
      expect(entries[0]!.actorUsername).toBe('fin_two');
      expect(entries[0]!.before).toEqual({ status: 'paid' });
      expect(entries[0]!.after).toEqual({
        status: 'refunded',
        refunded: true,
        userExpireTime: recorded.body.data.userExpireTime,
        reason: 'Returned in the Alipay dashboard',
      });
      expect(await entriesOf('order.refund', order.orderNo)).toEqual([]);
    });

    it('refuses a refund through a gateway not set up here, saying what to do; by hand it is recorded', async () => {
      const order = await buyOrder(t.api);
      await postForm(t.app, NOTIFY, sandboxNotification(order));
      // A payment taken by a gateway this server no longer has configured.
      const [payment] = await paymentsOf(db(), order.orderNo);
      await db().update(payments).set({ gateway: 'epay' }).where(eq(payments.id, payment!.id));
      const refused = await t.consoleCall(
        E.consoleOrderRefund,
        { orderId: order.orderNo, reason: 'Customer asked' },
        asFinance('zh_CN'),
      );
      expect([refused.body.code, refused.body.msg]).toEqual([
        Errors.REFUND_GATEWAY_UNAVAILABLE.code,
        Errors.REFUND_GATEWAY_UNAVAILABLE.zh_CN,
      ]);
      const cli = await t.runCli(['orders', 'refund', order.orderNo, '--reason', 'Customer asked']);
      expect([cli.code, cli.err[0]]).toEqual([1, `error: ${Errors.REFUND_GATEWAY_UNAVAILABLE.en}`]);
      expect(await statusOf(order.orderNo)).toBe('paid');
      expect(await entriesOf('order.refund', order.orderNo)).toEqual([]);
      const byHand = await t.runCli([
        'orders',
        'refund',
        order.orderNo,
        '--manual',
        '--reason',
        'Refunded in the EPay dashboard',
      ]);
      expect(byHand.code, byHand.err.join('\n')).toBe(0);
      expect(await statusOf(order.orderNo)).toBe('refunded');
      expect(await entriesOf('order.refund-recorded', order.orderNo)).toHaveLength(1);
    });

    it('writes the entry in the same transaction as the change: a failed entry undoes the change', async () => {
      // A fault injected into the audit trail itself: the entry's insert fails for this reason.
      await db().execute(sql`
        CREATE FUNCTION test_audit_fault() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF NEW.after->>'reason' = 'Injected fault' THEN RAISE EXCEPTION 'injected fault'; END IF;
          RETURN NEW;
        END $$`);
      await db().execute(sql`
        CREATE TRIGGER test_audit_fault BEFORE INSERT ON audit_log
        FOR EACH ROW EXECUTE FUNCTION test_audit_fault()`);
      try {
        const unpaid = await buyOrder(t.api);
        const confirm = (reason: string) =>
          t.consoleCall<{ result: string }>(
            E.consoleOrderConfirm,
            { orderId: unpaid.orderNo, tradeNo: `SBX${unpaid.orderNo}`, reason },
            asFinance(),
          );
        expect((await confirm('Injected fault')).body.code).toBe(Errors.INTERNAL.code);
        expect(await statusOf(unpaid.orderNo)).toBe('pending');
        expect(await paymentsOf(db(), unpaid.orderNo)).toEqual([]);
        expect(await orderGrants(unpaid.user.userId)).toBe(0);
        expect(await entriesOf('order.confirm', unpaid.orderNo)).toEqual([]);
        expect((await confirm('Seen in the dashboard')).body.data.result).toBe('credited');
        expect(await orderGrants(unpaid.user.userId)).toBe(1);

        const refund = (reason: string) =>
          t.consoleCall<{ refunded: boolean }>(
            E.consoleOrderRefund,
            { orderId: unpaid.orderNo, manual: true, reason },
            asFinance(),
          );
        expect((await refund('Injected fault')).body.code).toBe(Errors.INTERNAL.code);
        expect(await statusOf(unpaid.orderNo)).toBe('paid');
        expect((await paymentsOf(db(), unpaid.orderNo))[0]!.status).toBe('paid');
        expect(await entriesOf('order.refund-recorded', unpaid.orderNo)).toEqual([]);
        expect((await refund('Returned by hand')).body.data.refunded).toBe(true);
        expect(await statusOf(unpaid.orderNo)).toBe('refunded');
        expect(await entriesOf('order.refund-recorded', unpaid.orderNo)).toHaveLength(1);
      } finally {
        await db().execute(sql`DROP TRIGGER test_audit_fault ON audit_log`);
        await db().execute(sql`DROP FUNCTION test_audit_fault()`);
      }
    });

    it('refunds and resolves flags from the CLI through the same functions, audited as cli', async () => {
      const order = await buyOrder(t.api);
      await postForm(t.app, NOTIFY, sandboxNotification(order));
      const cli = (...argv: string[]) => t.runCli(['orders', ...argv]);

      const noReason = await cli('refund', order.orderNo);
      expect(noReason.code).toBe(2);
      expect(noReason.err[0]).toBe('error: --reason is required');
      const shortReason = await cli('refund', order.orderNo, '--reason', 'no');
      expect(shortReason.code).toBe(1);
      expect(shortReason.err[0]).toBe(`error: ${Errors.REASON_REQUIRED.en}`);
      const unpaid = await buyOrder(t.api);
      const refused = await cli('refund', unpaid.orderNo, '--reason', 'Customer asked');
      expect(refused.code).toBe(1);
      expect(refused.err[0]).toBe(`error: ${Errors.ORDER_NOT_REFUNDABLE.en}`);
      expect(await statusOf(order.orderNo)).toBe('paid');
      expect(await statusOf(unpaid.orderNo)).toBe('pending');
      expect(await entriesOf('order.refund', order.orderNo)).toEqual([]);

      const refunded = await cli('refund', order.orderNo, '--reason', 'Customer asked by mail');
      expect(refunded.code, refunded.err.join('\n')).toBe(0);
      expect(refunded.out[0]).toMatch(
        new RegExp(`^refunded ${order.orderNo}; the user's membership now ends `),
      );
      expect(await statusOf(order.orderNo)).toBe('refunded');
      const again = await cli('refund', order.orderNo, '--reason', 'Customer asked by mail');
      expect(again.out).toEqual([`order ${order.orderNo} was already refunded: nothing changed`]);
      const refunds = await entriesOf('order.refund', order.orderNo);
      expect(refunds.map((e) => [e.actorKind, e.actorUsername, e.ip])).toEqual([
        ['cli', null, null],
        ['cli', null, null],
      ]);
      expect(refunds.map((e) => [e.before, e.after])).toEqual([
        [
          { status: 'paid' },
          {
            status: 'refunded',
            refunded: true,
            userExpireTime: expect.any(String),
            reason: 'Customer asked by mail',
          },
        ],
        [
          { status: 'refunded' },
          {
            status: 'refunded',
            refunded: false,
            userExpireTime: null,
            reason: 'Customer asked by mail',
          },
        ],
      ]);

      // A second trade number for the order: a flag, resolved from the CLI with a reason.
      const second = await cli(
        'confirm',
        order.orderNo,
        '--trade',
        'OTHER-TRADE-2',
        '--reason',
        'Second charge seen',
      );
      expect(second.out).toEqual([`order ${order.orderNo}: flagged, now refunded`]);
      const [flag] = await flagsOf(db(), order.orderNo).then((flags) =>
        flags.filter((f) => f.resolvedAt === null),
      );
      expect(flag?.reason).toBe('duplicate_payment');
      const id = String(flag!.id);
      expect((await cli('resolve-flag', id)).code).toBe(2);
      const tooShort = await cli('resolve-flag', id, '--reason', 'ok');
      expect(tooShort.err[0]).toBe(`error: ${Errors.REASON_REQUIRED.en}`);
      expect((await flagsOf(db(), order.orderNo)).find((f) => f.id === flag!.id)!.resolvedAt).toBe(
        null,
      );
      const resolved = await cli('resolve-flag', id, '--reason', 'Refunded the second charge');
      expect(resolved.code, resolved.err.join('\n')).toBe(0);
      expect(resolved.out).toEqual([`flag ${id} resolved`]);
      const twice = await cli('resolve-flag', id, '--reason', 'Refunded the second charge');
      expect(twice.code).toBe(1);
      expect(twice.err[0]).toBe(`error: ${Errors.FLAG_NOT_FOUND.en}`);
      const entries = await auditEntries(db(), 'payment-flag.resolve', `flag:${id}`);
      expect(entries.map((e) => [e.actorKind, e.before, e.after])).toEqual([
        [
          'cli',
          { reason: 'duplicate_payment', tradeNo: 'OTHER-TRADE-2' },
          { resolved: true, reason: 'Refunded the second charge' },
        ],
      ]);
    });
  });
});
