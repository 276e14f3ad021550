/**
 * A console refund whose outcome the gateway left unknown (docs/console.md, "Orders"): EPay has no
 * idempotency key, so after an attempt that broke off mid-call the console must not send the refund
 * again. Through the real HTTP server and database with a local EPay stand-in: the attempt that
 * breaks off is an internal error and changes nothing but its open `refund_started` flag; every
 * attempt after it is refused with REFUND_IN_DOUBT, translated, without calling the aggregator;
 * recording the refund made in the dashboard ends it, as the message says.
 */
import { describe, expect, it } from 'vitest';
import { Errors } from '../../contract';
import { consoleEndpoints } from '../../contract/endpoints/console';
import {
  CONSOLE_ENV,
  Clock,
  as,
  auditEntries,
  withConsole,
  type SignedIn,
} from './helpers/console';
import {
  buyOrder,
  epayEnv,
  epayNotification,
  openRefundFlags,
  orderOf,
  postForm,
  useGatewayStandIns,
  userOf,
} from './helpers/payments';
import { useTestApp } from './helpers/test-app';
import { databaseVariants } from './helpers/test-databases';

const E = consoleEndpoints;

describe.each(await databaseVariants())(
  'a console refund left in doubt by EPay on $name',
  (variant) => {
    const standIns = useGatewayStandIns('sk_test_kestrel');
    const clock = new Clock(Date.now());
    const t = withConsole(
      useTestApp(variant, () => ({
        env: { ...CONSOLE_ENV, ...epayEnv(standIns.epay) },
        overrides: { consoleNow: clock.now },
      })),
      clock,
    );
    const db = () => t.app.kestrel.database.db;
    const refundCalls = () =>
      standIns.epay.requests.filter((r) => r.query.get('act') === 'refund').length;
    const openFlags = (orderNo: string) => openRefundFlags(db(), orderNo);
    const entriesOf = (action: string, orderNo: string) =>
      auditEntries(db(), action, `order:${orderNo}`);
    let finance: SignedIn;

    it('refuses to send a refund again once an attempt broke off, and records the one made by hand', async () => {
      finance = await t.signedInStaff('fern_finance', 'finance');
      const order = await buyOrder(t.api);
      const notified = await postForm(t.app, '/pay/notify/epay', epayNotification(order));
      expect(notified.body).toBe('success');
      standIns.epay.paid.set(order.orderNo, { trade_no: 'EP-DOUBT-1', money: '30.00' });
      const paidUntil = (await userOf(db(), order.user.userId)).expireTime;
      expect((await orderOf(db(), order.orderNo))?.status).toBe('paid');
      const refund = (language?: string) =>
        t.consoleCall(
          E.consoleOrderRefund,
          { orderId: order.orderNo, reason: 'Customer asked within 7 days' },
          as(finance, language),
        );

      // The aggregator breaks off mid-refund: whether the money went back is unknown.
      standIns.epay.down = true;
      const broken = await refund();
      standIns.epay.down = false;
      expect(broken.body.code).toBe(Errors.INTERNAL.code);
      expect(refundCalls()).toBe(1);
      expect(await openFlags(order.orderNo)).toHaveLength(1);
      expect((await orderOf(db(), order.orderNo))?.status).toBe('paid');
      expect((await userOf(db(), order.user.userId)).expireTime).toEqual(paidUntil);
      expect(await entriesOf('order.refund', order.orderNo)).toEqual([]);

      // Every later attempt, in either language and from the CLI, is refused without a call.
      const inChinese = await refund('zh_CN');
      expect([inChinese.body.code, inChinese.body.msg]).toEqual([
        Errors.REFUND_IN_DOUBT.code,
        Errors.REFUND_IN_DOUBT.zh_CN,
      ]);
      const inEnglish = await refund('en');
      expect([inEnglish.body.code, inEnglish.body.msg]).toEqual([
        Errors.REFUND_IN_DOUBT.code,
        Errors.REFUND_IN_DOUBT.en,
      ]);
      const cli = await t.runCli(['orders', 'refund', order.orderNo, '--reason', 'Customer asked']);
      expect([cli.code, cli.err[0]]).toEqual([1, `error: ${Errors.REFUND_IN_DOUBT.en}`]);
      expect(refundCalls()).toBe(1);
      expect((await orderOf(db(), order.orderNo))?.status).toBe('paid');
      expect((await userOf(db(), order.user.userId)).expireTime).toEqual(paidUntil);
      expect(await openFlags(order.orderNo)).toHaveLength(1);
      expect(await entriesOf('order.refund', order.orderNo)).toEqual([]);

      // The operator found the money returned in EPay's dashboard and records that refund.
      const recorded = await t.consoleCall<{ refunded: boolean }>(
        E.consoleOrderRefund,
        { orderId: order.orderNo, manual: true, reason: 'Returned in the EPay dashboard' },
        as(finance),
      );
      expect(recorded.body.code, recorded.body.msg).toBe(200);
      expect(recorded.body.data.refunded).toBe(true);
      expect(refundCalls()).toBe(1);
      expect((await orderOf(db(), order.orderNo))?.status).toBe('refunded');
      expect(await openFlags(order.orderNo)).toEqual([]);
      expect(await entriesOf('order.refund-recorded', order.orderNo)).toHaveLength(1);
      expect((await userOf(db(), order.user.userId)).expireTime!.getTime()).toBeLessThan(
        paidUntil!.getTime(),
      );
    });
  },
);
