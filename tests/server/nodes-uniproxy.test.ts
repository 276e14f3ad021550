/**
 * Conformance of the UniProxy node API with the agents that speak it: a V2bX panel client played
 * over real HTTP exactly as its source does it (helpers/v2bx-agent.ts cites the files: paths, the
 * node_type/node_id/token query on every call, If-None-Match with the last ETag, 304 handling, the
 * JSON shapes decoded as Go would). The store's membership reaches the agent at its next pull: a
 * purchase adds the member, expiry, refund and deletion remove them, the third-party client toggle
 * moves speed_limit to 10 and back; traffic and online IPs come back; wrong credentials change
 * nothing. PGlite and PostgreSQL.
 */

import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { rowsOf } from '../../server/db/database';
import { nodeOnlineIps, users, vpnNodes, type NodeProtocol } from '../../server/db/schema';
import { refundOrder } from '../../server/payments/refund-order';
import { PASSWORD, registerByUsername, type Registered } from './helpers/accounts';
import { addTestNode } from './helpers/nodes';
import { buyOrder, postForm, sandboxNotification, useSandboxApp } from './helpers/payments';
import { useListening } from './helpers/test-app';
import { databaseVariants } from './helpers/test-databases';
import { PanelError, RESTY_USER_AGENT, UNIPROXY, V2bxAgent } from './helpers/v2bx-agent';

const variants = await databaseVariants();

describe.each(variants)('UniProxy node API as V2bX speaks it, on $name', (variant) => {
  const t = useSandboxApp(variant);
  const origin = useListening(t);
  const db = () => t.app.kestrel.database.db;

  const nodeAgent = (
    protocol: NodeProtocol = 'vless',
    planTypes: (1 | 2)[] = [1, 2],
    method?: string,
  ) => addTestNode(db(), origin(), { protocol, planTypes, ...(method ? { method } : {}) });

  /** A member through the real store: an order paid by a signed sandbox notification. */
  async function paidMember(productId = 101, user?: Registered) {
    const order = await buyOrder(t.api, { productId, ...(user ? { user } : {}) });
    const paid = await postForm(t.app, '/pay/notify/sandbox', sandboxNotification(order));
    expect(paid.statusCode).toBe(200);
    return order;
  }

  const nodeUuidOf = async (userId: number) =>
    (await db().select({ u: users.nodeUuid }).from(users).where(eq(users.id, userId)))[0]!.u;

  const toggleThirdParty = (token: string, enabled: boolean) =>
    t.api.call<{ enabled: boolean }>(
      '/api/user/user_third_party_client_toggle',
      { enabled },
      { token },
    );

  it('config: every call carries node_type, node_id and token; the shape V2bX decodes; 304 for its ETag', async () => {
    const { agent, id } = await nodeAgent('vless');
    const info = await agent.getNodeInfo();
    expect(info).not.toBeNull();
    expect(info!.serverPort).toBeGreaterThan(10_000);
    expect(info!.pushIntervalSeconds).toBe(60);
    expect(info!.pullIntervalSeconds).toBe(60);
    expect(info!.raw).toMatchObject({
      protocol: 'vless',
      network: 'tcp',
      tls: 1,
      tls_settings: { server_name: expect.stringMatching(/\.example$/) },
    });
    const first = agent.exchanges[0]!;
    expect(first).toMatchObject({ method: 'GET', path: `${UNIPROXY}/config`, status: 200 });
    expect(first.query).toEqual({
      node_type: 'vless',
      node_id: String(id),
      token: agent.config.key,
    });
    expect(first.requestHeaders['user-agent']).toBe(RESTY_USER_AGENT);
    expect(first.etag).toMatch(/^"[0-9a-f]{40}"$/);
    // Unchanged: V2bX sends the ETag back and gets 304 (GetNodeInfo returns nil, nil).
    expect(await agent.getNodeInfo()).toBeNull();
    expect(agent.exchanges[1]).toMatchObject({ status: 304 });
    expect(agent.exchanges[1]!.requestHeaders['if-none-match']).toBe(first.etag);
    // A changed node (new port) is a new body and a new ETag.
    await db().update(vpnNodes).set({ port: 20_443 }).where(eq(vpnNodes.id, id));
    expect((await agent.getNodeInfo())!.serverPort).toBe(20_443);

    const trojan = (await nodeAgent('trojan')).agent;
    expect((await trojan.getNodeInfo())!.raw).toMatchObject({
      protocol: 'trojan',
      host: expect.any(String),
      server_name: expect.any(String),
    });
    const ss = (await nodeAgent('ss', [1, 2], '2022-blake3-aes-128-gcm')).agent;
    const ssInfo = (await ss.getNodeInfo())!.raw;
    expect(ssInfo).toMatchObject({ protocol: 'shadowsocks', cipher: '2022-blake3-aes-128-gcm' });
    expect(Buffer.from(String(ssInfo.server_key), 'base64')).toHaveLength(16);
  });

  it('a purchase adds the member at the next pull, unchanged lists answer 304, expiry removes them', async () => {
    const { agent } = await nodeAgent('vless');
    const before = (await agent.getUserList())!;
    const user = await registerByUsername(t.api);
    expect(before.some((u) => u.id === user.userId)).toBe(false);
    // Not a member yet: still not listed, and nothing changed, so 304.
    expect(await agent.getUserList()).toBeNull();

    await paidMember(101, user);
    const after = (await agent.getUserList())!;
    const listed = after.find((u) => u.id === user.userId);
    expect(listed).toEqual({
      id: user.userId,
      uuid: await nodeUuidOf(user.userId),
      speedLimit: 0, // null on the wire: unlimited
      deviceLimit: 5, // Standard's devices (docs/store.md)
    });
    const raw = agent.exchanges.at(-1)!;
    expect(raw.requestHeaders['if-none-match']).toMatch(/^"[0-9a-f]{40}"$/);
    expect(await agent.getUserList()).toBeNull();

    // The membership ends (moved in the database: no waiting out a month).
    await db()
      .update(users)
      .set({ expireTime: sql`now() - interval '1 second'` })
      .where(eq(users.id, user.userId));
    const expired = (await agent.getUserList())!;
    expect(expired.some((u) => u.id === user.userId)).toBe(false);
    expect(expired.map((u) => u.id)).toEqual(
      after.map((u) => u.id).filter((id) => id !== user.userId),
    );
  });

  it('the third-party client function: speed_limit 10 while on, unlimited again when off', async () => {
    const { agent } = await nodeAgent('trojan');
    const { user } = await paidMember(101);
    const speedOf = async () => {
      const list = await agent.getUserList();
      return list?.find((u) => u.id === user.userId)?.speedLimit;
    };
    expect(await speedOf()).toBe(0);
    expect((await toggleThirdParty(user.token, true)).body.code).toBe(200);
    expect(await speedOf()).toBe(10);
    expect((await toggleThirdParty(user.token, false)).body.code).toBe(200);
    expect(await speedOf()).toBe(0);
  });

  it('a refund, a deleted account and another plan reach the node; a disabled node serves nobody', async () => {
    const standardOnly = (await nodeAgent('vless', [1])).agent;
    const everyone = (await nodeAgent('vless', [1, 2])).agent;
    const refunded = await paidMember(101);
    const lite = await paidMember(201);
    const deleted = await paidMember(101);
    const ids = async (agent: V2bxAgent) => {
      const list = await agent.getUserList();
      return new Set((list ?? []).map((u) => u.id));
    };
    const onStandardNode = await ids(standardOnly);
    expect(onStandardNode.has(refunded.user.userId)).toBe(true);
    expect(onStandardNode.has(lite.user.userId)).toBe(false);
    expect((await ids(everyone)).has(lite.user.userId)).toBe(true);

    await refundOrder({ db: db(), gateways: t.gateways }, refunded.orderNo);
    const removed = await t.api.call(
      '/api/user/user_delete_account',
      { confirm: true, password: PASSWORD },
      { token: deleted.user.token },
    );
    expect(removed.body.code, removed.body.msg).toBe(200);
    const afterwards = await ids(standardOnly);
    expect(afterwards.has(refunded.user.userId)).toBe(false);
    expect(afterwards.has(deleted.user.userId)).toBe(false);

    const disabled = await nodeAgent('vless');
    expect(((await disabled.agent.getUserList()) ?? []).length).toBeGreaterThan(0);
    await db().update(vpnNodes).set({ enabled: false }).where(eq(vpnNodes.id, disabled.id));
    expect(await disabled.agent.getUserList()).toEqual([]);
  });

  it('traffic and online IPs come back: usage per user and node, alive counts, subscription header', async () => {
    const a = await nodeAgent('vless');
    const b = await nodeAgent('trojan');
    const { user } = await paidMember(101);
    const other = await paidMember(101);
    expect(
      await a.agent.reportUserTraffic([
        { uid: user.userId, upload: 1_000, download: 50_000 },
        { uid: other.user.userId, upload: 7, download: 9 },
      ]),
    ).toBe('{"data":true}');
    await b.agent.reportUserTraffic([{ uid: user.userId, upload: 24, download: 950 }]);
    const usage = await t.api.call<{ upload: number; download: number; periodStart: string }>(
      '/api/user/user_traffic',
      {},
      { token: user.token },
    );
    expect(usage.body.data).toMatchObject({ upload: 1_024, download: 50_950 });
    expect(usage.body.data.periodStart).toMatch(/-01T00:00:00.000Z$/);
    const nodeRows = rowsOf<{
      node_id: number;
      upload: string | number;
      download: string | number;
    }>(
      await db().execute(
        sql`SELECT node_id, upload, download FROM node_traffic WHERE node_id IN (${a.id}, ${b.id}) ORDER BY node_id`,
      ),
    ).map((r) => [Number(r.node_id), Number(r.upload), Number(r.download)]);
    expect(nodeRows).toEqual([
      [a.id, 1_007, 50_009],
      [b.id, 24, 950],
    ]);

    // Online IPs: V2bX sends bare IPs; the same IP on two nodes is one device.
    await a.agent.reportNodeOnlineUsers([
      { uid: user.userId, ip: '203.0.113.5' },
      { uid: user.userId, ip: '198.51.100.7' },
    ]);
    await b.agent.reportNodeOnlineUsers([{ uid: user.userId, ip: '203.0.113.5' }]);
    expect((await a.agent.getUserAlive()).get(user.userId)).toBe(2);
    const online = await t.api.call<{ devices: { ip: string; nodes: string[] }[]; limit: number }>(
      '/api/user/user_online_devices',
      {},
      { token: user.token },
    );
    expect(online.body.data.limit).toBe(5);
    expect(online.body.data.devices.map((d) => d.ip).sort()).toEqual([
      '198.51.100.7',
      '203.0.113.5',
    ]);
    // A node's next report replaces what that node said before for the user.
    await a.agent.reportNodeOnlineUsers([{ uid: user.userId, ip: '203.0.113.5' }]);
    expect((await a.agent.getUserAlive()).get(user.userId)).toBe(1);
    // Removing the online device frees its seat for the nodes' next alive-list pull.
    const removed = await t.api.call(
      '/api/user/user_remove_online_device',
      { ip: '203.0.113.5' },
      { token: user.token },
    );
    expect(removed.body.code).toBe(200);
    expect((await a.agent.getUserAlive()).has(user.userId)).toBe(false);
    // An IP reported long ago no longer counts (aged in the database: no waiting 5 minutes).
    await b.agent.reportNodeOnlineUsers([{ uid: user.userId, ip: '192.0.2.44' }]);
    expect((await a.agent.getUserAlive()).get(user.userId)).toBe(1);
    await db()
      .update(nodeOnlineIps)
      .set({ seenAt: sql`now() - interval '301 seconds'` })
      .where(eq(nodeOnlineIps.userId, user.userId));
    expect((await a.agent.getUserAlive()).has(user.userId)).toBe(false);
  });

  it("XrayR's alive entries (ip_<node id>) are the same device as V2bX's bare IPs", async () => {
    const v2bx = await nodeAgent('vless');
    const xrayr = await nodeAgent('vless');
    const { user } = await paidMember(101);
    await v2bx.agent.reportNodeOnlineUsers([{ uid: user.userId, ip: '203.0.113.9' }]);
    // XrayR's ReportNodeOnlineUsers appends `_<NodeID>` to each IP.
    await xrayr.agent.reportNodeOnlineUsers([
      { uid: user.userId, ip: `203.0.113.9_${xrayr.id}` },
      { uid: user.userId, ip: `[2001:db8::1]:443` },
    ]);
    expect((await v2bx.agent.getUserAlive()).get(user.userId)).toBe(2);
  });

  it('wrong token, node id or node type, a rotated token: 403, and nothing is counted', async () => {
    const a = await nodeAgent('vless');
    const b = await nodeAgent('trojan');
    const { user } = await paidMember(101);
    const wrongs = [
      new V2bxAgent({ ...a.agent.config, key: 'not-the-token' }),
      new V2bxAgent({ ...a.agent.config, key: b.token }), // another node's token
      new V2bxAgent({ ...a.agent.config, nodeType: 'trojan' }),
      new V2bxAgent({ ...a.agent.config, nodeId: 999_999 }),
    ];
    for (const agent of wrongs) {
      await expect(agent.getNodeInfo()).rejects.toMatchObject({ status: 403 });
      await expect(agent.getUserList()).rejects.toBeInstanceOf(PanelError);
      await expect(
        agent.reportUserTraffic([{ uid: user.userId, upload: 5, download: 5 }]),
      ).rejects.toMatchObject({ status: 403 });
      await expect(
        agent.reportNodeOnlineUsers([{ uid: user.userId, ip: '203.0.113.1' }]),
      ).rejects.toMatchObject({
        status: 403,
      });
      expect(await agent.getUserAlive()).toEqual(new Map());
    }
    const usage = await t.api.call<{ upload: number }>(
      '/api/user/user_traffic',
      {},
      { token: user.token },
    );
    expect(usage.body.data.upload).toBe(0);
    const online = await db()
      .select()
      .from(nodeOnlineIps)
      .where(eq(nodeOnlineIps.userId, user.userId));
    expect(online).toEqual([]);
    const [untouched] = await db().select().from(vpnNodes).where(eq(vpnNodes.id, a.id));
    expect(untouched).toMatchObject({ lastPullAt: null, lastPushAt: null });
  });

  it('a push whose body is no object, or whose report id is malformed, is refused with 422 and changes nothing', async () => {
    // Malformed entries inside an object are skipped one by one: nodes-reports.test.ts.
    const { token, id } = await nodeAgent('vless');
    const { user } = await paidMember(101);
    const post = (body: unknown, query = '') =>
      fetch(`${origin()}${UNIPROXY}/push?node_type=vless&node_id=${id}&token=${token}${query}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    for (const bad of [[1, 2], [[user.userId, 1, 2]], 'text', null]) {
      const response = await post(bad);
      expect(response.status, JSON.stringify(bad)).toBe(422);
      expect(((await response.json()) as { message: string }).message).toBeTruthy();
    }
    expect((await post({ [user.userId]: [1, 1] }, '&report_id=has%20space')).status).toBe(422);
    const usage = await t.api.call<{ upload: number }>(
      '/api/user/user_traffic',
      {},
      { token: user.token },
    );
    expect(usage.body.data.upload).toBe(0);
    const [node] = await db().select().from(vpnNodes).where(eq(vpnNodes.id, id));
    expect(node!.lastPushAt).toBeNull();
  });
});
