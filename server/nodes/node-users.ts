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

/**
 * The users a node serves, as a join condition on `users AS u` (the caller's query), so the list,
 * the alive list and the operator's view share one definition.
 */
export function servedBy(nodeId: number): SQL {
  return sql`u.deleted_at IS NULL AND NOT u.disabled AND u.expire_time > now()
    AND u.plan_type = ANY (SELECT unnest(n.plan_types) FROM vpn_nodes AS n WHERE n.id = ${nodeId})`;
}

export async function listNodeUsers(db: Db, nodeId: number): Promise<NodeUser[]> {
  const rows = rowsOf<{
    id: number;
    uuid: string;
    speed_limit: number | null;
    device_limit: number;
  }>(
    await db.execute(sql`
      SELECT u.id, u.node_uuid::text AS uuid, c.speed_limit_mbps AS speed_limit,
        coalesce(u.device_limit, ${FREE_DEVICE_LIMIT})::int AS device_limit
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
