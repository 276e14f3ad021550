/**
 * The KOL programme through the real HTTP stack and database, on PGlite and PostgreSQL: commissions
 * booked from credited payments (once per order, first or renewal, CNY converted at the stored
 * rate, never for someone else's friend or a redeem code, held for review on a self-referral), the refund window,
 * settlements (the $100 threshold, one settlement for ten requests at once), refunds before and
 * after settlement and racing one, and the endpoints' answers. After each test the ledger's sums
 * are checked in SQL (server/kol/ledger-check.ts).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { Errors } from '../../contract';
import { KOL_PAYOUT_THRESHOLD_CENTS } from '../../contract/kol';
import { rowsOf } from '../../server/db/database';
import { kolSettlements, users } from '../../server/db/schema';
import { queueAvailableCommissionMessages } from '../../server/kol/commission-messages';
import { endKol, makeKol } from '../../server/kol/kol-accounts';
import { writeKolSettings, defaultKolSettings } from '../../server/kol/kol-settings';
import { checkKolLedger } from '../../server/kol/ledger-check';
import { settleKol } from '../../server/kol/settlements';
import { refundOrder } from '../../server/payments/refund-order';
import { PASSWORD, registerByUsername, uniqueName, type Registered } from './helpers/accounts';
import {
  commissionsOf as ledgerOf,
  newKol as makeTestKol,
  registerInvitee,
  TRON_ADDRESS,
} from './helpers/kol';
import {
  buyOrder,
  postForm,
  sandboxNotification,
  type BoughtOrder,
  useSandboxApp,
} from './helpers/payments';
import { expectOk } from './helpers/store';
import { databaseVariants } from './helpers/test-databases';

const variants = await databaseVariants();
const NOTIFY = '/pay/notify/sandbox';
/** Standard 12 months in USD (server/store/seed-plans.ts). */
const STANDARD_12_USD = 4799;

describe.each(variants)('KOL programme on $name', (variant) => {
  /** The app's own gateways (t.gateways): the sandbox here records payments and refunds like a real one. */
  const t = useSandboxApp(variant);
  afterEach(async () => {
    // Every test leaves a ledger that balances, whatever it raced.
    const report = await checkKolLedger(db());
    expect(report.lines.join('\n'), report.lines.join('\n')).toContain('balanced');
    expect(report.balanced).toBe(true);
  });
  const db = () => t.app.kestrel.database.db;
  const notify = (order: BoughtOrder) => postForm(t.app, NOTIFY, sandboxNotification(order));
  const kolCall = <T>(name: string, token: string, params: Record<string, unknown> = {}) =>
    t.api.call<T>(`/api/kol/kol_${name}`, params, { token });

  const newKol = (terms: { first?: number; renewal?: number; address?: boolean } = {}) =>
    makeTestKol(t.api, db(), {
      ...terms,
      ...(terms.address === false ? { payout: false as const } : {}),
    });
  const invitee = (inviteCode: string, options: { deviceId?: string } = {}) =>
    registerInvitee(t.api, inviteCode, options);

  async function paidOrder(
    user: Registered,
    options: { productId?: number; currency?: 'CNY' | 'USD'; couponCode?: string } = {},
  ): Promise<BoughtOrder> {
    const order = await buyOrder(t.api, {
      user,
      productId: options.productId ?? 104,
      currency: options.currency ?? 'USD',
      method: options.currency === 'CNY' ? 'alipay' : 'card',
      ...(options.couponCode ? { couponCode: options.couponCode } : {}),
    });
    expect((await notify(order)).body).toBe('success');
    return order;
  }

  /** Recorded as refunded in the gateway's console (`--manual`): the ledger's part is the same. */
  const refund = (orderNo: string) =>
    refundOrder({ db: db(), gateways: { byName: () => undefined } as never }, orderNo, {
      manual: true,
    });
  const commissionsOf = (kolId: number) => ledgerOf(db(), kolId);
  const matureAll = (kolId: number) =>
    db().execute(
      sql`UPDATE kol_commissions SET available_at = now() - interval '1 second'
          WHERE kol_id = ${kolId} AND status = 'pending'`,
    );
  const orderIdOf = async (orderNo: string) =>
    Number(
      rowsOf<{ id: number }>(
        await db().execute(sql`SELECT id FROM orders WHERE order_no = ${orderNo}`),
      )[0]!.id,
    );
  /** Three friends' first 12-month purchases at 100 %: $143.97 available once matured. */
  async function kolWithAvailable(): Promise<{
    kol: Registered & { inviteCode: string };
    orders: BoughtOrder[];
  }> {
    const kol = await newKol();
    const orders: BoughtOrder[] = [];
    for (let i = 0; i < 3; i += 1) orders.push(await paidOrder(await invitee(kol.inviteCode)));
    await matureAll(kol.userId);
    return { kol, orders };
  }

  it('a non-KOL is told so on every KOL call; a KOL gets the summary with its terms', async () => {
    const user = await registerByUsername(t.api);
    for (const name of [
      'summary',
      'commission_list',
      'settlement_list',
      'invitation_list',
      'request_payout',
    ]) {
      const { body } = await kolCall(name, user.token);
      expect(body.code, name).toBe(Errors.KOL_NOT_A_KOL.code);
    }
    const kol = await newKol({ first: 40, renewal: 15 });
    const summary = expectOk(await kolCall<Record<string, unknown>>('summary', kol.token));
    expect(summary).toMatchObject({
      firstRatePercent: 40,
      renewalRatePercent: 15,
      inviteCode: kol.inviteCode,
      payout: { network: 'tron', address: TRON_ADDRESS },
      pendingCents: 0,
      availableCents: 0,
      processingCents: 0,
      paidCents: 0,
      thresholdCents: KOL_PAYOUT_THRESHOLD_CENTS,
      refundWindowDays: 14,
    });
    // Ended: the page says "not a KOL" again, the user info drops the flag.
    await endKol(db(), kol.userId, new Date());
    expect((await kolCall('summary', kol.token)).body.code).toBe(Errors.KOL_NOT_A_KOL.code);
    const [row] = await db()
      .select({ isKol: users.isKol })
      .from(users)
      .where(eq(users.id, kol.userId));
    expect(row?.isKol).toBe(false);
  });

  it("an invitee's payment notification delivered 20 times (10 in sequence, 10 at once) books one commission", async () => {
    const kol = await newKol({ first: 50 });
    const friend = await invitee(kol.inviteCode);
    const order = await buyOrder(t.api, {
      user: friend,
      productId: 104,
      currency: 'USD',
      method: 'card',
    });
    for (let i = 0; i < 10; i += 1) expect((await notify(order)).body).toBe('success');
    const parallel = await Promise.all(Array.from({ length: 10 }, () => notify(order)));
    expect(parallel.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const rows = await commissionsOf(kol.userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: 'commission',
      inviteeId: friend.userId,
      purchaseType: 0,
      ratePercent: 50,
      paidAmount: STANDARD_12_USD,
      paidCurrency: 'USD',
      paidUsdCents: STANDARD_12_USD,
      commissionCents: Math.floor(STANDARD_12_USD / 2),
      status: 'pending',
    });
    // The refund window: 14 days from the payment.
    const window = rows[0]!.availableAt.getTime() - rows[0]!.createdAt.getTime();
    expect(window).toBe(14 * 86_400_000);
  });

  it('first then renewal at their own rates; a CNY payment converts at the stored rate; a promo code counts what was paid', async () => {
    const kol = await newKol({ first: 30, renewal: 20 });
    const friend = await invitee(kol.inviteCode);
    await paidOrder(friend, { productId: 104, currency: 'CNY', couponCode: 'WELCOME10' });
    // The operator changes the rate and the KOL's terms: booked rows keep theirs.
    await writeKolSettings(db(), { ...defaultKolSettings, cnyUsdRateMicros: 140_000 }, new Date());
    await makeKol(db(), kol.userId, { renewalRatePercent: 25 }, new Date());
    await paidOrder(friend, { productId: 101, currency: 'CNY' });
    await writeKolSettings(db(), defaultKolSettings, new Date());
    const [first, renewal] = await commissionsOf(kol.userId);
    // ¥288.00 less 10 % = ¥259.20 = 25920 fen x 0.138 = 3576.96 -> 3576 cents; 30 % -> 1072.
    expect(first).toMatchObject({
      purchaseType: 0,
      ratePercent: 30,
      paidAmount: 25_920,
      paidCurrency: 'CNY',
      usdRateMicros: 138_000,
      paidUsdCents: 3576,
      commissionCents: 1072,
    });
    // ¥30.00 = 3000 fen x 0.140 = 420 cents; renewal 25 % -> 105.
    expect(renewal).toMatchObject({
      purchaseType: 1,
      ratePercent: 25,
      paidAmount: 3000,
      usdRateMicros: 140_000,
      paidUsdCents: 420,
      commissionCents: 105,
    });
  });

  it('no commission for someone who was not invited, for a redeem code, or after the KOL ended', async () => {
    const kol = await newKol();
    await paidOrder(await registerByUsername(t.api));
    const friend = await invitee(kol.inviteCode);
    const code = (
      await t.app.inject({ method: 'POST', url: '/dev/redeem-codes', payload: { days: 30 } })
    ).json<{ code: string }>().code;
    expectOk(await t.api.call('/api/system/system_redeem_code', { code }, { token: friend.token }));
    expect(await commissionsOf(kol.userId)).toHaveLength(0);
    await endKol(db(), kol.userId, new Date());
    await paidOrder(friend);
    expect(await commissionsOf(kol.userId)).toHaveLength(0);
  });

  it('a self-referral (the KOL and the friend on one app device) is held for review with its signal', async () => {
    const kol = await newKol();
    const deviceId = `dev-${uniqueName()}`;
    // The KOL signs in on the phone, then a second account is made on the same phone.
    expectOk(
      await t.api.call(
        '/api/user/user_login',
        { account: kol.username, password: PASSWORD },
        { deviceId, platform: 'android' },
      ),
    );
    const sockPuppet = await invitee(kol.inviteCode, { deviceId });
    await paidOrder(sockPuppet);
    const [row] = await commissionsOf(kol.userId);
    expect(row).toMatchObject({
      status: 'held',
      holdSignal: 'device',
      holdDetail: deviceId,
    });
    const summary = expectOk(
      await kolCall<{ pendingCents: number; heldCents: number }>('summary', kol.token),
    );
    expect(summary).toMatchObject({ pendingCents: 0, heldCents: row!.commissionCents });
  });

  it('pending until the window passes; a payout below $100 is refused; at $100 one settlement takes every available row', async () => {
    const kol = await newKol({ first: 100 });
    const friends = [await invitee(kol.inviteCode), await invitee(kol.inviteCode)];
    await paidOrder(friends[0]!);
    let summary = expectOk(await kolCall<Record<string, number>>('summary', kol.token));
    expect(summary.pendingCents).toBe(STANDARD_12_USD);
    const early = await kolCall<unknown>('request_payout', kol.token);
    expect(early.body.code).toBe(Errors.KOL_BELOW_THRESHOLD.code);
    expect(early.body.data).toMatchObject({ availableCents: 0, thresholdCents: 10_000 });
    await matureAll(kol.userId);
    summary = expectOk(await kolCall<Record<string, number>>('summary', kol.token));
    expect(summary).toMatchObject({ pendingCents: 0, availableCents: STANDARD_12_USD });
    expect((await kolCall('request_payout', kol.token)).body.code).toBe(
      Errors.KOL_BELOW_THRESHOLD.code,
    );

    await paidOrder(friends[1]!);
    await paidOrder(friends[0]!, { productId: 104 });
    await matureAll(kol.userId);
    const settlement = expectOk(
      await kolCall<{ id: number; amountCents: number; status: string; address: string }>(
        'request_payout',
        kol.token,
      ),
    );
    // 47.99 + 47.99 + a renewal at 20 % of 47.99 (9.59).
    expect(settlement).toMatchObject({
      amountCents: 2 * STANDARD_12_USD + 959,
      status: 'processing',
      address: TRON_ADDRESS,
    });
    summary = expectOk(await kolCall<Record<string, number>>('summary', kol.token));
    expect(summary).toMatchObject({
      availableCents: 0,
      processingCents: settlement.amountCents,
      paidCents: 0,
    });
    const list = expectOk(
      await kolCall<{ items: { status: string; settled: number }[]; total: number }>(
        'commission_list',
        kol.token,
      ),
    );
    expect(list.total).toBe(3);
    expect(list.items.every((c) => c.status === 'settled' && c.settled === 1)).toBe(true);
  });

  it('tells the KOL once when a commission becomes available, with the balance, however many rounds run', async () => {
    const kol = await newKol({ first: 100 });
    await db()
      .update(users)
      .set({ email: `kol-${kol.userId}@example.org`, language: 'en' })
      .where(eq(users.id, kol.userId));
    await paidOrder(await invitee(kol.inviteCode));
    const round = () => queueAvailableCommissionMessages({ db: db(), now: () => new Date() });
    const told = async () =>
      rowsOf<{ subject: string; body: string }>(
        await db().execute(sql`
          SELECT subject, body FROM message_queue
          WHERE user_id = ${kol.userId} AND purpose = 'kol_commission_available'`),
      );
    // Still in its refund window: nothing yet (other KOLs of this database may be told).
    await round();
    expect(await told()).toEqual([]);
    await matureAll(kol.userId);
    await Promise.all([round(), round()]);
    await round();
    const [message, ...more] = await told();
    expect(more).toEqual([]);
    const usd = `$${(STANDARD_12_USD / 100).toFixed(2)}`;
    expect(message!.subject).toBe(`Kestrel VPN: a commission of ${usd} is available`);
    expect(message!.body).toContain(`Your available balance is now ${usd}`);
  });

  it('10 payout requests at once: one settlement, no commission in two', async () => {
    const { kol } = await kolWithAvailable();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        kolCall<{ amountCents: number }>('request_payout', kol.token),
      ),
    );
    const codes = answers.map((a) => a.body.code).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === Errors.KOL_BELOW_THRESHOLD.code)).toHaveLength(9);
    const settlements = await db()
      .select()
      .from(kolSettlements)
      .where(eq(kolSettlements.kolId, kol.userId));
    expect(settlements).toHaveLength(1);
    expect(settlements[0]!.amountCents).toBe(3 * STANDARD_12_USD);
    const rows = await commissionsOf(kol.userId);
    expect(rows.every((r) => r.settlementId === settlements[0]!.id)).toBe(true);
  });

  it('a KOL without a payout address is told to get one; nothing is settled', async () => {
    const kol = await newKol({ address: false });
    for (let i = 0; i < 3; i += 1) await paidOrder(await invitee(kol.inviteCode));
    await matureAll(kol.userId);
    expect((await kolCall('request_payout', kol.token)).body.code).toBe(
      Errors.KOL_NO_PAYOUT_ADDRESS.code,
    );
    expect(
      await db().select().from(kolSettlements).where(eq(kolSettlements.kolId, kol.userId)),
    ).toHaveLength(0);
  });

  it('a refund before settlement voids the commission; after settlement it books a clawback netted against the next payout', async () => {
    const { kol, orders } = await kolWithAvailable();
    await refund(orders[0]!.orderNo);
    let rows = await commissionsOf(kol.userId);
    expect(rows[0]).toMatchObject({ status: 'voided', voidReason: 'order refunded' });
    // Two left: $95.98 is below the threshold.
    expect((await kolCall('request_payout', kol.token)).body.code).toBe(
      Errors.KOL_BELOW_THRESHOLD.code,
    );
    await paidOrder(await invitee(kol.inviteCode));
    await matureAll(kol.userId);
    const first = expectOk(await kolCall<{ amountCents: number }>('request_payout', kol.token));
    expect(first.amountCents).toBe(3 * STANDARD_12_USD);

    await refund(orders[1]!.orderNo);
    rows = await commissionsOf(kol.userId);
    const clawback = rows.find((r) => r.kind === 'clawback');
    expect(clawback).toMatchObject({
      status: 'available',
      commissionCents: -STANDARD_12_USD,
      orderId: await orderIdOf(orders[1]!.orderNo),
    });
    // Refunding again changes nothing.
    await refund(orders[1]!.orderNo);
    expect((await commissionsOf(kol.userId)).filter((r) => r.kind === 'clawback')).toHaveLength(1);
    const summary = expectOk(await kolCall<Record<string, number>>('summary', kol.token));
    expect(summary.availableCents).toBe(-STANDARD_12_USD);
    // The next payout nets it.
    for (let i = 0; i < 4; i += 1) await paidOrder(await invitee(kol.inviteCode));
    await matureAll(kol.userId);
    const second = expectOk(await kolCall<{ amountCents: number }>('request_payout', kol.token));
    expect(second.amountCents).toBe(4 * STANDARD_12_USD - STANDARD_12_USD);
  });

  it("a refund through the sandbox gateway (not --manual) voids before settlement and claws back after; the gateway's trade is refunded", async () => {
    const kol = await newKol();
    const paidAtSandbox = async (): Promise<BoughtOrder> => {
      const order = await buyOrder(t.api, {
        user: await invitee(kol.inviteCode),
        productId: 104,
        currency: 'USD',
        method: 'card',
      });
      // The buyer pays on the sandbox's page: its bank records the trade and signs the notification.
      const signed = t.gateways.sandbox!.settle(order, 'paid');
      expect((await postForm(t.app, NOTIFY, signed)).body).toBe('success');
      return order;
    };
    const tradeState = async (orderNo: string) =>
      (
        (await t.gateways.sandbox!.queryStatus({ orderNo, gatewayRef: null })) as {
          raw?: { state?: string };
        }
      ).raw?.state;
    const viaGateway = (orderNo: string) =>
      refundOrder({ db: db(), gateways: t.gateways }, orderNo);

    const orders = [await paidAtSandbox(), await paidAtSandbox(), await paidAtSandbox()];
    await matureAll(kol.userId);
    // Before settlement: voided, and the money went back through the gateway.
    expect((await viaGateway(orders[0]!.orderNo)).refunded).toBe(true);
    expect(await tradeState(orders[0]!.orderNo)).toBe('refunded');
    const firstId = await orderIdOf(orders[0]!.orderNo);
    let rows = await commissionsOf(kol.userId);
    expect(rows.find((r) => r.orderId === firstId)).toMatchObject({
      kind: 'commission',
      status: 'voided',
      voidReason: 'order refunded',
    });

    orders.push(await paidAtSandbox());
    await matureAll(kol.userId);
    const settlement = expectOk(
      await kolCall<{ amountCents: number }>('request_payout', kol.token),
    );
    expect(settlement.amountCents).toBe(3 * STANDARD_12_USD);

    // After settlement: a clawback, once, however often the refund is run.
    expect((await viaGateway(orders[1]!.orderNo)).refunded).toBe(true);
    expect((await viaGateway(orders[1]!.orderNo)).refunded).toBe(false);
    expect(await tradeState(orders[1]!.orderNo)).toBe('refunded');
    rows = await commissionsOf(kol.userId);
    const orderId = await orderIdOf(orders[1]!.orderNo);
    expect(
      rows.filter((r) => r.orderId === orderId).map((r) => [r.kind, r.status, r.commissionCents]),
    ).toEqual([
      ['commission', 'settled', STANDARD_12_USD],
      ['clawback', 'available', -STANDARD_12_USD],
    ]);
    const summary = expectOk(await kolCall<Record<string, number>>('summary', kol.token));
    expect(summary.availableCents).toBe(-STANDARD_12_USD);
  });

  it('a refund racing a settlement: the commission is either voided before or clawed back after, never neither', async () => {
    const outcomes = new Set<string>();
    for (let round = 0; round < 4; round += 1) {
      const { kol, orders } = await kolWithAvailable();
      const target = orders[round % 3]!;
      const [refunded, settled] = await Promise.allSettled([
        refund(target.orderNo),
        settleKol(db(), kol.userId, { requestedBy: 'operator', now: new Date() }),
      ]);
      expect(
        refunded.status,
        String((refunded as PromiseRejectedResult).reason?.message) +
          JSON.stringify((refunded as PromiseRejectedResult).reason?.cause?.where),
      ).toBe('fulfilled');
      const rows = await commissionsOf(kol.userId);
      const orderId = await orderIdOf(target.orderNo);
      const original = rows.find((r) => r.orderId === orderId && r.kind === 'commission')!;
      const clawback = rows.find((r) => r.orderId === orderId && r.kind === 'clawback');
      if (original.status === 'voided') {
        outcomes.add('voided');
        expect(clawback).toBeUndefined();
        // Settled without it, or refused when the rest fell below $100 (2 x 47.99 < 100).
        expect(settled.status).toBe('rejected');
      } else {
        outcomes.add('clawed-back');
        expect(settled.status).toBe('fulfilled');
        expect(original.status).toBe('settled');
        expect(clawback?.commissionCents).toBe(-original.commissionCents);
      }
      const report = await checkKolLedger(db());
      expect(report.balanced, report.lines.join('\n')).toBe(true);
    }
    expect(outcomes.size).toBeGreaterThan(0);
  });

  it('the three tabs page their rows, newest first, with masked friends and the referee status', async () => {
    const kol = await newKol({ first: 25 });
    const buyers = [await invitee(kol.inviteCode), await invitee(kol.inviteCode)];
    await invitee(kol.inviteCode);
    await paidOrder(buyers[0]!);
    await paidOrder(buyers[1]!, { productId: 201 });
    const page1 = expectOk(
      await kolCall<{
        items: { referredUid: string; product: { months: number }; type: number }[];
        total: number;
      }>('commission_list', kol.token, { page: 1, pageSize: 1 }),
    );
    expect(page1.total).toBe(2);
    expect(page1.items).toHaveLength(1);
    expect(page1.items[0]!.referredUid).toBe(`${buyers[1]!.username.slice(0, 2)}***`);
    expect(page1.items[0]!.product.months).toBe(1);
    const page2 = expectOk(
      await kolCall<{ items: { product: { months: number } }[] }>('commission_list', kol.token, {
        page: 2,
        pageSize: 1,
      }),
    );
    expect(page2.items[0]!.product.months).toBe(12);
    const invitations = expectOk(
      await kolCall<{ items: { status: number }[]; total: number }>('invitation_list', kol.token),
    );
    expect(invitations.total).toBe(3);
    expect(invitations.items.map((i) => i.status)).toEqual([0, 1, 1]);
    const bad = await kolCall('commission_list', kol.token, { pageSize: 500 });
    expect(bad.body.code).toBe(Errors.BAD_REQUEST.code);
  });
});
