/**
 * The subscription side of the nodes (issue 15, and issue 11 item 12), through the real server:
 * usage and expiry in `subscription-userinfo`, `profile-update-interval`, `?format=sing-box`,
 * Shadowrocket's and v2rayN's formats, the nodes of the member's plan only, and "reset my
 * subscription" (old links fail, the node credential changes, its online devices are forgotten).
 */
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { rowsOf } from '../../server/db/database';
import { nodeOnlineIps, users } from '../../server/db/schema';
import { recordAlive } from '../../server/nodes/online-ips';
import { recordTrafficPush } from '../../server/nodes/traffic';
import { registerByUsername, type Registered } from './helpers/accounts';
import { addTestNode, enableThirdPartyClient, importLinkPath } from './helpers/nodes';
import { useTestApp } from './helpers/test-app';
import { databaseVariants } from './helpers/test-databases';

const variants = await databaseVariants();

describe.each(variants)('subscriptions of the nodes on $name', (variant) => {
  const t = useTestApp(variant);
  const db = () => t.app.kestrel.database.db;

  async function member(planType: 1 | 2 = 1): Promise<Registered> {
    const user = await registerByUsername(t.api);
    await db()
      .update(users)
      .set({ planType, expireTime: sql`now() + interval '30 days'`, deviceLimit: 3 })
      .where(eq(users.id, user.userId));
    await enableThirdPartyClient(t.api, user.token);
    return user;
  }

  const link = (user: Registered) => importLinkPath(t.api, user.token);
  const fetchSub = (path: string, userAgent = 'Mozilla/5.0') =>
    t.app.inject({ method: 'GET', url: path, headers: { 'user-agent': userAgent } });
  const nodeUuid = async (userId: number) =>
    (await db().select({ u: users.nodeUuid }).from(users).where(eq(users.id, userId)))[0]!.u;

  it("subscription-userinfo carries this month's bytes and the expiry; clients update daily", async () => {
    const user = await member();
    const { id: nodeId } = await addTestNode(db(), '', {
      name: `Userinfo ${variant.name}`,
      protocol: 'trojan',
      planTypes: [1, 2],
    });
    await recordTrafficPush(
      db(),
      nodeId,
      [{ userId: user.userId, upload: 1234, download: 98765 }],
      undefined,
    );
    const response = await fetchSub(await link(user), 'clash-verge/v1.7.7');
    expect(response.statusCode).toBe(200);
    const [row] = await db()
      .select({ e: users.expireTime })
      .from(users)
      .where(eq(users.id, user.userId));
    const expire = Math.floor(row!.e!.getTime() / 1000);
    expect(response.headers['subscription-userinfo']).toBe(
      `upload=1234; download=98765; total=0; expire=${expire}`,
    );
    expect(response.headers['profile-update-interval']).toBe('24');
    expect(response.headers['content-disposition']).toBe("attachment; filename*=UTF-8''Kestrel");
  });

  it('?format=sing-box (with the dash) gives sing-box JSON whatever the User-Agent says', async () => {
    const user = await member();
    const response = await fetchSub(`${await link(user)}?format=sing-box`, 'clash-verge/v1.7.7');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/json');
    const config = JSON.parse(response.body) as { outbounds: { type: string }[] };
    expect(config.outbounds[0]!.type).toBe('selector');
  });

  it('Shadowrocket gets its status line and forms; v2rayN its share links', async () => {
    const user = await member();
    const rocket = await fetchSub(await link(user), 'Shadowrocket/1993 CFNetwork/1410');
    const lines = Buffer.from(rocket.body, 'base64').toString('utf8').split('\r\n');
    expect(lines[0]).toMatch(/^STATUS=🚀↑:0GB,↓:0GB,TOT:∞💡Expires:\d{4}-\d{2}-\d{2}$/);
    const vless = lines.find((l) => l.startsWith('vless://'))!;
    expect(Buffer.from(/^vless:\/\/([^?]+)/.exec(vless)![1]!, 'base64').toString()).toMatch(
      new RegExp(`^auto:${await nodeUuid(user.userId)}@`),
    );
    const v2rayn = await fetchSub(await link(user), 'v2rayN/6.42');
    const links = Buffer.from(v2rayn.body, 'base64').toString('utf8').split('\n');
    expect(links.every((l) => /^(vless|trojan|ss):\/\//.test(l))).toBe(true);
    expect(links.find((l) => l.startsWith('vless://'))).toContain(
      `${await nodeUuid(user.userId)}@`,
    );
  });

  it("lists only the nodes of the member's plan", async () => {
    await addTestNode(db(), '', {
      name: `Standard only ${variant.name}`,
      protocol: 'vless',
      planTypes: [1],
    });
    const standard = await member(1);
    const lite = await member(2);
    const names = async (user: Registered) =>
      Buffer.from((await fetchSub(await link(user), 'v2rayN/6.42')).body, 'base64')
        .toString('utf8')
        .split('\n')
        .map((l) => decodeURIComponent(l.slice(l.lastIndexOf('#') + 1)));
    expect(await names(standard)).toContain(`Standard only ${variant.name}`);
    expect(await names(lite)).not.toContain(`Standard only ${variant.name}`);
  });

  it('reset: every old link fails, the node credential changes, its online devices are forgotten', async () => {
    const user = await member();
    const used = await link(user);
    expect((await fetchSub(used)).statusCode).toBe(200);
    const unused = await link(user);
    const before = await nodeUuid(user.userId);
    const { id: nodeId } = await addTestNode(db(), '', {
      name: `Reset ${variant.name}`,
      protocol: 'vless',
      planTypes: [1, 2],
    });
    await recordAlive(db(), nodeId, new Map([[user.userId, ['203.0.113.80']]]));

    // Without confirm: refused, nothing changes.
    const unconfirmed = await t.api.call(
      '/api/user/user_reset_subscription',
      {},
      { token: user.token },
    );
    expect(unconfirmed.body.code).not.toBe(200);
    expect(await nodeUuid(user.userId)).toBe(before);

    const reset = await t.api.call(
      '/api/user/user_reset_subscription',
      { confirm: true },
      { token: user.token },
    );
    expect(reset.body.code, reset.body.msg).toBe(200);
    const after = await nodeUuid(user.userId);
    expect(after).not.toBe(before);
    expect((await fetchSub(unused)).statusCode).toBe(404);
    expect((await fetchSub(used)).statusCode).toBe(404);
    expect(
      await db().select().from(nodeOnlineIps).where(eq(nodeOnlineIps.userId, user.userId)),
    ).toEqual([]);
    const fresh = await fetchSub(await link(user), 'v2rayN/6.42');
    const text = Buffer.from(fresh.body, 'base64').toString('utf8');
    expect(text).toContain(after);
    expect(text).not.toContain(before);
    const stillUnique = rowsOf<{ n: number }>(
      await db().execute(
        sql`SELECT count(*)::int AS n FROM users WHERE node_uuid = ${after}::uuid`,
      ),
    )[0]!;
    expect(stillUnique.n).toBe(1);
  });
});
