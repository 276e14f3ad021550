/**
 * Online devices from the nodes. An agent's alive push (UniProxy `alive`: `{ "<user id>": [ip, ...] }`)
 * replaces, for each user it names, the IPs that node last reported for them (as Xboard's
 * DeviceStateService does); users it does not name keep theirs until they age out. A device is one
 * distinct IP across all nodes, seen within NODE_AGENT.onlineIpTtlSeconds. The alive list (UniProxy
 * `alivelist`) gives each served user's count, which V2bX compares with `device_limit` before it
 * admits a new IP. docs/nodes.md.
 */
import { isIP } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { NODE_AGENT } from '../../contract/nodes';
import { rowsOf, type Db } from '../db/database';
import { nodeOnlineIps } from '../db/schema';
import { servedBy } from './node-users';

/** The oldest `seen_at` that still counts as online. */
export const ONLINE_SINCE = sql`now() - make_interval(secs => ${NODE_AGENT.onlineIpTtlSeconds})`;

/**
 * The bare address of a reported entry, or undefined when it is none: agents send `1.2.3.4`,
 * `1.2.3.4:5678`, `[::1]:443` (Xboard strips the port), or XrayR's `1.2.3.4_<node id>`.
 */
export function normalizeReportedIp(entry: string): string | undefined {
  let ip = entry.trim().replace(/_\d+$/, '');
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(ip);
  if (bracketed) ip = bracketed[1]!;
  else if (/^[\d.]+:\d+$/.test(ip)) ip = ip.slice(0, ip.lastIndexOf(':'));
  ip = ip.replace(/^::ffff:(?=[\d.]+$)/i, '');
  return isIP(ip) ? ip.toLowerCase() : undefined;
}

/** Records one alive push of a node: `ips` by user id, already normalised. */
export async function recordAlive(
  db: Db,
  nodeId: number,
  ipsByUser: ReadonlyMap<number, readonly string[]>,
): Promise<void> {
  const userIds = [...ipsByUser.keys()].sort((a, b) => a - b);
  const rows = userIds.flatMap((userId) =>
    [...new Set(ipsByUser.get(userId))].map((ip) => ({ user_id: userId, ip })),
  );
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      DELETE FROM node_online_ips AS o
      USING jsonb_array_elements_text(${JSON.stringify(userIds)}::jsonb) AS named (user_id)
      WHERE o.node_id = ${nodeId} AND o.user_id = named.user_id::int`);
    // Housekeeping: what this node reported long ago no longer counts anywhere.
    await tx.execute(
      sql`DELETE FROM node_online_ips WHERE node_id = ${nodeId} AND seen_at <= ${ONLINE_SINCE}`,
    );
    if (rows.length === 0) return;
    await tx.execute(sql`
      INSERT INTO node_online_ips (user_id, node_id, ip)
      SELECT v.user_id, ${nodeId}, v.ip
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS v (user_id integer, ip text)
      WHERE EXISTS (SELECT 1 FROM users AS u WHERE u.id = v.user_id)
      ORDER BY v.user_id, v.ip
      ON CONFLICT (user_id, node_id, ip) DO UPDATE SET seen_at = now()`);
  });
}

/** UniProxy `alivelist`: online device counts of the users this node serves that have any. */
export async function aliveCounts(db: Db, nodeId: number): Promise<Record<string, number>> {
  const rows = rowsOf<{ user_id: number; n: number }>(
    await db.execute(sql`
      SELECT o.user_id, count(DISTINCT o.ip)::int AS n
      FROM node_online_ips AS o JOIN users AS u ON u.id = o.user_id
      WHERE o.seen_at > ${ONLINE_SINCE} AND ${servedBy(nodeId)}
      GROUP BY o.user_id
      ORDER BY o.user_id`),
  );
  return Object.fromEntries(rows.map((r) => [String(r.user_id), Number(r.n)]));
}

export interface OnlineDevice {
  readonly ip: string;
  readonly nodes: string[];
  readonly lastSeenAt: Date;
}

/** A member's online devices (distinct IPs across nodes), most recently seen first. */
export async function onlineDevicesOf(db: Db, userId: number): Promise<OnlineDevice[]> {
  const rows = rowsOf<{ ip: string; nodes: string[]; last_seen_at: Date | string }>(
    await db.execute(sql`
      SELECT o.ip, array_agg(DISTINCT n.name ORDER BY n.name) AS nodes, max(o.seen_at) AS last_seen_at
      FROM node_online_ips AS o JOIN vpn_nodes AS n ON n.id = o.node_id
      WHERE o.user_id = ${userId} AND o.seen_at > ${ONLINE_SINCE}
      GROUP BY o.ip
      ORDER BY max(o.seen_at) DESC, o.ip`),
  );
  return rows.map((r) => ({ ip: r.ip, nodes: r.nodes, lastSeenAt: new Date(r.last_seen_at) }));
}

/**
 * Frees the seat an online IP holds on every node (it stops counting at the nodes' next alive-list
 * pull). Returns false when the user has no such IP online.
 */
export async function forgetOnlineDevice(db: Db, userId: number, ip: string): Promise<boolean> {
  const removed = await db
    .delete(nodeOnlineIps)
    .where(and(eq(nodeOnlineIps.userId, userId), eq(nodeOnlineIps.ip, ip)))
    .returning({ ip: nodeOnlineIps.ip });
  return removed.length > 0;
}
