/**
 * What a node may report (issue 19, item 5, the audit's scenarios), through the real HTTP server
 * and checked with SQL; PGlite and PostgreSQL:
 * - a push or alive report naming a member the node does not serve: that entry is skipped, the
 *   others of the same report are stored;
 * - fake IPs from a node that does not serve the member take no seat, so another node admits the
 *   member's real devices; a serving node stores at most the member's device limit of IPs; an IP
 *   counts only while the node that reported it serves the member;
 * - 2^53 - 1 bytes pushed 1,025 times: refused as implausible entries, no overflow; the honest
 *   node's push naming that member still answers 200 and stores every member, and the usage
 *   endpoint answers; counters saturate at 2^53 - 1 (and 0012 brings an old counter back to it);
 * - malformed entries mixed with good ones: skipped, the good ones stored.
 */
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { rowsOf } from '../../server/db/database';
import { readMigrations } from '../../server/db/migrate';
import { vpnNodes } from '../../server/db/schema';
import { COUNTER_CEILING, MAX_ENTRY_BYTES } from '../../server/nodes/node-reports';
import { recordTrafficPush } from '../../server/nodes/traffic';
import { registerByUsername } from './helpers/accounts';
import { addTestNode, grantMembership, type TestNode } from './helpers/nodes';
import { useListening, useTestApp } from './helpers/test-app';
import { databaseVariants } from './helpers/test-databases';
import { UNIPROXY } from './helpers/v2bx-agent';

const variants = await databaseVariants();

describe.each(variants)('what a node may report, on $name', (variant) => {
  const logLines: string[] = [];
  const t = useTestApp(variant, {
    env: { LOG_LEVEL: 'warn' },
    overrides: { logger: { stream: { write: (line) => void logLines.push(line) } } },
  });
  const origin = useListening(t);
  const db = () => t.app.kestrel.database.db;

  /** A Standard (1) or Lite (2) member with a device limit; `null` plan: an account without one. */
  async function member(planType: 1 | 2 | null = 1, deviceLimit = 5) {
    const user = await registerByUsername(t.api);
    if (planType !== null) await grantMembership(db(), user.userId, { planType, deviceLimit });
    return user;
  }
  const node = (planTypes: (1 | 2)[] = [1, 2]) => addTestNode(db(), origin(), { planTypes });

  const usage = async (token: string) => {
    const response = await t.api.call<{ upload: number; download: number }>(
      '/api/user/user_traffic',
      {},
      { token },
    );
    expect(response.body.code, response.body.msg).toBe(200);
    return { upload: response.body.data.upload, download: response.body.data.download };
  };
  const stored = async (table: 'user_traffic' | 'node_traffic', id: number) =>
    rowsOf<{ upload: string; download: string }>(
      await db().execute(
        table === 'user_traffic'
          ? sql`SELECT upload::text, download::text FROM user_traffic WHERE user_id = ${id}`
          : sql`SELECT upload::text, download::text FROM node_traffic WHERE node_id = ${id}`,
      ),
    ).map((r) => [r.upload, r.download]);
  const storedIps = async (userId: number) =>
    rowsOf<{ node_id: number; ip: string }>(
      await db().execute(
        sql`SELECT node_id, ip FROM node_online_ips WHERE user_id = ${userId} ORDER BY node_id, ip`,
      ),
    ).map((r) => [Number(r.node_id), r.ip]);

  /** The skip counts the route logged for a node's reports, oldest first. */
  const skipLogs = (nodeId: number) =>
    logLines
      .map((line) => JSON.parse(line) as { msg?: string; nodeId?: number; skipped?: unknown })
      .filter((entry) => entry.msg === 'node report: entries skipped' && entry.nodeId === nodeId)
      .map((entry) => entry.skipped);

  /** A raw UniProxy POST as the node, with any body; answers status and text. */
  async function post(
    n: TestNode,
    action: 'push' | 'alive',
    body: unknown,
    remoteAddress = '127.0.0.1',
  ) {
    const response = await t.app.inject({
      method: 'POST',
      url: `${UNIPROXY}/${action}?node_type=vless&node_id=${n.id}&token=${n.token}`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
      remoteAddress,
    });
    return { status: response.statusCode, text: response.body };
  }

  it("a push naming members the node does not serve stores only the served members' traffic", async () => {
    const liteNode = await node([2]);
    const standard = await member(1);
    const lite = await member(2);
    const noPlan = await member(null);
    const pushed = await post(liteNode, 'push', {
      [standard.userId]: [5_000, 70_000],
      [lite.userId]: [300, 4_000],
      [noPlan.userId]: [11, 12],
    });
    expect(pushed).toEqual({ status: 200, text: '{"data":true}' });
    expect(await usage(standard.token)).toEqual({ upload: 0, download: 0 });
    expect(await usage(noPlan.token)).toEqual({ upload: 0, download: 0 });
    expect(await usage(lite.token)).toEqual({ upload: 300, download: 4_000 });
    expect(await stored('user_traffic', standard.userId)).toEqual([]);
    // Counted and logged, not stored (and the log line carries no token).
    expect(skipLogs(liteNode.id)).toEqual([
      { malformed: 0, implausible: 0, notServed: 2, droppedIps: 0 },
    ]);
    expect(logLines.join('\n')).not.toContain(liteNode.token);
    // The node's own total is what it was allowed to report.
    expect(await stored('node_traffic', liteNode.id)).toEqual([['300', '4000']]);
    // The accounting says how many it left out (the route logs them).
    expect(
      await recordTrafficPush(
        db(),
        liteNode.id,
        [
          { userId: standard.userId, upload: 1, download: 1 },
          { userId: lite.userId, upload: 1, download: 1 },
        ],
        undefined,
      ),
    ).toEqual({ outcome: 'counted', notServed: 1 });

    // A disabled node serves nobody: none of its push is stored, and it still answers 200.
    const resting = await node([1, 2]);
    await db().update(vpnNodes).set({ enabled: false }).where(eq(vpnNodes.id, resting.id));
    expect((await post(resting, 'push', { [lite.userId]: [9, 9] })).status).toBe(200);
    expect(await usage(lite.token)).toEqual({ upload: 301, download: 4_001 });
    expect(await stored('node_traffic', resting.id)).toEqual([]);
  });

  it("fake IPs from a node that does not serve the member take no seat: another node admits the member's real devices", async () => {
    const liteNode = await node([2]);
    const standardNode = await node([1]);
    const victim = await member(1, 2);
    const liteMember = await member(2, 3);
    const fakes = ['198.51.100.1', '198.51.100.2', '198.51.100.3', '198.51.100.4', '198.51.100.5'];
    const reported = await post(liteNode, 'alive', {
      [victim.userId]: fakes,
      [liteMember.userId]: ['203.0.113.80'],
    });
    expect(reported.status).toBe(200);
    // The other member of the same report is stored.
    expect(await storedIps(liteMember.userId)).toEqual([[liteNode.id, '203.0.113.80']]);
    expect(await storedIps(victim.userId)).toEqual([]);
    expect(skipLogs(liteNode.id)).toEqual([
      { malformed: 0, implausible: 0, notServed: 1, droppedIps: 0 },
    ]);
    // V2bX admits a new IP while the alive count is below device_limit (2): nothing counts yet.
    expect((await standardNode.agent.getUserAlive()).has(victim.userId)).toBe(false);
    await standardNode.agent.reportNodeOnlineUsers([
      { uid: victim.userId, ip: '203.0.113.10' },
      { uid: victim.userId, ip: '203.0.113.11' },
    ]);
    expect((await standardNode.agent.getUserAlive()).get(victim.userId)).toBe(2);
    const devices = await t.api.call<{ devices: { ip: string }[]; limit: number }>(
      '/api/user/user_online_devices',
      {},
      { token: victim.token },
    );
    expect(devices.body.data.devices.map((d) => d.ip).sort()).toEqual([
      '203.0.113.10',
      '203.0.113.11',
    ]);
    expect(devices.body.data.limit).toBe(2);
  });

  it("a serving node stores at most the member's device limit of IPs; an IP counts only while its node serves the member", async () => {
    const a = await node([1, 2]);
    const b = await node([1, 2]);
    const user = await member(1, 2);
    expect(
      (
        await post(a, 'alive', {
          [user.userId]: ['203.0.113.1', '203.0.113.1:4431', '203.0.113.2', '203.0.113.3', 'x'],
        })
      ).status,
    ).toBe(200);
    // The first two distinct addresses reported; the rest is beyond the limit of 2.
    expect(await storedIps(user.userId)).toEqual([
      [a.id, '203.0.113.1'],
      [a.id, '203.0.113.2'],
    ]);
    expect((await b.agent.getUserAlive()).get(user.userId)).toBe(2);
    expect(skipLogs(a.id)).toEqual([{ malformed: 0, implausible: 0, notServed: 0, droppedIps: 2 }]);
    // Node a stops carrying the member's plan: what it reported no longer takes a seat anywhere.
    await db()
      .update(vpnNodes)
      .set({ planTypes: [2] })
      .where(eq(vpnNodes.id, a.id));
    expect((await b.agent.getUserAlive()).has(user.userId)).toBe(false);
    const devices = await t.api.call<{ devices: unknown[] }>(
      '/api/user/user_online_devices',
      {},
      { token: user.token },
    );
    expect(devices.body.data.devices).toEqual([]);
  });

  it('2^53 - 1 bytes pushed 1,025 times overflow nothing; the honest push naming that member stores everyone and usage answers', async () => {
    const forger = await node();
    const honest = await node();
    const victim = await member(1);
    const bystander = await member(1);
    const huge = Number.MAX_SAFE_INTEGER;
    // 25 at a time; the route allows 600 calls a minute per address, so the forger spreads them.
    for (let start = 0; start < 1_025; start += 25) {
      const batch = Array.from({ length: Math.min(25, 1_025 - start) }, (_, k) => start + k);
      const answers = await Promise.all(
        batch.map((i) =>
          post(forger, 'push', { [victim.userId]: [huge, huge] }, `10.9.${i % 4}.1`),
        ),
      );
      answers.forEach((pushed, k) => expect(pushed.status, `push ${start + k + 1}`).toBe(200));
    }
    const honestPush = await post(honest, 'push', {
      [victim.userId]: [1_000, 2_000],
      [bystander.userId]: [30, 40],
    });
    expect(honestPush).toEqual({ status: 200, text: '{"data":true}' });
    expect(await usage(victim.token)).toEqual({ upload: 1_000, download: 2_000 });
    expect(await usage(bystander.token)).toEqual({ upload: 30, download: 40 });
    expect(await stored('node_traffic', forger.id)).toEqual([]);
    expect(await stored('node_traffic', honest.id)).toEqual([['1030', '2040']]);
    // The ceiling of one entry itself is accepted.
    await post(forger, 'push', { [victim.userId]: [MAX_ENTRY_BYTES, 0] });
    expect(await usage(victim.token)).toEqual({ upload: MAX_ENTRY_BYTES + 1_000, download: 2_000 });
  }, 180_000);

  it('counters saturate at 2^53 - 1: pushes on a full counter keep it there and usage answers', async () => {
    const n = await node();
    const user = await member(1);
    const other = await member(1);
    await post(n, 'push', { [user.userId]: [1, 1] });
    await db().execute(sql`UPDATE user_traffic SET upload = ${COUNTER_CEILING - 10}::bigint,
      download = ${COUNTER_CEILING - MAX_ENTRY_BYTES}::bigint WHERE user_id = ${user.userId}`);
    await db().execute(sql`UPDATE node_traffic SET upload = ${COUNTER_CEILING - 10}::bigint
      WHERE node_id = ${n.id}`);
    for (let i = 0; i < 3; i++) {
      const pushed = await post(n, 'push', {
        [user.userId]: [MAX_ENTRY_BYTES, MAX_ENTRY_BYTES],
        [other.userId]: [5, 6],
      });
      expect(pushed.status).toBe(200);
    }
    const ceiling = String(COUNTER_CEILING);
    expect(await stored('user_traffic', user.userId)).toEqual([[ceiling, ceiling]]);
    expect(await stored('node_traffic', n.id)).toEqual([
      [ceiling, String(1 + 3 * (MAX_ENTRY_BYTES + 6))],
    ]);
    expect(await usage(user.token)).toEqual({ upload: COUNTER_CEILING, download: COUNTER_CEILING });
    expect(await usage(other.token)).toEqual({ upload: 15, download: 18 });
  });

  it('0012 brings a counter a forged push drove past 2^53 - 1 back to it, and the database refuses more', async () => {
    const n = await node();
    const user = await member(1);
    await post(n, 'push', { [user.userId]: [1, 1] });
    const migration = (await readMigrations()).find((m) => m.name.includes('counter_ceiling'))!;
    await db().execute(sql`ALTER TABLE user_traffic DROP CONSTRAINT user_traffic_counter_ceiling`);
    await db().execute(sql`ALTER TABLE node_traffic DROP CONSTRAINT node_traffic_counter_ceiling`);
    // What the audit left behind: 1,024 pushes of 2^53 - 1.
    await db().execute(sql`UPDATE user_traffic SET upload = 9223372036854774784
      WHERE user_id = ${user.userId}`);
    for (const statement of migration.statements) await db().execute(sql.raw(statement));
    expect(await stored('user_traffic', user.userId)).toEqual([[String(COUNTER_CEILING), '1']]);
    expect(await usage(user.token)).toEqual({ upload: COUNTER_CEILING, download: 1 });
    await expect(
      db().execute(sql`UPDATE user_traffic SET upload = upload + 1 WHERE user_id = ${user.userId}`),
    ).rejects.toThrow();
  });

  it('malformed entries mixed with good ones are skipped; the good ones are stored', async () => {
    const n = await node();
    const good = await member(1);
    const alsoGood = await member(1);
    const pushed = await post(n, 'push', {
      [good.userId]: [100, 200],
      abc: [1, 2],
      '0': [1, 1],
      '99999999999': [1, 1],
      '424242': [1, 1], // no such account
      [alsoGood.userId]: [7, 8],
    });
    expect(pushed.status).toBe(200);
    const bads = [
      [1],
      [1, -2],
      [1.5, 2],
      ['1', 2],
      [1e30, 1],
      [MAX_ENTRY_BYTES + 1, 0],
      null,
      'x',
      [1, 2, 3],
    ];
    for (const bad of bads) {
      const response = await post(n, 'push', { [good.userId]: bad, [alsoGood.userId]: [1, 1] });
      expect(response.status, JSON.stringify(bad)).toBe(200);
    }
    expect(await usage(good.token)).toEqual({ upload: 100, download: 200 });
    expect(await usage(alsoGood.token)).toEqual({ upload: 16, download: 17 });
    expect(skipLogs(n.id)[0]).toEqual({
      malformed: 3,
      implausible: 0,
      notServed: 1,
      droppedIps: 0,
    });
    expect(skipLogs(n.id).slice(1)).toEqual([
      ...Array.from({ length: 5 }, () => ({
        malformed: 1,
        implausible: 0,
        notServed: 0,
        droppedIps: 0,
      })),
      { malformed: 0, implausible: 1, notServed: 0, droppedIps: 0 },
      ...Array.from({ length: 3 }, () => ({
        malformed: 1,
        implausible: 0,
        notServed: 0,
        droppedIps: 0,
      })),
    ]);

    const alive = await post(n, 'alive', {
      [good.userId]: ['203.0.113.70'],
      [alsoGood.userId]: 'not a list',
      xyz: ['203.0.113.72'],
    });
    expect(alive.status).toBe(200);
    expect(await storedIps(good.userId)).toEqual([[n.id, '203.0.113.70']]);
    // More than 256 entries, or entries that are not strings: that member's entry is skipped (and
    // what the node said before for them stands); the other member of the report is stored.
    const tooMany = Array.from({ length: 257 }, (_, i) => `10.0.${i >> 8}.${i & 255}`);
    const mixed = await post(n, 'alive', {
      [good.userId]: tooMany,
      [alsoGood.userId]: ['203.0.113.71'],
    });
    expect(mixed.status).toBe(200);
    expect((await post(n, 'alive', { [alsoGood.userId]: ['203.0.113.73', 12] })).status).toBe(200);
    expect(await storedIps(good.userId)).toEqual([[n.id, '203.0.113.70']]);
    expect(await storedIps(alsoGood.userId)).toEqual([[n.id, '203.0.113.71']]);
    // Strings that are no address are dropped; the member's addresses are stored.
    await post(n, 'alive', { [good.userId]: ['not an ip', '203.0.113.90', '999.1.1.1'] });
    expect(await storedIps(good.userId)).toEqual([[n.id, '203.0.113.90']]);
    const none = { malformed: 0, implausible: 0, notServed: 0, droppedIps: 0 };
    expect(skipLogs(n.id).slice(-4)).toEqual([
      { ...none, malformed: 2 },
      { ...none, malformed: 1 },
      { ...none, malformed: 1 },
      { ...none, droppedIps: 2 },
    ]);
  });
});
