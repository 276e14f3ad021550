/**
 * The node directory at fleet scale (issue 23; docs/nodes.md "Fleet scale"), on PGlite and
 * PostgreSQL:
 * - the version (migration 0018) grows once per transaction that changes what nodes see, and not for
 *   other writes;
 * - nodes with the same plans share one list, kept until a change, in whichever process it was made;
 * - an expiry leaves the list without any write, once its instant has passed;
 * - a failed build is reported to the pull and the next pull builds again;
 * - the alive list is kept `aliveListSeconds`, or until a member frees a seat, then counted again;
 * - over HTTP: gzip for agents that accept it, one ETag for both encodings, 304;
 * - on PostgreSQL, the bump never deadlocks with the members' row locks, and concurrent changes each
 *   bump once.
 */
import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { rowsOf, type Db } from '../../server/db/database';
import { thirdPartyClients, users, vpnNodes } from '../../server/db/schema';
import type { NodeRow } from '../../server/nodes/node-credentials';
import { createNodeDirectory } from '../../server/nodes/node-directory';
import { recordAlive } from '../../server/nodes/online-ips';
import { registerByUsername } from './helpers/accounts';
import { addTestNode, grantMembership } from './helpers/nodes';
import { useListening, useTestApp } from './helpers/test-app';
import { databaseVariants } from './helpers/test-databases';

const variants = await databaseVariants();

describe.each(variants)('node directory on $name', (variant) => {
  const t = useTestApp(variant);
  const origin = useListening(t);
  const db = () => t.app.kestrel.database.db;

  const version = async () =>
    BigInt(
      rowsOf<{ v: string }>(
        await db().execute(sql`SELECT version::text AS v FROM node_directory`),
      )[0]!.v,
    );
  const nodeRow = async (planTypes: (1 | 2)[] = [1, 2]): Promise<NodeRow> => {
    const { id } = await addTestNode(db(), origin(), { planTypes });
    const [row] = await db().select().from(vpnNodes).where(eq(vpnNodes.id, id));
    return row!;
  };
  const member = async (planType: 1 | 2 = 1) => {
    const user = await registerByUsername(t.api);
    await grantMembership(db(), user.userId, { planType });
    return user.userId;
  };
  const idsOf = (body: { json: Buffer }) =>
    (JSON.parse(body.json.toString()) as { users: { id: number }[] }).users.map((u) => u.id);

  it('a transaction that changes what nodes see bumps the version once; other writes do not', async () => {
    const [a, b, c] = [await member(), await member(), await member()];
    const before = await version();
    await db().transaction(async (tx) => {
      await tx
        .update(users)
        .set({ expireTime: sql`expire_time + interval '30 days'` })
        .where(inArray(users.id, [a, b, c]));
      await tx.update(users).set({ deviceLimit: 4 }).where(eq(users.id, a));
    });
    expect(await version()).toBe(before + 1n);
    // A write nodes do not see (here: the same value written again, and another column).
    await db()
      .update(users)
      .set({ deviceLimit: 4, updatedAt: sql`now()` })
      .where(eq(users.id, a));
    expect(await version()).toBe(before + 1n);
    await db()
      .insert(thirdPartyClients)
      .values({ userId: b, enabled: true, enabledAt: new Date(), speedLimitMbps: 10 })
      .onConflictDoUpdate({ target: thirdPartyClients.userId, set: { enabled: true } });
    expect(await version()).toBe(before + 2n);
    await db().update(users).set({ disabled: true }).where(eq(users.id, c));
    expect(await version()).toBe(before + 3n);
  });

  it('nodes with the same plans share one list, kept until a change made in any process', async () => {
    // Two directories over one database: two server processes.
    const first = createNodeDirectory(db(), { aliveListSeconds: 0 });
    const second = createNodeDirectory(db(), { aliveListSeconds: 0 });
    const [both, alsoBoth, liteOnly] = [
      await nodeRow([1, 2]),
      await nodeRow([1, 2]),
      await nodeRow([2]),
    ];
    const standard = await member(1);
    const listed = await first.userList(both);
    expect(await first.userList(alsoBoth)).toBe(listed);
    expect(idsOf(listed)).toContain(standard);
    expect(idsOf(await first.userList(liteOnly))).not.toContain(standard);
    expect(idsOf(await second.userList(both))).toContain(standard);

    // A purchase-like change, committed by the other process.
    const lite = await member(2);
    const relisted = await first.userList(both);
    expect(relisted).not.toBe(listed);
    expect(idsOf(relisted)).toContain(lite);
    expect(idsOf(await first.userList(liteOnly))).toContain(lite);
    // A disabled node gets the empty list, and its pull is noted all the same.
    await db().execute(
      sql`UPDATE vpn_nodes SET enabled = false, last_pull_at = NULL WHERE id = ${both.id}`,
    );
    expect(idsOf(await first.userList({ ...both, enabled: false }))).toEqual([]);
    const [pulled] = rowsOf<{ at: Date | null }>(
      await db().execute(sql`SELECT last_pull_at AS at FROM vpn_nodes WHERE id = ${both.id}`),
    );
    expect(pulled!.at).not.toBeNull();
  });

  it("the members are read once for every plan set; each list holds exactly its plans' members", async () => {
    let reads = 0;
    const counting = new Proxy(db(), {
      get(target, property, receiver) {
        if (property === 'execute')
          return (query: Parameters<Db['execute']>[0]) => {
            if (JSON.stringify(query).includes('string_agg')) reads++;
            return target.execute(query);
          };
        return Reflect.get(target, property, receiver) as unknown;
      },
    });
    const directory = createNodeDirectory(counting, { aliveListSeconds: 0 });
    const [standard, lite] = [await member(1), await member(2)];
    await db().update(users).set({ deviceLimit: 4 }).where(eq(users.id, lite));
    const entries = async (planTypes: (1 | 2)[]) =>
      (
        JSON.parse((await directory.userList(await nodeRow(planTypes))).json.toString()) as {
          users: Record<string, unknown>[];
        }
      ).users;
    const [both, standardOnly, liteOnly] = [
      await entries([2, 1]),
      await entries([1]),
      await entries([2]),
    ];
    expect(reads).toBe(1);
    const ids = (list: Record<string, unknown>[]) => list.map((entry) => entry.id);
    expect(ids(both)).toEqual(expect.arrayContaining([standard, lite]));
    expect(new Set(ids(both)).size).toBe(both.length);
    expect(both).toHaveLength(standardOnly.length + liteOnly.length);
    expect(ids(standardOnly)).toContain(standard);
    expect(ids(standardOnly)).not.toContain(lite);
    expect(ids(liteOnly)).toEqual(expect.arrayContaining([lite]));
    expect(ids(liteOnly)).not.toContain(standard);
    const [node] = await db()
      .select({ uuid: users.nodeUuid })
      .from(users)
      .where(eq(users.id, lite));
    expect(both.find((entry) => entry.id === lite)).toEqual({
      id: lite,
      uuid: node!.uuid,
      speed_limit: null,
      device_limit: 4,
    });
  });

  it('a member whose expiry passes leaves the list with no write, once that instant is past', async () => {
    let now = Date.now();
    const directory = createNodeDirectory(db(), { aliveListSeconds: 0, clock: () => now });
    const node = await nodeRow([1, 2]);
    const leaving = await member(1);
    await db()
      .update(users)
      .set({ expireTime: sql`now() + interval '1 hour'` })
      .where(eq(users.id, leaving));
    const listed = await directory.userList(node);
    expect(idsOf(listed)).toContain(leaving);
    // Time passes for the database without a write: the expiry is moved behind the bump trigger's
    // back (replica mode fires no trigger), as an hour going by would.
    await db().transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL session_replication_role = replica`);
      await tx
        .update(users)
        .set({ expireTime: sql`now() - interval '1 second'` })
        .where(eq(users.id, leaving));
    });
    // Before the listed expiry the kept list is served as it is: no read of the members.
    expect(await directory.userList(node)).toBe(listed);
    now += 3_600_000 + 1_000;
    const after = await directory.userList(node);
    expect(idsOf(after)).not.toContain(leaving);
    expect(after.etag).not.toBe(listed.etag);
  });

  it('a failed build answers the pull with the fault, and the next pull builds again', async () => {
    let failing = true;
    const flaky = new Proxy(db(), {
      get(target, property, receiver) {
        if (property === 'execute')
          return (query: Parameters<Db['execute']>[0]) => {
            const text = JSON.stringify(query);
            if (failing && text.includes('string_agg'))
              return Promise.reject(new Error('connection lost'));
            return target.execute(query);
          };
        return Reflect.get(target, property, receiver) as unknown;
      },
    });
    const directory = createNodeDirectory(flaky, { aliveListSeconds: 0 });
    const node = await nodeRow([1, 2]);
    const someone = await member(1);
    await expect(directory.userList(node)).rejects.toThrow('connection lost');
    failing = false;
    expect(idsOf(await directory.userList(node))).toContain(someone);
  });

  it('the alive list is kept aliveListSeconds, or until a seat is freed, then counted again', async () => {
    let now = Date.now();
    const directory = createNodeDirectory(db(), { aliveListSeconds: 30, clock: () => now });
    const node = await nodeRow([1, 2]);
    const liteOnly = await nodeRow([2]);
    const online = await member(1);
    await recordAlive(db(), node.id, new Map([[online, ['203.0.113.10']]]));
    const alive = async (of: NodeRow) =>
      (
        JSON.parse((await directory.aliveList(of)).json.toString()) as {
          alive: Record<string, number>;
        }
      ).alive;
    expect((await alive(node))[online]).toBe(1);
    // A node of the other plan only does not list the member.
    expect((await alive(liteOnly))[online]).toBeUndefined();
    await recordAlive(db(), node.id, new Map([[online, ['203.0.113.10', '203.0.113.11']]]));
    now += 29_000;
    expect((await alive(node))[online]).toBe(1);
    now += 1_000;
    expect((await alive(node))[online]).toBe(2);
    // A member freeing a seat drops the kept count: the next pull counts again.
    await recordAlive(db(), node.id, new Map([[online, ['203.0.113.10']]]));
    expect((await alive(node))[online]).toBe(2);
    directory.forgetAliveCounts();
    expect((await alive(node))[online]).toBe(1);
    expect(await alive({ ...node, enabled: false })).toEqual({});
  });

  it('over HTTP: gzip for agents that ask for it, one ETag for both encodings, and 304', async () => {
    const node = await addTestNode(db(), origin());
    // Enough members for a body worth compressing.
    for (let i = 0; i < 12; i++) await member(1);
    const get = (headers: Record<string, string>) =>
      new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>(
        (resolve, reject) => {
          const url = new URL(
            `/api/v1/server/UniProxy/user?node_type=vless&node_id=${node.id}&token=${node.token}`,
            origin(),
          );
          request(url, { headers }, (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () =>
              resolve({
                status: response.statusCode!,
                headers: response.headers,
                body: Buffer.concat(chunks),
              }),
            );
          })
            .on('error', reject)
            .end();
        },
      );
    const plain = await get({});
    const zipped = await get({ 'accept-encoding': 'gzip' });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.body).equals(plain.body)).toBe(true);
    expect(zipped.headers.etag).toBe(plain.headers.etag);
    expect(JSON.parse(plain.body.toString()).users.length).toBeGreaterThanOrEqual(12);
    const unchanged = await get({
      'accept-encoding': 'gzip',
      'if-none-match': String(plain.headers.etag),
    });
    expect(unchanged.status).toBe(304);
    expect(unchanged.body.length).toBe(0);
  });

  // Only PostgreSQL runs transactions side by side (PGlite has one connection).
  if (variant.name === 'postgres')
    it('on PostgreSQL the bump waits for commit: no deadlock with row locks, each transaction bumps once', async () => {
      const url = t.app.kestrel.config.databaseUrl!;
      const [a, b] = [await member(), await member()];
      const one = new pg.Client({ connectionString: url });
      const two = new pg.Client({ connectionString: url });
      await one.connect();
      await two.connect();
      try {
        const before = await version();
        // An immediate bump would deadlock here: one holds a and the version row, two holds b and
        // waits for the version row, and one then waits for b.
        await one.query('BEGIN');
        await one.query(`UPDATE users SET device_limit = 7 WHERE id = $1`, [a]);
        await two.query('BEGIN');
        await two.query(`UPDATE users SET device_limit = 7 WHERE id = $1`, [b]);
        const oneWaits = one.query(`UPDATE users SET device_limit = 8 WHERE id = $1`, [b]);
        await two.query('COMMIT');
        await oneWaits;
        await one.query('COMMIT');
        expect(await version()).toBe(before + 2n);

        // 20 transactions at once, each changing two members of its own: all commit, 20 bumps.
        const many = await Promise.all(Array.from({ length: 40 }, () => member()));
        const start = await version();
        await Promise.all(
          Array.from({ length: 20 }, (_, i) =>
            db().transaction(async (tx) => {
              await tx
                .update(users)
                .set({ deviceLimit: 3 })
                .where(eq(users.id, many[2 * i]!));
              await tx
                .update(users)
                .set({ deviceLimit: 3 })
                .where(eq(users.id, many[2 * i + 1]!));
            }),
          ),
        );
        const [row] = rowsOf<{ v: string; changed: number }>(
          await db().execute(sql`SELECT (SELECT version::text FROM node_directory) AS v,
            (SELECT count(*)::int FROM users WHERE id = ANY (${`{${many.join(',')}}`}::int[])
              AND device_limit = 3) AS changed`),
        );
        expect(row!.changed).toBe(40);
        expect(BigInt(row!.v) - start).toBe(20n);
      } finally {
        await one.end();
        await two.end();
      }
    });
});
