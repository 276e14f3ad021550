/**
 * Traffic accounting under concurrency (issue 15), through the real HTTP server, checked with SQL
 * afterwards; PostgreSQL is the variant that proves it (PGlite serialises queries):
 * - 20 pushes at once for one user from 4 nodes: the user's and each node's sums are exact;
 * - pushes naming the same users in opposite orders at once: no deadlock, no lost byte;
 * - a push retried with its report id, in sequence and 10 at once: counted once;
 * - a database fault in the middle of a push: nothing of it is kept, and its retry counts once;
 * - a wrong token, a rotated-out token and another node's token: refused, nothing counted.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../server/db/database';
import { rotateNodeToken } from '../../server/nodes/manage-nodes';
import { recordTrafficPush } from '../../server/nodes/traffic';
import { registerByUsername } from './helpers/accounts';
import { addTestNode, grantMembership } from './helpers/nodes';
import { useListening, useTestApp } from './helpers/test-app';
import { databaseVariants } from './helpers/test-databases';
import { PanelError, V2bxAgent } from './helpers/v2bx-agent';

const variants = await databaseVariants();

describe.each(variants)('traffic pushes racing on $name', (variant) => {
  const t = useTestApp(variant);
  const origin = useListening(t);
  const db = () => t.app.kestrel.database.db;

  const node = () => addTestNode(db(), origin());
  /** Nodes count only the members they serve (issue 19): every user here is a Standard member. */
  const member = async () => {
    const user = await registerByUsername(t.api);
    await grantMembership(db(), user.userId);
    return user;
  };

  const userBytes = async (userId: number) =>
    rowsOf<{ upload: string; download: string; n: number }>(
      await db().execute(sql`SELECT coalesce(sum(upload), 0)::text AS upload,
        coalesce(sum(download), 0)::text AS download, count(*)::int AS n
        FROM user_traffic WHERE user_id = ${userId}`),
    ).map((r) => ({ upload: Number(r.upload), download: Number(r.download), rows: r.n }))[0]!;

  const nodeBytes = async (nodeId: number) =>
    rowsOf<{ upload: string; download: string }>(
      await db().execute(sql`SELECT coalesce(sum(upload), 0)::text AS upload,
        coalesce(sum(download), 0)::text AS download FROM node_traffic WHERE node_id = ${nodeId}`),
    ).map((r) => ({ upload: Number(r.upload), download: Number(r.download) }))[0]!;

  it('20 pushes at once for one user from 4 nodes: the sums are exact', async () => {
    const user = await member();
    const nodes = await Promise.all(Array.from({ length: 4 }, () => node()));
    // Distinct amounts, so a lost or doubled push shows in the sum.
    const pushes = Array.from({ length: 20 }, (_, i) => ({
      node: nodes[i % 4]!,
      upload: 1_000_003 * (i + 1),
      download: 7_000_019 * (i + 1),
    }));
    await Promise.all(
      pushes.map((p) =>
        p.node.agent.reportUserTraffic([
          { uid: user.userId, upload: p.upload, download: p.download },
        ]),
      ),
    );
    const sum = (rows: typeof pushes) => ({
      upload: rows.reduce((s, p) => s + p.upload, 0),
      download: rows.reduce((s, p) => s + p.download, 0),
    });
    expect(await userBytes(user.userId)).toEqual({ ...sum(pushes), rows: 1 });
    for (const n of nodes)
      expect(await nodeBytes(n.id)).toEqual(sum(pushes.filter((p) => p.node === n)));
  });

  it('pushes naming the same users in opposite orders at once: no deadlock, nothing lost', async () => {
    // Many users per push, so that two statements taking row locks in opposite orders would meet.
    const ids = rowsOf<{ id: number }>(
      await db().execute(sql`INSERT INTO users (username, plan_type, expire_time, device_limit)
        SELECT 'race_' || md5(random()::text), 1, now() + interval '30 days', 5
        FROM generate_series(1, 400) RETURNING id`),
    ).map((r) => Number(r.id));
    const [a, b] = await Promise.all([node(), node()]);
    // Straight to the accounting function: over HTTP the body is a JSON object, whose integer keys
    // JavaScript always enumerates in ascending order, so only a direct caller can vary the order.
    const forward = ids.map((userId) => ({ userId, upload: 3, download: 5 }));
    const backward = [...forward].reverse();
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) =>
        i % 2 === 0
          ? recordTrafficPush(db(), a!.id, forward, undefined)
          : recordTrafficPush(db(), b!.id, backward, undefined),
      ),
    );
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    const totals = rowsOf<{ users: number; upload: string; download: string }>(
      await db().execute(sql`SELECT count(*)::int AS users, sum(upload)::text AS upload,
        sum(download)::text AS download FROM user_traffic
        WHERE user_id IN (SELECT value::int FROM jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`),
    )[0]!;
    expect({ ...totals, upload: Number(totals.upload), download: Number(totals.download) }).toEqual(
      {
        users: 400,
        upload: 400 * 12 * 3,
        download: 400 * 12 * 5,
      },
    );
  });

  it('a push retried with its report id is counted once, in sequence and 10 at once', async () => {
    const user = await member();
    const { id, agent } = await node();
    const push = (reportId: string) =>
      agent.reportUserTraffic(
        [{ uid: user.userId, upload: 100, download: 1_000 }],
        `?report_id=${reportId}`,
      );
    expect(await push('r-1')).toBe('{"data":true}');
    expect(await push('r-1')).toBe('{"data":true}');
    await Promise.all(Array.from({ length: 10 }, () => push('r-2')));
    expect(await userBytes(user.userId)).toEqual({ upload: 200, download: 2_000, rows: 1 });
    expect(await nodeBytes(id)).toEqual({ upload: 200, download: 2_000 });
    const reports = rowsOf<{ report_id: string }>(
      await db().execute(
        sql`SELECT report_id FROM node_traffic_reports WHERE node_id = ${id} ORDER BY report_id`,
      ),
    );
    expect(reports.map((r) => r.report_id)).toEqual(['r-1', 'r-2']);
    // The same id from another node is that node's own report.
    await (
      await node()
    ).agent.reportUserTraffic([{ uid: user.userId, upload: 1, download: 1 }], '?report_id=r-1');
    expect(await userBytes(user.userId)).toEqual({ upload: 201, download: 2_001, rows: 1 });
  });

  it('a fault half-way through a push keeps none of it; the retry with its report id counts once', async () => {
    const user = await member();
    const { id, agent } = await node();
    const push = () =>
      agent.reportUserTraffic(
        [{ uid: user.userId, upload: 500, download: 5_000 }],
        '?report_id=fault-1',
      );
    // The node's own total is written after the users' (same statement): make that write fail
    // while it runs, by a check no row passes.
    await db().execute(
      sql`ALTER TABLE node_traffic ADD CONSTRAINT fault_half_way CHECK (upload < 0) NOT VALID`,
    );
    try {
      await expect(push()).rejects.toMatchObject({ status: 500 });
    } finally {
      await db().execute(sql`ALTER TABLE node_traffic DROP CONSTRAINT fault_half_way`);
    }
    expect(await userBytes(user.userId)).toEqual({ upload: 0, download: 0, rows: 0 });
    const claimed = rowsOf(
      await db().execute(sql`SELECT 1 FROM node_traffic_reports WHERE node_id = ${id}`),
    );
    expect(claimed).toEqual([]);
    await push();
    await push();
    expect(await userBytes(user.userId)).toEqual({ upload: 500, download: 5_000, rows: 1 });
    expect(await nodeBytes(id)).toEqual({ upload: 500, download: 5_000 });
  });

  it("a wrong token, a rotated-out token and another node's token are refused; nothing counted", async () => {
    const user = await member();
    const target = await node();
    const other = await node();
    const oldToken = target.token;
    const newToken = (await rotateNodeToken(db(), target.id))!;
    const attempts = ['definitely-not-a-token', oldToken, other.token, newToken.slice(0, -1)].map(
      (key) => new V2bxAgent({ ...target.agent.config, key }),
    );
    const results = await Promise.allSettled(
      attempts.flatMap((agent) =>
        Array.from({ length: 5 }, () =>
          agent.reportUserTraffic([{ uid: user.userId, upload: 9, download: 9 }]),
        ),
      ),
    );
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    for (const r of results)
      expect((r as PromiseRejectedResult).reason).toMatchObject({ status: 403 });
    expect(await userBytes(user.userId)).toEqual({ upload: 0, download: 0, rows: 0 });
    expect(await nodeBytes(target.id)).toEqual({ upload: 0, download: 0 });
    expect(await nodeBytes(other.id)).toEqual({ upload: 0, download: 0 });
    // The rotated token works.
    const rotated = new V2bxAgent({ ...target.agent.config, key: newToken });
    await rotated.reportUserTraffic([{ uid: user.userId, upload: 4, download: 6 }]);
    expect(await userBytes(user.userId)).toEqual({ upload: 4, download: 6, rows: 1 });
    await expect(
      new V2bxAgent({ ...target.agent.config, key: oldToken }).getUserList(),
    ).rejects.toBeInstanceOf(PanelError);
  });
});
