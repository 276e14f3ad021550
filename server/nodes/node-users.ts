/**
 * Who may use a node, read on every pull from the membership columns the store writes (no copy of
 * its own): live accounts whose `expire_time` is in the future and whose `plan_type` is one of the
 * node's `plan_types`. An expiry, a refund (which moves `expire_time` back), a deletion or a
 * disabled account therefore leaves the list at the node's next pull. Each listed user carries the
 * node credential (`users.node_uuid`), `speed_limit` in Mbps (10 while the third-party client
 * function is on, null = unlimited) and `device_limit` (the plan's devices at once).
 */
import { sql, type SQL } from 'drizzle-orm';
import { FREE_DEVICE_LIMIT } from '../../contract/membership';
import { rowsOf, type Db } from '../db/database';

/** One entry of UniProxy `user`: the JSON names V2bX's `UserInfo` and XrayR's `user` read. */
export interface NodeUser {
  readonly id: number;
  readonly uuid: string;
  readonly speed_limit: number | null;
  readonly device_limit: number;
}

/** The member `u` (a `users` row of the caller's query) has a live membership. */
const LIVE_MEMBER = sql`u.deleted_at IS NULL AND NOT u.disabled AND u.expire_time > now()`;

/**
 * Node `n` serves member `u` (both rows of the caller's query): the node is enabled (a disabled
 * node is told to serve nobody), the membership is live and its plan is one of the node's. The one
 * rule behind the user list, the alive list, and which reports a node may make (docs/nodes.md
 * "What a node may report").
 */
export const NODE_SERVES_MEMBER = sql`n.enabled AND ${LIVE_MEMBER} AND u.plan_type = ANY (n.plan_types)`;

/**
 * The users a node serves, as a join condition on `users AS u` (the caller's query), so the list,
 * the alive list and the operator's view share one definition.
 */
export function servedBy(nodeId: number): SQL {
  return sql`EXISTS (SELECT 1 FROM vpn_nodes AS n WHERE n.id = ${nodeId} AND ${NODE_SERVES_MEMBER})`;
}

/** The devices at once a node allows member `u`: `device_limit` of the user list. */
export const MEMBER_DEVICE_LIMIT = sql`coalesce(u.device_limit, ${FREE_DEVICE_LIMIT})::int`;

export async function listNodeUsers(db: Db, nodeId: number): Promise<NodeUser[]> {
  const rows = rowsOf<{
    id: number;
    uuid: string;
    speed_limit: number | null;
    device_limit: number;
  }>(
    await db.execute(sql`
      SELECT u.id, u.node_uuid::text AS uuid, c.speed_limit_mbps AS speed_limit,
        ${MEMBER_DEVICE_LIMIT} AS device_limit
      FROM users AS u
      LEFT JOIN third_party_clients AS c ON c.user_id = u.id AND c.enabled
      WHERE ${servedBy(nodeId)}
      ORDER BY u.id`),
  );
  return rows.map((r) => ({
    id: r.id,
    uuid: r.uuid,
    speed_limit: r.speed_limit === null ? null : Number(r.speed_limit),
    device_limit: Number(r.device_limit),
  }));
}
