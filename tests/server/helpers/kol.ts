/**
 * KOL test helpers: a KOL made by the operator's function, friends signing up with its code, and a
 * friend's paid purchase.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { PayoutNetwork } from '../../../contract/kol';
import type { Db } from '../../../server/db/database';
import { kolCommissions, users } from '../../../server/db/schema';
import { makeKol } from '../../../server/kol/kol-accounts';
import { PASSWORD, registerByUsername, uniqueIp, uniqueName, type Registered } from './accounts';
import type { ApiClient } from './api-client';
import { buyOrder, postForm, sandboxNotification, type BoughtOrder } from './payments';

export const TRON_ADDRESS = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';

export type TestKol = Registered & { readonly inviteCode: string };

/**
 * A new account made a KOL (first rate 100 % unless told; a TRON address unless told otherwise),
 * signed up from an address of its own, so that its friends share none with it unless a test says so.
 */
export async function newKol(
  api: ApiClient,
  db: Db,
  terms: {
    first?: number;
    renewal?: number;
    /** false: no payout address. */
    payout?: { network: PayoutNetwork; address: string } | false;
  } = {},
): Promise<TestKol> {
  const kol = await registerByUsername(api, uniqueName(), { ip: uniqueIp() });
  const payout = terms.payout ?? { network: 'tron', address: TRON_ADDRESS };
  await makeKol(
    db,
    kol.userId,
    {
      firstRatePercent: terms.first ?? 100,
      ...(terms.renewal ? { renewalRatePercent: terms.renewal } : {}),
      ...(payout ? { payout } : {}),
    },
    new Date(),
  );
  const [row] = await db.select().from(users).where(eq(users.id, kol.userId));
  return { ...kol, inviteCode: row!.inviteCode! };
}

/**
 * A friend registering with the invite code, from an address of its own unless `ip` is given (on an
 * app device when `deviceId` is given, or a browser's own id with `platform: 'windows'`).
 */
export async function registerInvitee(
  api: ApiClient,
  inviteCode: string,
  options: { deviceId?: string; ip?: string; platform?: string } = {},
): Promise<Registered> {
  const username = uniqueName('friend');
  const { body, headers } = await api.call<{ userId: number }>(
    '/api/user/register_type_username',
    { username, password: PASSWORD, inviteCode },
    {
      ip: options.ip ?? uniqueIp(),
      ...(options.deviceId
        ? { deviceId: options.deviceId, platform: options.platform ?? 'android' }
        : {}),
    },
  );
  expect(body.code, body.msg).toBe(200);
  return { userId: body.data.userId, token: String(headers.pragma), username };
}

/**
 * A friend signing up with the invite code (from `ip` when given: the KOL's own is held for review)
 * and buying Standard for 12 months in USD by card, paid through the sandbox's notification, which
 * the app accepts: a commission for the KOL.
 */
export async function friendBuysAYear(
  t: { readonly api: ApiClient; readonly app: FastifyInstance },
  inviteCode: string,
  options: { ip?: string } = {},
): Promise<BoughtOrder> {
  const order = await buyOrder(t.api, {
    user: await registerInvitee(t.api, inviteCode, options),
    productId: 104,
    currency: 'USD',
    method: 'card',
  });
  const notified = await postForm(t.app, '/pay/notify/sandbox', sandboxNotification(order));
  expect(notified.statusCode).toBe(200);
  expect(notified.body).toBe('success');
  return order;
}

/** A KOL's ledger rows (commissions and clawbacks), oldest first. */
export function commissionsOf(db: Db, kolId: number) {
  return db
    .select()
    .from(kolCommissions)
    .where(eq(kolCommissions.kolId, kolId))
    .orderBy(kolCommissions.id);
}
