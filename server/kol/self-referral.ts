/**
 * Self-referral signals (issue 19, item 4; docs/kol.md): does the buyer of a commission share a
 * device, a sign-up address, a paying wallet or a payment account with its KOL? A match holds the
 * commission for an operator's review; it is evidence, not proof (a family shares a router, CGNAT
 * shares a public address), so nothing is refused. Every comparison is exact and reads by index:
 * the buyer's own rows by user id, then one probe per signal into the KOL's rows (devices by
 * (user_id, device_id), sessions by (user_id, device_id) and (user_id, ip, created_at), the
 * senders of confirmed transfers by lower(from_address), payments by (gateway, payer_account)).
 */
import { sql } from 'drizzle-orm';
import { isUsableDeviceId } from '../accounts/account-identifiers';
import { rowsOf, type Db } from '../db/database';
import type { HoldSignal } from '../db/schema';

/** A KOL's sign-in from the friend's sign-up address counts within this many days of the sign-up. */
export const SIGN_IN_IP_WINDOW_DAYS = 30;

export interface HoldReason {
  readonly signal: HoldSignal;
  /**
   * What matched, a value and no sentence (the reader's language names the signal): the device id,
   * the address, the wallet or the payment account.
   */
  readonly detail: string;
}

export interface ReferralPayment {
  readonly kolId: number;
  /** The KOL's payout address: a wallet the KOL controls. */
  readonly kolPayoutAddress: string | null;
  readonly buyerId: number;
  /** The senders of a crypto payment. */
  readonly payerWallets?: readonly string[];
  /** The buyer's account at the gateway, when its notification named one. */
  readonly payerAccount?: { readonly gateway: string; readonly account: string };
}

const inList = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** An app or browser device id the buyer used (the shared default web id excluded) that the KOL used too. */
async function sharedDevice(tx: Db, kolId: number, buyerId: number): Promise<string | null> {
  const buyerIds = rowsOf<{ device_id: string | null }>(
    await tx.execute(sql`
      SELECT device_id FROM devices WHERE user_id = ${buyerId}
      UNION SELECT device_id FROM sessions WHERE user_id = ${buyerId} AND device_id IS NOT NULL
      UNION SELECT device_id FROM users WHERE id = ${buyerId} AND device_id IS NOT NULL`),
  )
    .map((r) => r.device_id)
    .filter(isUsableDeviceId);
  if (buyerIds.length === 0) return null;
  const ids = inList(buyerIds);
  const [match] = rowsOf<{ device_id: string }>(
    await tx.execute(sql`
      SELECT device_id FROM devices WHERE user_id = ${kolId} AND device_id IN (${ids})
      UNION ALL SELECT device_id FROM sessions WHERE user_id = ${kolId} AND device_id IN (${ids})
      UNION ALL SELECT device_id FROM users WHERE id = ${kolId} AND device_id IN (${ids})
      LIMIT 1`),
  );
  return match?.device_id ?? null;
}

/** The buyer's sign-up address, when it is the KOL's sign-up address or one the KOL signed in from. */
async function sharedSignupIp(tx: Db, kolId: number, buyerId: number): Promise<string | null> {
  const [row] = rowsOf<{ signup_ip: string | null; kol_signup: boolean; kol_signed_in: boolean }>(
    await tx.execute(sql`
      SELECT b.signup_ip,
        k.signup_ip = b.signup_ip AS kol_signup,
        EXISTS (
          SELECT 1 FROM sessions s
          WHERE s.user_id = k.id AND s.ip = b.signup_ip
            AND s.created_at BETWEEN b.created_at - make_interval(days => ${SIGN_IN_IP_WINDOW_DAYS})
                                 AND b.created_at + make_interval(days => ${SIGN_IN_IP_WINDOW_DAYS})
        ) AS kol_signed_in
      FROM users b CROSS JOIN users k
      WHERE b.id = ${buyerId} AND k.id = ${kolId} AND b.signup_ip IS NOT NULL`),
  );
  if (!row?.signup_ip) return null;
  if (row.kol_signup) return `sign-up IP ${row.signup_ip} is the KOL's sign-up IP`;
  if (row.kol_signed_in)
    return `sign-up IP ${row.signup_ip}: the KOL signed in from it within ${SIGN_IN_IP_WINDOW_DAYS} days`;
  return null;
}

/** A wallet the payment came from that is the KOL's payout address or paid one of the KOL's orders. */
async function sharedWallet(tx: Db, payment: ReferralPayment): Promise<string | null> {
  const wallets = [...new Set((payment.payerWallets ?? []).map((w) => w.toLowerCase()))];
  if (wallets.length === 0) return null;
  const payout = payment.kolPayoutAddress?.toLowerCase();
  if (payout && wallets.includes(payout)) return `wallet ${payout} is the KOL's payout address`;
  const [paid] = rowsOf<{ wallet: string; order_no: string }>(
    await tx.execute(sql`
      SELECT lower(t.from_address) AS wallet, o.order_no FROM crypto_transfers t
      JOIN orders o ON o.id = t.order_id
      WHERE lower(t.from_address) IN (${inList(wallets)}) AND t.state = 'confirmed'
        AND o.user_id = ${payment.kolId}
      LIMIT 1`),
  );
  return paid ? `wallet ${paid.wallet} paid the KOL's order ${paid.order_no}` : null;
}

/** The gateway account that paid, when it also paid one of the KOL's orders. */
async function sharedPaymentAccount(tx: Db, payment: ReferralPayment): Promise<string | null> {
  const account = payment.payerAccount;
  if (!account) return null;
  const [paid] = rowsOf<{ order_no: string }>(
    await tx.execute(sql`
      SELECT o.order_no FROM payments p JOIN orders o ON o.id = p.order_id
      WHERE p.gateway = ${account.gateway} AND p.payer_account = ${account.account}
        AND o.user_id = ${payment.kolId}
      LIMIT 1`),
  );
  return paid
    ? `${account.gateway} account ${account.account} paid the KOL's order ${paid.order_no}`
    : null;
}

/** The first signal that ties the buyer to the KOL, or null for a referral that shows none. */
export async function selfReferralSignal(
  tx: Db,
  payment: ReferralPayment,
): Promise<HoldReason | null> {
  const device = await sharedDevice(tx, payment.kolId, payment.buyerId);
  if (device) return { signal: 'device', detail: device };
  const ip = await sharedSignupIp(tx, payment.kolId, payment.buyerId);
  if (ip) return { signal: 'signup_ip', detail: ip };
  const wallet = await sharedWallet(tx, payment);
  if (wallet) return { signal: 'wallet', detail: wallet };
  const account = await sharedPaymentAccount(tx, payment);
  if (account) return { signal: 'payment_account', detail: account };
  return null;
}
