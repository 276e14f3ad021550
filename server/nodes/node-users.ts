/**
 * Who may use a node, read from the membership columns the store writes (no copy of its own; the
 * node directory keeps the list it built until they change, node-directory.ts): live accounts whose
 * `expire_time` is in the future and whose `plan_type` is one of the node's `plan_types`. An
 * expiry, a refund (which moves `expire_time` back), a deletion or a disabled account therefore
 * leaves the list at the node's next pull. Each listed user carries the node credential
 * (`users.node_uuid`), `speed_limit` in Mbps (10 while the third-party client function is on,
 * null = unlimited) and `device_limit` (the plan's devices at once).
 */
import { sql, type SQL } from 'drizzle-orm';
import { FREE_DEVICE_LIMIT } from '../../contract/membership';
import { rowsOf, type Db } from '../db/database';

/** The member `u` (a `users` row of the caller's query) has a live membership. */
export const LIVE_MEMBER = sql`u.deleted_at IS NULL AND NOT u.disabled AND u.expire_time > now()`;

/**
 * Node `n` serves member `u` (both rows of the caller's query): the node is enabled (a disabled
 * node is told to serve nobody), the membership is live and its plan is one of the node's. The one
 * rule behind the user list, the alive list, and which reports a node may make (docs/nodes.md
 * "What a node may report").
 */
export const NODE_SERVES_MEMBER = sql`n.enabled AND ${LIVE_MEMBER} AND u.plan_type = ANY (n.plan_types)`;

/**
 * Member `u` (a `users` row of the caller's query) is served by an enabled node carrying
 * `planTypes`: NODE_SERVES_MEMBER for every such node at once, so nodes with the same plans share
 * one user list and one alive list.
 */
export function servedByPlans(planTypes: readonly number[]): SQL {
  return sql`${LIVE_MEMBER} AND u.plan_type = ANY (${`{${planTypes.join(',')}}`}::smallint[])`;
}

/** The devices at once a node allows member `u`: `device_limit` of the user list. */
export const MEMBER_DEVICE_LIMIT = sql`coalesce(u.device_limit, ${FREE_DEVICE_LIMIT})::int`;

/**
 * Joins a report's entry `v` (a row with `user_id`) to its member `u` and node `n` when that node
 * serves the member; entries for anyone else drop out. The member is read by one primary-key probe
 * per entry whatever the statistics say: the fenced subquery (`OFFSET 0`) holds only the id, so the
 * planner cannot use another index or flatten the probe into a join over every member for every
 * entry. It did both with a `users` table not analysed yet (after it grew by 40,000 members a
 * 50,000-entry push passed the 15 s statement timeout; 1,000 entries took 95 ms where they take 3).
 */
export function servedEntry(nodeId: number): SQL {
  return sql`CROSS JOIN LATERAL (
      SELECT u.deleted_at, u.disabled, u.expire_time, u.plan_type, u.device_limit
      FROM users AS u WHERE u.id = v.user_id OFFSET 0) AS u
    JOIN vpn_nodes AS n ON n.id = ${nodeId} AND ${NODE_SERVES_MEMBER}`;
}

/**
 * The user list of a node carrying `planTypes` (UniProxy `user`'s `users` array, as JSON text the
 * database writes in id order: `{"id":1,"uuid":"…","speed_limit":null,"device_limit":3}`, the names
 * V2bX's `UserInfo` and XrayR's `user` read) and the earliest expiry it lists (epoch ms;
 * null when empty), past which the list is no longer true. For an enabled node: a disabled one
 * serves nobody. The rule is NODE_SERVES_MEMBER's.
 */
export async function userListJsonOf(
  db: Db,
  planTypes: readonly number[],
): Promise<{ json: string; earliestExpiry: number | null }> {
  const [row] = rowsOf<{ json: string; earliest_expiry: number | null }>(
    await db.execute(sql`
      SELECT '[' || coalesce(string_agg(row_to_json(entry)::text, ',' ORDER BY u.id), '') || ']' AS json,
        (extract(epoch FROM min(u.expire_time)) * 1000)::float8 AS earliest_expiry
      FROM users AS u
      LEFT JOIN third_party_clients AS c ON c.user_id = u.id AND c.enabled
      CROSS JOIN LATERAL (SELECT u.id, u.node_uuid::text AS uuid, c.speed_limit_mbps AS speed_limit,
        ${MEMBER_DEVICE_LIMIT} AS device_limit) AS entry
      WHERE ${servedByPlans(planTypes)}`),
  );
  return {
    json: row!.json,
    earliestExpiry: row!.earliest_expiry === null ? null : Number(row!.earliest_expiry),
  };
}
