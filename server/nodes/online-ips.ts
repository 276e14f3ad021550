/**
 * Online devices from the nodes. An agent's alive push (UniProxy `alive`: `{ "<user id>": [ip, ...] }`)
 * replaces, for each user it names, the IPs that node last reported for them (as Xboard's
 * DeviceStateService does); users it does not name keep theirs until they age out. Only members the
 * node serves are stored, at most their device limit of IPs per node, and an IP counts only while
 * the node that reported it serves the member (issue 19, item 5). A device is one distinct IP across
 * all nodes, seen within NODE_AGENT.onlineIpTtlSeconds. The alive list (UniProxy `alivelist`) gives
 * each served user's count, which V2bX compares with `device_limit` before it admits a new IP.
 * docs/nodes.md.
 */
import { isIP } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { NODE_AGENT } from '../../contract/nodes';
import { rowsOf, type Db } from '../db/database';
import { nodeOnlineIps } from '../db/schema';
import { LIVE_MEMBER, MEMBER_DEVICE_LIMIT, NODE_SERVES_MEMBER, servedEntry } from './node-users';

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

/**
 * Records one alive report of a node: `ips` by user id, already normalised and distinct. For each
 * member it names, what the node said before is replaced; the new IPs are stored only for members the
 * node serves right now, and no more of them than the member's device limit (the first ones
 * reported). Returns what was left out: members not served, and IPs beyond the limit.
 *
 * One statement, so one round trip and its own transaction: the IPs reported now are stored or
 * their time renewed (most were in the node's previous report: an update, which the table's free
 * space per page keeps on the page, migration 0022), and the node's other rows for the members it
 * names are deleted, with what it reported long ago (housekeeping: that no longer counts anywhere).
 * The delete sees the rows as they were before the statement and leaves out the ones it renews.
 */
export async function recordAlive(
  db: Db,
  nodeId: number,
  ipsByUser: ReadonlyMap<number, readonly string[]>,
): Promise<{ notServed: number; overLimit: number }> {
  const userIds = [...ipsByUser.keys()].sort((a, b) => a - b);
  const rows = JSON.stringify(
    userIds.map((userId) => ({ user_id: userId, ips: ipsByUser.get(userId) })),
  );
  const [result] = rowsOf<{ served: number; offered: number; stored: number }>(
    await db.execute(sql`
      WITH served AS (
        SELECT v.user_id, v.ips, ${MEMBER_DEVICE_LIMIT} AS device_limit
        FROM jsonb_to_recordset(${rows}::jsonb) AS v (user_id integer, ips jsonb)
        ${servedEntry(nodeId)}
      ), stored AS (
        INSERT INTO node_online_ips (user_id, node_id, ip)
        SELECT s.user_id, ${nodeId}, e.ip
        FROM served AS s, jsonb_array_elements_text(s.ips) WITH ORDINALITY AS e (ip, position)
        WHERE e.position <= s.device_limit
        ORDER BY s.user_id, e.ip
        ON CONFLICT (user_id, node_id, ip) DO UPDATE SET seen_at = now()
        RETURNING user_id, ip
      ), replaced AS (
        DELETE FROM node_online_ips AS o
        WHERE o.node_id = ${nodeId}
          AND (o.seen_at <= ${ONLINE_SINCE} OR o.user_id = ANY (${`{${userIds.join(',')}}`}::int[]))
          AND NOT EXISTS (SELECT 1 FROM stored AS s WHERE s.user_id = o.user_id AND s.ip = o.ip)
      )
      SELECT (SELECT count(*) FROM served)::int AS served,
        (SELECT coalesce(sum(jsonb_array_length(ips)), 0) FROM served)::int AS offered,
        (SELECT count(*) FROM stored)::int AS stored`),
  );
  return {
    notServed: userIds.length - Number(result!.served),
    overLimit: Number(result!.offered) - Number(result!.stored),
  };
}

/**
 * An online IP of member `u` counts (`o`, a node_online_ips row) only while the node that reported
 * it serves the member: a node taken out of service, or whose plans changed, stops counting at once.
 */
const REPORTED_BY_SERVING_NODE = sql`EXISTS (SELECT 1 FROM vpn_nodes AS n
  WHERE n.id = o.node_id AND ${NODE_SERVES_MEMBER})`;

/** A live member with devices online, and how many (distinct IPs across the nodes serving them). */
export interface OnlineCount {
  readonly userId: number;
  readonly planType: number;
  readonly devices: number;
}

/**
 * Online device counts of every live member that has any, with their plan, in id order: the alive
 * list of every node at once (a node's is the members of its plans, node-directory.ts). A member's
 * count does not depend on which node asks: it is their IPs reported by nodes serving them.
 */
export async function onlineCounts(db: Db): Promise<OnlineCount[]> {
  const rows = rowsOf<{ user_id: number; plan_type: number; n: number }>(
    await db.execute(sql`
      SELECT o.user_id, u.plan_type, count(DISTINCT o.ip)::int AS n
      FROM node_online_ips AS o JOIN users AS u ON u.id = o.user_id
      WHERE o.seen_at > ${ONLINE_SINCE} AND ${LIVE_MEMBER} AND ${REPORTED_BY_SERVING_NODE}
      GROUP BY o.user_id, u.plan_type
      ORDER BY o.user_id`),
  );
  return rows.map((r) => ({
    userId: Number(r.user_id),
    planType: Number(r.plan_type),
    devices: Number(r.n),
  }));
}

export interface OnlineDevice {
  readonly ip: string;
  readonly nodes: string[];
  readonly lastSeenAt: Date;
}

/**
 * A member's online devices (distinct IPs across nodes), most recently seen first: those the alive
 * list counts, reported by nodes that serve the member.
 */
export async function onlineDevicesOf(db: Db, userId: number): Promise<OnlineDevice[]> {
  const rows = rowsOf<{ ip: string; nodes: string[]; last_seen_at: Date | string }>(
    await db.execute(sql`
      SELECT o.ip, array_agg(DISTINCT n.name ORDER BY n.name) AS nodes, max(o.seen_at) AS last_seen_at
      FROM node_online_ips AS o JOIN vpn_nodes AS n ON n.id = o.node_id
        JOIN users AS u ON u.id = o.user_id
      WHERE o.user_id = ${userId} AND o.seen_at > ${ONLINE_SINCE} AND ${NODE_SERVES_MEMBER}
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
