/** Group-buy test helpers: users with sessions, the six calls, paying a seat, SQL checks. */
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DataOf } from '../../../contract';
import { endpoints } from '../../../contract';
import { createSession } from '../../../server/identity/sessions';
import { rowsOf, type Db } from '../../../server/db/database';
import { groupBuys, users } from '../../../server/db/schema';
import { uniqueName } from './accounts';
import type { ApiClient, CallResult } from './api-client';
import { orderOf, postForm, sandboxNotification } from './payments';
import { expectOk, newKey } from './store';

export type GroupOrder = DataOf<typeof endpoints.paymentJointPurchase>;
export type InviteView = DataOf<typeof endpoints.paymentJointOrder>;
export type GroupList = DataOf<typeof endpoints.paymentJointPurchaseCreated>;

export interface Member {
  readonly userId: number;
  readonly token: string;
}

/** Accounts with sessions, made directly (argon2 for 50 sign-ups would only slow the test). */
export async function makeUsers(db: Db, n: number): Promise<Member[]> {
  const rows = await db
    .insert(users)
    .values(Array.from({ length: n }, () => ({ username: uniqueName('gb') })))
    .returning({ id: users.id });
  return Promise.all(
    rows.map(async ({ id }) => ({
      userId: id,
      token: await createSession(db, id, { platform: 'windows', deviceId: null, ip: '::1' }),
    })),
  );
}

export function groupCalls(api: ApiClient) {
  return {
    start: (
      token: string,
      params: Partial<{
        productId: number;
        groupSize: number;
        paymentType: number;
        method: string;
        currency: string;
        idempotencyKey: string;
      }> = {},
      language: 'en' | 'zh_CN' = 'en',
    ): Promise<CallResult<GroupOrder>> =>
      api.call<GroupOrder>(
        '/api/payment/payment_joint_purchase',
        {
          productId: 104,
          groupSize: 3,
          paymentType: 1,
          method: 'alipay',
          currency: 'CNY',
          idempotencyKey: newKey(),
          ...params,
        },
        { token, language },
      ),
    joinForPay: (token: string, inviteToken: string, language: 'en' | 'zh_CN' = 'en') =>
      api.call<GroupOrder>(
        '/api/payment/payment_joint_join_for_pay',
        { inviteToken, method: 'alipay', currency: 'CNY', idempotencyKey: newKey() },
        { token, language },
      ),
    join: (token: string, inviteToken: string, language: 'en' | 'zh_CN' = 'en') =>
      api.call<DataOf<typeof endpoints.paymentJointJoin>>(
        '/api/payment/payment_joint_join',
        { inviteToken },
        { token, language },
      ),
    view: (token: string | undefined, inviteToken: string, language: 'en' | 'zh_CN' = 'en') =>
      api.call<InviteView>(
        '/api/payment/payment_joint_order',
        { inviteToken },
        { ...(token ? { token } : {}), language },
      ),
    created: (token: string) =>
      api.call<GroupList>('/api/payment/payment_joint_purchase_created', {}, { token }),
    participated: (token: string) =>
      api.call<GroupList>('/api/payment/payment_joint_purchase_participated', {}, { token }),
  };
}

/** Delivers the sandbox's signed 'paid' notification of an order; returns the HTTP body. */
export async function paySeat(app: FastifyInstance, db: Db, orderNo: string): Promise<string> {
  const order = (await orderOf(db, orderNo))!;
  const response = await postForm(
    app,
    '/pay/notify/sandbox',
    sandboxNotification({ orderNo, amount: order.total, currency: order.currency }),
  );
  return response.body;
}

/** A group whose creator has paid (open), started by a new user. */
export async function openGroup(
  api: ApiClient,
  app: FastifyInstance,
  db: Db,
  params: { groupSize?: 2 | 3; paymentType?: 0 | 1; productId?: number } = {},
): Promise<{ creator: Member; started: GroupOrder }> {
  const [creator] = await makeUsers(db, 1);
  const started = expectOk(await groupCalls(api).start(creator!.token, params));
  await paySeat(app, db, started.orderId);
  return { creator: creator!, started };
}

/**
 * A pay-self group of three, started and paid by its creator, whose friend `a` has paid a share and
 * friend `b` holds a reserved share not paid yet: one payment away from finishing.
 */
export async function groupWithOneShareUnpaid(api: ApiClient, app: FastifyInstance, db: Db) {
  const { creator, started } = await openGroup(api, app, db, { groupSize: 3, paymentType: 1 });
  const [a, b] = await makeUsers(db, 2);
  const shareA = expectOk(await groupCalls(api).joinForPay(a!.token, started.inviteToken));
  const shareB = expectOk(await groupCalls(api).joinForPay(b!.token, started.inviteToken));
  await paySeat(app, db, shareA.orderId);
  return { creator, started, a: a!, b: b!, shareA, shareB };
}

export async function groupRow(db: Db, inviteToken: string) {
  const [row] = await db.select().from(groupBuys).where(eq(groupBuys.inviteToken, inviteToken));
  return row!;
}

/** The seats of a group by state, straight from SQL. */
export async function seatStates(db: Db, inviteToken: string): Promise<Record<string, number>> {
  const rows = rowsOf<{ state: string; n: number | string }>(
    await db.execute(sql`
      SELECT m.state, count(*) AS n FROM group_members m JOIN group_buys g ON g.id = m.group_id
      WHERE g.invite_token = ${inviteToken} GROUP BY m.state`),
  );
  return Object.fromEntries(rows.map((r) => [r.state, Number(r.n)]));
}

/** Membership grants of a group's members, by source (SQL). */
export async function groupGrants(db: Db, inviteToken: string) {
  return rowsOf<{ user_id: number; source: string; source_ref: string }>(
    await db.execute(sql`
      SELECT mg.user_id, mg.source, mg.source_ref FROM membership_grants mg
      WHERE mg.user_id IN (SELECT m.user_id FROM group_members m JOIN group_buys g ON g.id = m.group_id
                           WHERE g.invite_token = ${inviteToken})
        AND mg.source IN ('order', 'group')`),
  );
}
