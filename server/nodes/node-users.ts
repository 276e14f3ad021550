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

/** The members of one plan that a node carrying it lists. */
export interface PlanMembers {
  /**
   * Their entries of UniProxy `user`'s `users` array, as JSON text the database writes in id order,
   * comma-separated without the brackets: `{"id":1,"uuid":"…","speed_limit":null,"device_limit":3}`,
   * the names V2bX's `UserInfo` and XrayR's `user` read.
   */
  readonly json: string;
  /** Epoch ms of the earliest expiry among them, past which the entries are no longer true. */
  readonly earliestExpiry: number;
}

/**
 * Every live member by plan, for the user lists of all nodes at once (node-directory.ts joins the
 * plans a node carries; a plan nobody holds is absent). The rule is NODE_SERVES_MEMBER's, for an
 * enabled node: a disabled one serves nobody. One pass over the members, whatever the number of
 * plan sets the fleet's nodes carry; the entries are written by concatenation, which costs the
 * database a third less than `row_to_json` and gives the same text.
 */
export async function membersByPlan(db: Db): Promise<Map<number, PlanMembers>> {
  const rows = rowsOf<{ plan_type: number; json: string; earliest_expiry: number }>(
    await db.execute(sql`
      SELECT u.plan_type,
        string_agg(concat('{"id":', u.id, ',"uuid":"', u.node_uuid, '","speed_limit":',
          coalesce(c.speed_limit_mbps::text, 'null'), ',"device_limit":', ${MEMBER_DEVICE_LIMIT}, '}'),
          ',' ORDER BY u.id) AS json,
        (extract(epoch FROM min(u.expire_time)) * 1000)::float8 AS earliest_expiry
      FROM users AS u
      LEFT JOIN third_party_clients AS c ON c.user_id = u.id AND c.enabled
      WHERE ${LIVE_MEMBER} AND u.plan_type IS NOT NULL
      GROUP BY u.plan_type`),
  );
  return new Map(
    rows.map((r) => [
      Number(r.plan_type),
      { json: r.json, earliestExpiry: Number(r.earliest_expiry) },
    ]),
  );
}
