/**
 * What an operator does with nodes (`admin nodes ...`, and the dev route that e2e uses): add one with
 * its protocol settings and a token shown once, replace its token, and see its last contact, online
 * users and traffic. docs/nodes.md.
 */
import { randomBytes } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/database';
import { vpnNodes } from '../db/schema';
import { makeNodeToken, type NodeRow } from './node-credentials';
import { ss2022KeyBytes } from './node-protocols';
import { ONLINE_SINCE } from './online-ips';

/**
 * A node as the operator describes it: `sni` is the TLS server name of vless and trojan (null: the
 * host), `method` the shadowsocks cipher (null for the others), `planTypes` the plans it serves.
 */
export type NodeSpec = Pick<
  NodeRow,
  'name' | 'protocol' | 'host' | 'port' | 'sni' | 'method' | 'planTypes' | 'sort'
>;

/** Adds an enabled node; returns its id and its token, which is never shown again. */
export async function createNode(db: Db, spec: NodeSpec): Promise<{ id: number; token: string }> {
  const { token, tokenHash } = makeNodeToken();
  const keyBytes = ss2022KeyBytes(spec.method);
  const [row] = await db
    .insert(vpnNodes)
    .values({
      name: spec.name,
      protocol: spec.protocol,
      host: spec.host,
      port: spec.port,
      sni: spec.protocol === 'ss' ? null : (spec.sni ?? spec.host),
      method: spec.protocol === 'ss' ? spec.method : null,
      serverKey: keyBytes ? randomBytes(keyBytes).toString('base64') : null,
      planTypes: spec.planTypes,
      sort: spec.sort,
      tokenHash,
    })
    .returning({ id: vpnNodes.id });
  return { id: row!.id, token };
}

/** A new token for the node; the old one stops working at once. Undefined for an unknown id. */
export async function rotateNodeToken(db: Db, id: number): Promise<string | undefined> {
  const { token, tokenHash } = makeNodeToken();
  const updated = await db
    .update(vpnNodes)
    .set({ tokenHash })
    .where(eq(vpnNodes.id, id))
    .returning({ id: vpnNodes.id });
  return updated.length > 0 ? token : undefined;
}

export interface NodeOverview {
  readonly node: NodeRow;
  /** Distinct online users and IPs the node reported within the online window. */
  readonly onlineUsers: number;
  readonly onlineIps: number;
  /** Bytes this month. */
  readonly upload: number;
  readonly download: number;
}

/**
 * Every node (or the one `nodeId` names) with its contact times, who is online on it and its
 * traffic this month.
 */
export async function nodeOverviews(db: Db, nodeId?: number): Promise<NodeOverview[]> {
  const nodes = await db
    .select()
    .from(vpnNodes)
    .where(nodeId === undefined ? undefined : eq(vpnNodes.id, nodeId))
    .orderBy(asc(vpnNodes.sort), asc(vpnNodes.id));
  const stats = rowsOf<{
    id: number;
    online_users: number;
    online_ips: number;
    upload: number | string | null;
    download: number | string | null;
  }>(
    await db.execute(sql`
      SELECT n.id,
        (SELECT count(DISTINCT o.user_id) FROM node_online_ips AS o
          WHERE o.node_id = n.id AND o.seen_at > ${ONLINE_SINCE})::int AS online_users,
        (SELECT count(*) FROM node_online_ips AS o
          WHERE o.node_id = n.id AND o.seen_at > ${ONLINE_SINCE})::int AS online_ips,
        t.upload, t.download
      FROM vpn_nodes AS n
      LEFT JOIN node_traffic AS t
        ON t.node_id = n.id AND t.period = date_trunc('month', now() AT TIME ZONE 'UTC')::date
      ${nodeId === undefined ? sql`` : sql`WHERE n.id = ${nodeId}`}`),
  );
  const byId = new Map(stats.map((s) => [Number(s.id), s]));
  return nodes.map((node) => {
    const s = byId.get(node.id);
    return {
      node,
      onlineUsers: Number(s?.online_users ?? 0),
      onlineIps: Number(s?.online_ips ?? 0),
      upload: Number(s?.upload ?? 0),
      download: Number(s?.download ?? 0),
    };
  });
}

/** The users online on one node right now: id and their IPs there. */
export async function onlineUsersOn(
  db: Db,
  nodeId: number,
): Promise<{ userId: number; ips: string[]; lastSeenAt: Date }[]> {
  const rows = rowsOf<{ user_id: number; ips: string[]; last_seen_at: Date | string }>(
    await db.execute(sql`
      SELECT user_id, array_agg(ip ORDER BY ip) AS ips, max(seen_at) AS last_seen_at
      FROM node_online_ips
      WHERE node_id = ${nodeId}
        AND seen_at > ${ONLINE_SINCE}
      GROUP BY user_id ORDER BY user_id`),
  );
  return rows.map((r) => ({
    userId: Number(r.user_id),
    ips: r.ips,
    lastSeenAt: new Date(r.last_seen_at),
  }));
}
