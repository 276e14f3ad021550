/**
 * The credit path's plug-in point (docs/payments.md, "Steps and effects"): an effect added to the list
 * runs inside the crediting transaction with the order's cash amount, currency, buyer and whether it
 * was the buyer's first paid order; a throw in any effect rolls the whole credit back; a refund runs
 * the effect's undo in its own transaction.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../server/db/database';
import { creditOrder } from '../../server/payments/credit-order';
import type {
  CreditedPayment,
  PaymentEffect,
  RefundedPayment,
} from '../../server/payments/effects/payment-effect';
import { paymentEffects } from '../../server/payments/effects/payment-effects';
import { refundOrder } from '../../server/payments/refund-order';
import type { VerifiedNotification } from '../../server/gateways/gateway';
import {
  buyOrder,
  grantsOf,
  orderOf,
  paymentsOf,
  type BoughtOrder,
  useSandboxApp,
} from './helpers/payments';
import { databaseVariants } from './helpers/test-databases';
import { registerByEmail } from './helpers/accounts';

const variants = await databaseVariants();

const paidNotification = (order: BoughtOrder): VerifiedNotification => ({
  gateway: 'sandbox',
  tradeNo: `SBX${order.orderNo}`,
  orderNo: order.orderNo,
  amount: order.amount,
  currency: order.currency,
  status: 'paid',
  raw: null,
});

/** An effect that writes inside the transaction, so a rollback is visible, and records what it saw. */
function probeEffect(options: { fail?: boolean } = {}) {
  const seen: CreditedPayment[] = [];
  const undone: RefundedPayment[] = [];
  const effect: PaymentEffect = {
    name: 'probe',
    async apply(payment, { tx, touchUser }) {
      seen.push(payment);
      await tx.execute(
        sql`UPDATE orders SET flagged_reason = 'probe' WHERE id = ${payment.order.id}`,
      );
      touchUser(payment.buyerId);
      if (options.fail) throw new Error('probe effect failed');
      return true;
    },
    async undo(payment, { tx }) {
      undone.push(payment);
      await tx.execute(
        sql`UPDATE orders SET flagged_reason = 'probe undone' WHERE id = ${payment.order.id}`,
      );
    },
  };
  return { effect, seen, undone };
}

describe.each(variants)('payment effects on $name', (variant) => {
  const t = useSandboxApp(variant);
  const db = (): Db => t.app.kestrel.database.db;

  it('a plugged-in effect sees the cash, the currency, the buyer and the first paid order, after the built-in ones', async () => {
    const probe = probeEffect();
    const effects = [...paymentEffects, probe.effect];
    const first = await buyOrder(t.api, { productId: 104, currency: 'USD' });
    const outcome = await creditOrder({ db: db(), effects }, paidNotification(first));
    expect(outcome).toMatchObject({ result: 'credited', effects: ['membership', 'probe'] });
    expect(probe.seen).toHaveLength(1);
    expect(probe.seen[0]).toMatchObject({
      buyerId: first.user.userId,
      amount: first.amount,
      currency: 'USD',
      firstPaidOrder: true,
      late: false,
      order: { orderNo: first.orderNo, months: 12, durationDays: 365, groupType: 1 },
    });
    expect((await orderOf(db(), first.orderNo))?.flaggedReason).toBe('probe');

    const second = await buyOrder(t.api, { user: first.user });
    await creditOrder({ db: db(), effects }, paidNotification(second));
    expect(probe.seen[1]).toMatchObject({ firstPaidOrder: false, amount: 3000, currency: 'CNY' });

    // A redelivery stops before the effects.
    await creditOrder({ db: db(), effects }, paidNotification(second));
    expect(probe.seen).toHaveLength(2);
  });

  it("queues one receipt per paid order, in the buyer's language, whatever repeats the gateway sends", async () => {
    const buyer = await registerByEmail(t.api);
    const order = await buyOrder(t.api, {
      user: buyer,
      productId: 104,
      currency: 'USD',
      method: 'card',
    });
    const notification = paidNotification(order);
    const [first, again] = await Promise.all([
      creditOrder({ db: db() }, notification),
      creditOrder({ db: db() }, notification),
    ]);
    expect([first.result, again.result].sort()).toEqual(['credited', 'duplicate']);
    const receipts = rowsOf<{ recipient: string; language: string; subject: string; body: string }>(
      await db().execute(sql`
        SELECT recipient, language, subject, body FROM message_queue
        WHERE dedupe_key = ${`receipt:${order.orderNo}`}`),
    );
    expect(receipts).toHaveLength(1);
    // Registered in English (the test client's language): the receipt is in English.
    expect(receipts[0]).toMatchObject({ recipient: buyer.email, language: 'en' });
    expect(receipts[0]!.subject).toBe(`Kestrel VPN receipt for order ${order.orderNo}`);
    expect(receipts[0]!.body).toContain('Plan: Standard, 12 months. Amount: $');
    expect(receipts[0]!.body).toContain('Paid with: Card.');
    // A buyer with no address gets none (a username account).
    const quiet = await buyOrder(t.api);
    await creditOrder({ db: db() }, paidNotification(quiet));
    const none = rowsOf(
      await db().execute(
        sql`SELECT 1 FROM message_queue WHERE dedupe_key = ${`receipt:${quiet.orderNo}`}`,
      ),
    );
    expect(none).toHaveLength(0);
  });

  it('an effect that throws rolls back the payment, the order and every other effect', async () => {
    const probe = probeEffect({ fail: true });
    const order = await buyOrder(t.api);
    await expect(
      creditOrder(
        { db: db(), effects: [...paymentEffects, probe.effect] },
        paidNotification(order),
      ),
    ).rejects.toThrow('probe effect failed');
    expect(await paymentsOf(db(), order.orderNo)).toHaveLength(0);
    expect(await orderOf(db(), order.orderNo)).toMatchObject({
      status: 'pending',
      flaggedReason: null,
    });
    expect(await grantsOf(db(), order.user.userId)).toHaveLength(0);

    // The redelivery, with effects that work, credits once.
    const retried = await creditOrder({ db: db() }, paidNotification(order));
    expect(retried).toMatchObject({ result: 'credited', effects: ['membership'] });
  });

  it('a refund undoes every effect in the refund transaction, and a refund of a refund undoes nothing', async () => {
    const probe = probeEffect();
    const effects = [...paymentEffects, probe.effect];
    const order = await buyOrder(t.api, { productId: 102 });
    await creditOrder({ db: db(), effects }, paidNotification(order));
    const deps = { db: db(), gateways: t.gateways, effects };
    expect((await refundOrder(deps, order.orderNo)).refunded).toBe(true);
    expect((await refundOrder(deps, order.orderNo)).refunded).toBe(false);
    expect(probe.undone).toHaveLength(1);
    expect(probe.undone[0]).toMatchObject({
      buyerId: order.user.userId,
      amount: order.amount,
      order: { orderNo: order.orderNo },
    });
    const rows = rowsOf<{ status: string; flagged_reason: string }>(
      await db().execute(
        sql`SELECT status, flagged_reason FROM orders WHERE order_no = ${order.orderNo}`,
      ),
    );
    expect(rows[0]).toEqual({ status: 'refunded', flagged_reason: 'probe undone' });
  });
});
