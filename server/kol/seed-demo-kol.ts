/**
 * Demo data of the KOL programme (SEED_DEMO): the KOL `kol` (the demo password) with friends who
 * signed up by the KOL's link, their purchases, and a ledger with every state: commissions paid out
 * in one settlement, available (enough for a payout), pending, voided by a refund, and a clawback of
 * a settled one refunded later. Built through the ledger's own functions (booking, settlement,
 * payout, reversal) at past dates, so the demo balances exactly as real data would. Only when the
 * user `kol` does not exist yet.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { PasswordHasher } from '../identity/password-hasher';
import { rowsOf, type Db } from '../db/database';
import { DEMO_USER } from '../accounts/seed-demo-user';
import { devices, invites, orders, payments, users } from '../db/schema';
import { newOrderNo } from '../store/orders';
import { bookKolCommission } from './commission-booking';
import { makeKol } from './kol-accounts';
import { DAY_MS } from './kol-settings';
import { reverseKolCommission } from './commission-reversal';
import { recordPayout, settleKol } from './settlements';

export const DEMO_KOL = {
  username: 'kol',
  email: 'kol@kestrel.example',
  inviteCode: 'KOL2026',
  firstRatePercent: 60,
  renewalRatePercent: 20,
  network: 'tron',
  address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
  payoutTxHash: '7c1d5d1b2f0e4a7d9c3b8a6f5e4d3c2b1a0f9e8d7c6b5a4f3e2d1c0b9a8f7e6d',
} as const;

/** Demo plans (server/store/seed-plans.ts) as sold. */
const PLANS = {
  103: { groupType: 1, months: 6, days: 180, devices: 5, USD: 2599, CNY: 15600 },
  104: { groupType: 1, months: 12, days: 365, devices: 5, USD: 4799, CNY: 28800 },
  102: { groupType: 1, months: 3, days: 90, devices: 5, USD: 1399, CNY: 8400 },
  201: { groupType: 2, months: 1, days: 30, devices: 2, USD: 299, CNY: 1800 },
} as const;

type Purchase = readonly [
  friend: string,
  day: number,
  plan: keyof typeof PLANS,
  currency: 'USD' | 'CNY',
];

const FRIENDS = [
  'lucas_w',
  'mei_chen',
  'tom_r',
  'ana_s',
  'kenji_m',
  'sofia_l',
  'omar_h',
  'priya_n',
  'chloe_d',
  'noah_b',
  'emma_j',
  'zoe_k',
  'liam_p',
  'yuki_t',
] as const;

// Days before now. The first five are settled at day -20 and paid at -18; tom_r's order is refunded
// at -10 (a clawback); emma_j's at -4 (voided while pending); noah_b's and ana_s's are still pending;
// yuki_t signed up on the KOL's own phone, so that commission is held for review.
const BEFORE_SETTLEMENT: readonly Purchase[] = [
  ['lucas_w', -45, 104, 'USD'],
  ['mei_chen', -44, 104, 'CNY'],
  ['tom_r', -42, 104, 'USD'],
  ['ana_s', -40, 103, 'USD'],
  ['lucas_w', -38, 104, 'USD'],
];
const AFTER_SETTLEMENT: readonly Purchase[] = [
  ['kenji_m', -19, 104, 'USD'],
  ['sofia_l', -18, 104, 'CNY'],
  ['omar_h', -17, 104, 'USD'],
  ['mei_chen', -16, 102, 'CNY'],
  ['priya_n', -16, 104, 'USD'],
  ['chloe_d', -15, 104, 'USD'],
  ['emma_j', -6, 104, 'USD'],
  ['noah_b', -3, 103, 'USD'],
  ['ana_s', -2, 201, 'USD'],
  ['yuki_t', -1, 104, 'USD'],
];
/** The phone the KOL and yuki_t both used: a self-referral signal (docs/kol.md). */
const SHARED_PHONE = { friend: 'yuki_t', deviceId: 'demo-kol-phone-7f3a9c21' } as const;

export async function seedKolDemo(
  db: Db,
  hasher: PasswordHasher,
  now = new Date(),
): Promise<boolean> {
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = ${DEMO_KOL.username}`);
  if (existing) return false;
  const at = (day: number, hours = 10) =>
    new Date(now.getTime() + day * DAY_MS + hours * 3_600_000);

  const [kol] = await db
    .insert(users)
    .values({
      username: DEMO_KOL.username,
      email: DEMO_KOL.email,
      passwordHash: await hasher.hash(DEMO_USER.password),
      inviteCode: DEMO_KOL.inviteCode,
      planType: 1,
      expireTime: new Date(now.getTime() + 200 * DAY_MS),
      deviceLimit: 5,
      createdAt: at(-90),
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (!kol) return false;
  await makeKol(
    db,
    kol.id,
    {
      firstRatePercent: DEMO_KOL.firstRatePercent,
      renewalRatePercent: DEMO_KOL.renewalRatePercent,
      payout: { network: DEMO_KOL.network, address: DEMO_KOL.address },
    },
    at(-60),
  );

  const friendIds = new Map<string, number>();
  for (const [index, name] of FRIENDS.entries()) {
    const signedUp = at(-50 + index * 3);
    const [friend] = await db
      .insert(users)
      .values({ username: name, invitedBy: kol.id, createdAt: signedUp, inviteCode: null })
      .returning({ id: users.id });
    await db.insert(invites).values({
      inviterId: kol.id,
      inviteeId: friend!.id,
      inviteCode: DEMO_KOL.inviteCode,
      createdAt: signedUp,
    });
    friendIds.set(name, friend!.id);
  }
  for (const userId of [kol.id, friendIds.get(SHARED_PHONE.friend)!])
    await db.insert(devices).values({
      userId,
      deviceId: SHARED_PHONE.deviceId,
      deviceType: 0,
      os: 'Android',
      osVersion: '14',
      deviceName: 'Pixel 8',
      createdAt: at(-20),
      lastSeenAt: at(-1),
    });

  const orderIds = new Map<string, number>();
  const buy = async ([friend, day, planId, currency]: Purchase) => {
    const plan = PLANS[planId];
    const paidAt = at(day);
    const buyerId = friendIds.get(friend)!;
    const orderNo = newOrderNo(paidAt);
    const amount = plan[currency];
    await db.transaction(async (tx) => {
      const [order] = await tx
        .insert(orders)
        .values({
          orderNo,
          userId: buyerId,
          idempotencyKey: randomUUID(),
          planId,
          groupType: plan.groupType,
          months: plan.months,
          durationDays: plan.days,
          maxDevices: plan.devices,
          method: currency === 'USD' ? 'card' : 'alipay',
          gateway: 'sandbox',
          currency,
          subtotal: amount,
          total: amount,
          status: 'paid',
          expiresAt: new Date(paidAt.getTime() + 30 * 60_000),
          paidAt,
          createdAt: paidAt,
          updatedAt: paidAt,
        })
        .returning({ id: orders.id });
      await tx.insert(payments).values({
        orderId: order!.id,
        gateway: 'sandbox',
        tradeNo: `SBX${orderNo}`,
        amount,
        currency,
        receivedAt: paidAt,
      });
      const firstPaidOrder = !rowsOf(
        await tx.execute(
          sql`SELECT 1 FROM orders WHERE user_id = ${buyerId} AND status = 'paid' AND id <> ${order!.id}`,
        ),
      ).length;
      await bookKolCommission(
        tx,
        { orderId: order!.id, buyerId, amount, currency, firstPaidOrder },
        paidAt,
      );
      orderIds.set(`${friend}@${day}`, order!.id);
    });
  };
  const refund = async (friend: string, day: number, refundDay: number) => {
    const orderId = orderIds.get(`${friend}@${day}`)!;
    await db.transaction(async (tx) => {
      await tx
        .update(orders)
        .set({ status: 'refunded', updatedAt: at(refundDay) })
        .where(eq(orders.id, orderId));
      await tx
        .update(payments)
        .set({ status: 'refunded', refundedAt: at(refundDay) })
        .where(eq(payments.orderId, orderId));
      await reverseKolCommission(tx, { orderId }, 'order refunded', at(refundDay));
    });
  };

  for (const purchase of BEFORE_SETTLEMENT) await buy(purchase);
  const settlement = await settleKol(db, kol.id, { requestedBy: 'kol', now: at(-20) });
  await recordPayout(db, settlement.id, DEMO_KOL.payoutTxHash, { now: at(-18) });
  for (const purchase of AFTER_SETTLEMENT) await buy(purchase);
  await refund('tom_r', -42, -10);
  await refund('emma_j', -6, -4);
  return true;
}
