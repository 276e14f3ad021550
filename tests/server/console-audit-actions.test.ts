/**
 * The audit entry of the console's actions that no section test read back (issue 21, item 10;
 * docs/console.md "Audit trail"): enabling a member again, a refund recorded by hand, a payment
 * flag resolved, a crypto network and token enabled again, a network imported, a plan, a promo
 * code and group buy put back. Each action, done once, writes exactly one entry: its action, its
 * actor (the signed-in staff member from their address, or the CLI), its target and the values
 * before and after.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, gt, sql } from 'drizzle-orm';
import { getAddress } from 'viem';
import { expect, it } from 'vitest';
import { consoleEndpoints, type ConsoleEndpoint } from '../../contract/endpoints/console';
import type { PaymentFlag } from '../../contract/endpoints/console-orders';
import { auditLog, orders, users } from '../../server/db/schema';
import { registerByUsername } from './helpers/accounts';
import { as, type EnrolledStaff, type SignedIn, describeConsole } from './helpers/console';
import { BNB_CHAIN, BNB_USDT, WALLET } from './helpers/crypto-networks';
import { buyOrder, postForm, sandboxNotification } from './helpers/payments';

const E = consoleEndpoints;

await describeConsole('the audit entry of each console action', { sandbox: true }, (t) => {
  const { clock, db } = t;
  let ownerStaff: EnrolledStaff;
  let owner: SignedIn;

  const lastId = async () =>
    (
      await db()
        .select({ id: sql<number>`coalesce(max(${auditLog.id}), 0)` })
        .from(auditLog)
    )[0]!.id;

  /** The entries written since `since`, oldest first. */
  const entriesSince = (since: number) =>
    db().select().from(auditLog).where(gt(auditLog.id, since)).orderBy(auditLog.id);

  /** Calls a console endpoint as the owner; it succeeds and writes exactly this one entry. */
  async function auditedOnce(
    endpoint: ConsoleEndpoint,
    input: Record<string, unknown>,
    entry: { action: string; target: string; before: unknown; after: unknown },
  ): Promise<void> {
    const since = await lastId();
    const answer = await t.consoleCall(endpoint, input, as(owner));
    expect(answer.body.code, `${endpoint.path}: ${answer.body.msg}`).toBe(200);
    const written = await entriesSince(since);
    expect(written, entry.action).toHaveLength(1);
    const [row] = written;
    expect(row).toMatchObject({
      action: entry.action,
      actorKind: 'staff',
      actorStaffId: owner.session.staff.id,
      actorUsername: 'audra_owner',
      ip: '127.0.0.1',
      target: entry.target,
    });
    expect(row!.before, `${entry.action} before`).toEqual(entry.before);
    expect(row!.after, `${entry.action} after`).toEqual(entry.after);
    expect(row!.at.getTime()).toBe(clock.ms);
  }

  it('signs in an owner (every permission)', async () => {
    ownerStaff = await t.addAndEnrol('audra_owner', 'owner');
    owner = await t.signIn(ownerStaff);
  });

  it('member.enable: a disabled member enabled again', async () => {
    const member = await registerByUsername(t.api);
    const off = await t.consoleCall(
      E.consoleUserSetDisabled,
      { userId: member.userId, disabled: true, reason: 'Chargeback under review' },
      as(owner),
    );
    expect(off.body.code, off.body.msg).toBe(200);
    await auditedOnce(
      E.consoleUserSetDisabled,
      { userId: member.userId, disabled: false, reason: 'The bank found no fraud' },
      {
        action: 'member.enable',
        target: `user:${member.userId}`,
        before: { disabled: true },
        after: { disabled: false, sessionsEnded: 0, reason: 'The bank found no fraud' },
      },
    );
    const [row] = await db().select().from(users).where(eq(users.id, member.userId));
    expect(row!.disabled).toBe(false);
  });

  it('order.refund-recorded: a refund made in the gateway’s dashboard, recorded', async () => {
    const order = await buyOrder(t.api);
    expect(
      (await postForm(t.app, '/pay/notify/sandbox', sandboxNotification(order))).statusCode,
    ).toBe(200);
    // The membership was bought at the payment's real time; the refund takes it back at the
    // console's "now", moved past the payment.
    clock.catchUp();
    await auditedOnce(
      E.consoleOrderRefund,
      { orderId: order.orderNo, reason: 'Refunded in the Alipay dashboard', manual: true },
      {
        action: 'order.refund-recorded',
        target: `order:${order.orderNo}`,
        before: { status: 'paid' },
        after: {
          status: 'refunded',
          refunded: true,
          // The membership the refund took back ends now: the member's new expiry.
          userExpireTime: new Date(clock.ms).toISOString(),
          reason: 'Refunded in the Alipay dashboard',
        },
      },
    );
    const [row] = await db().select().from(orders).where(eq(orders.orderNo, order.orderNo));
    expect(row!.status).toBe('refunded');
  });

  it('payment-flag.resolve: a second payment flagged, then resolved', async () => {
    const order = await buyOrder(t.api);
    expect(
      (await postForm(t.app, '/pay/notify/sandbox', sandboxNotification(order))).statusCode,
    ).toBe(200);
    const confirmed = await t.consoleCall<{ result: string }>(
      E.consoleOrderConfirm,
      { orderId: order.orderNo, tradeNo: 'SECOND-TRADE-7', reason: 'Paid twice by the member' },
      as(owner),
    );
    expect(confirmed.body.data.result).toBe('flagged');
    const flags = await t.consoleCall<{ items: PaymentFlag[] }>(
      E.consolePaymentFlags,
      {},
      as(owner),
    );
    const flag = flags.body.data.items.find((f) => f.orderId === order.orderNo)!;
    await auditedOnce(
      E.consoleResolveFlag,
      { flagId: flag.id, reason: 'The second payment was refunded by hand' },
      {
        action: 'payment-flag.resolve',
        target: `flag:${flag.id}`,
        before: { reason: 'duplicate_payment', tradeNo: 'SECOND-TRADE-7' },
        after: { resolved: true, reason: 'The second payment was refunded by hand' },
      },
    );
  });

  it('crypto.network-import: a network with a token, from the CLI, then again changed', async () => {
    const file = join(t.dataDir, 'networks.json');
    const network = {
      ...BNB_CHAIN,
      tokens: [{ symbol: 'USDT', address: BNB_USDT, decimals: 18 }],
    };
    const audited = {
      name: 'BNB Chain',
      rpcHosts: ['bsc-dataseed.bnbchain.org'],
      confirmations: 15,
      receivingAddress: WALLET,
      explorer: 'https://bscscan.com',
      nativeSymbol: 'BNB',
      sort: 0,
    };
    const usdt = { symbol: 'USDT', address: getAddress(BNB_USDT), decimals: 18 };
    for (const [confirmations, before] of [
      [15, null],
      [20, { ...audited, enabled: true }],
    ] as const) {
      writeFileSync(file, JSON.stringify({ networks: [{ ...network, confirmations }] }));
      const since = await lastId();
      const run = await t.runCli(['crypto', 'import', file]);
      expect(run.code, run.err.join('\n')).toBe(0);
      const written = await entriesSince(since);
      // The import's own entry, then the entry every CLI command leaves.
      expect(written.map((w) => w.action)).toEqual(['crypto.network-import', 'cli.command']);
      expect(written[0]).toMatchObject({
        actorKind: 'cli',
        actorStaffId: null,
        actorUsername: null,
        target: 'crypto-network:56',
      });
      expect(written[0]!.before).toEqual(before);
      expect(written[0]!.after).toEqual({ ...audited, confirmations, assets: [usdt] });
    }
  });

  it('crypto.network-enable and crypto.token-enable: each put back after a disable', async () => {
    for (const [endpoint, chain] of [
      [E.consoleCryptoNetworkEnabled, { chainId: 56 }],
      [E.consoleCryptoTokenEnabled, { chainId: 56, symbol: 'USDT' }],
    ] as const) {
      const off = await t.consoleCall(endpoint, { ...chain, enabled: false }, as(owner));
      expect(off.body.code, off.body.msg).toBe(200);
    }
    await auditedOnce(
      E.consoleCryptoNetworkEnabled,
      { chainId: 56, enabled: true },
      {
        action: 'crypto.network-enable',
        target: 'crypto-network:56',
        before: { name: 'BNB Chain', enabled: false },
        after: { name: 'BNB Chain', enabled: true },
      },
    );
    await auditedOnce(
      E.consoleCryptoTokenEnabled,
      { chainId: 56, symbol: 'USDT', enabled: true },
      {
        action: 'crypto.token-enable',
        target: 'crypto-network:56:USDT',
        before: { enabled: false },
        after: { enabled: true },
      },
    );
  });

  it('plan.enable, coupon.enable and group-buy.enable: each put back on sale after a disable', async () => {
    const puts: [ConsoleEndpoint, Record<string, unknown>, string, string, string][] = [
      [E.consoleStorePlanActive, { planId: 204 }, 'active', 'plan.enable', 'plan:204'],
      [
        E.consoleStoreCouponActive,
        { code: 'SAVE20CNY' },
        'active',
        'coupon.enable',
        'coupon:SAVE20CNY',
      ],
      [E.consoleStoreGroupEnabled, {}, 'enabled', 'group-buy.enable', 'group-buy'],
    ];
    for (const [endpoint, input, field, action, target] of puts) {
      const off = await t.consoleCall(endpoint, { ...input, [field]: false }, as(owner));
      expect(off.body.code, off.body.msg).toBe(200);
      await auditedOnce(
        endpoint,
        { ...input, [field]: true },
        { action, target, before: { [field]: false }, after: { [field]: true } },
      );
    }
  });
});
