/**
 * What the console and the CLI (`admin nodes list | show`) read about nodes (issue 21, item 8;
 * docs/console.md): each node's settings and health, and one node's record with its agent's last
 * status report, who is online on it and its traffic per UTC day over the last 30 days (the
 * `node_traffic_daily` counter, migration 0015). A node's token never leaves here: only whether
 * one is set.
 */
import { and, asc, eq, gte } from 'drizzle-orm';
import type {
  ConsoleNode,
  NodeHealth,
  NodeRecord,
} from '../../../contract/endpoints/console-nodes';
import { NODE_SERIES_DAYS } from '../../../contract/endpoints/console-nodes';
import { NODE_ONLINE_WITHIN_SECONDS } from '../../../contract/nodes';
import type { Db } from '../../db/database';
import { nodeTrafficDaily } from '../../db/schema';
import { nodeOverviews, onlineUsersOn, type NodeOverview } from '../../nodes/manage-nodes';
import { NODE_TYPE_OF } from '../../nodes/node-protocols';
import { fail } from '../../protocol/api-error';

const DAY_MS = 86_400_000;

/** The latest of a node's pull, push and status report; null when its agent never called. */
export function lastContactOf(node: NodeOverview['node']): Date | null {
  const times = [node.lastPullAt, node.lastPushAt, node.statusAt].filter(
    (t): t is Date => t !== null,
  );
  return times.length > 0 ? new Date(Math.max(...times.map(Number))) : null;
}

/** Online: pulled within three cycles (as the dashboard counts); disabled wins over the rest. */
export function healthOf(node: NodeOverview['node'], now: Date): NodeHealth {
  if (!node.enabled) return 'disabled';
  const contact = lastContactOf(node);
  if (contact === null) return 'never';
  const pulled = node.lastPullAt?.getTime() ?? -Infinity;
  return now.getTime() - pulled <= NODE_ONLINE_WITHIN_SECONDS * 1000 ? 'online' : 'offline';
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

function consoleNodeOf(overview: NodeOverview, now: Date): ConsoleNode {
  const { node } = overview;
  return {
    id: node.id,
    name: node.name,
    protocol: node.protocol,
    nodeType: NODE_TYPE_OF[node.protocol],
    host: node.host,
    port: node.port,
    sni: node.sni,
    method: node.method,
    planTypes: node.planTypes,
    sort: node.sort,
    enabled: node.enabled,
    hasToken: node.tokenHash !== null,
    createdAt: node.createdAt.toISOString(),
    health: healthOf(node, now),
    lastPullAt: iso(node.lastPullAt),
    lastPushAt: iso(node.lastPushAt),
    statusAt: iso(node.statusAt),
    lastContactAt: iso(lastContactOf(node)),
    onlineUsers: overview.onlineUsers,
    onlineIps: overview.onlineIps,
    upload: overview.upload,
    download: overview.download,
  };
}

/** Every node, in the subscriptions' order (sort, then id), with its health. */
export async function listNodes(db: Db, now: Date): Promise<ConsoleNode[]> {
  return (await nodeOverviews(db)).map((overview) => consoleNodeOf(overview, now));
}

/** One node with its health; undefined for an unknown id. */
export async function consoleNode(
  db: Db,
  nodeId: number,
  now: Date,
): Promise<ConsoleNode | undefined> {
  const [overview] = await nodeOverviews(db, nodeId);
  return overview && consoleNodeOf(overview, now);
}

/** The UTC days of the chart ending today, oldest first, as YYYY-MM-DD. */
export function seriesDays(now: Date, days = NODE_SERIES_DAYS): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: days }, (_, i) =>
    new Date(today - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10),
  );
}

/** One node's record; NODE_NOT_FOUND for an unknown id. */
export async function nodeRecord(db: Db, nodeId: number, now: Date): Promise<NodeRecord> {
  const [overview] = await nodeOverviews(db, nodeId);
  if (!overview) throw fail('NODE_NOT_FOUND');
  const days = seriesDays(now);
  const [rows, online] = await Promise.all([
    db
      .select()
      .from(nodeTrafficDaily)
      .where(and(eq(nodeTrafficDaily.nodeId, nodeId), gte(nodeTrafficDaily.day, days[0]!)))
      .orderBy(asc(nodeTrafficDaily.day)),
    onlineUsersOn(db, nodeId),
  ]);
  const byDay = new Map(rows.map((r) => [String(r.day).slice(0, 10), r]));
  const { status } = overview.node;
  return {
    node: consoleNodeOf(overview, now),
    status: status
      ? { cpu: status.cpu, mem: status.mem, swap: status.swap, disk: status.disk }
      : null,
    series: days.map((day) => ({
      day,
      upload: Number(byDay.get(day)?.upload ?? 0),
      download: Number(byDay.get(day)?.download ?? 0),
    })),
    online: online.map((u) => ({
      userId: u.userId,
      ips: u.ips,
      lastSeenAt: u.lastSeenAt.toISOString(),
    })),
  };
}
