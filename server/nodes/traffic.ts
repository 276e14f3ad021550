/**
 * Traffic accounting. A node's push (UniProxy `push`: `{ "<user id>": [upload, download] }`, bytes
 * since its previous push, already bounded by node-reports.ts) is added by one statement: every member
 * of the push that the node serves right now (the rule of its user list; the others are counted as
 * skipped and not stored) gains `INSERT ... ON CONFLICT DO UPDATE SET upload = least(upload +
 * excluded.upload, ceiling)`, and the node's own totals gain what was stored. The additions happen in
 * the database, in numeric, saturating at COUNTER_CEILING, so concurrent pushes never lose one
 * another's bytes and no push can overflow a counter; members are taken in id order, so two pushes
 * naming the same members cannot deadlock. A push that names a report id is counted once: the id is
 * claimed in the same statement, and a retry finds it taken.
 * Usage is kept per calendar month (UTC). docs/nodes.md.
 */
import { and, eq, sql } from 'drizzle-orm';
import { trafficPeriodEnd, trafficPeriodStart } from '../../contract/nodes';
import { rowsOf, type Db } from '../db/database';
import { userTraffic } from '../db/schema';
import { COUNTER_CEILING, type TrafficEntry } from './node-reports';
import { servedEntry } from './node-users';

export type { TrafficEntry } from './node-reports';

/** Report ids are remembered this long; a retry later than that would be counted again. */
const REPORT_ID_RETENTION = sql`interval '7 days'`;

/** The current period's first day, computed by the database's clock (UTC sessions). */
const CURRENT_PERIOD = sql`date_trunc('month', now() AT TIME ZONE 'UTC')::date`;

/** `counter + added`, computed in numeric and kept at or below the ceiling. */
const saturated = (counter: string, added: string) =>
  sql.raw(`least(${counter}::numeric + ${added}, ${COUNTER_CEILING})::bigint`);

export interface PushOutcome {
  readonly outcome: 'counted' | 'duplicate';
  /** Entries naming a member the node does not serve right now: not stored. */
  readonly notServed: number;
}

export async function recordTrafficPush(
  db: Db,
  nodeId: number,
  entries: readonly TrafficEntry[],
  reportId: string | undefined,
): Promise<PushOutcome> {
  const rows = JSON.stringify(
    entries.map((e) => ({ user_id: e.userId, upload: e.upload, download: e.download })),
  );
  // The report id is claimed first (a retry finds it taken and charges nothing); old ids are pruned.
  const claim =
    reportId === undefined
      ? sql`SELECT 1`
      : sql`INSERT INTO node_traffic_reports (node_id, report_id) VALUES (${nodeId}, ${reportId})
          ON CONFLICT DO NOTHING RETURNING 1`;
  const node = (total: string) => sql.raw(`least(t.${total}, ${COUNTER_CEILING})::bigint`);
  // One statement, so one round trip and its own transaction: only members the node serves are
  // charged (which also leaves out accounts deleted meanwhile), then the node's month and its UTC
  // day (the console's chart) gain what was stored, and the node's contact is noted.
  const [result] = rowsOf<{ claimed: boolean; served: number }>(
    await db.execute(sql`
      WITH pruned AS (
        DELETE FROM node_traffic_reports
        WHERE ${reportId !== undefined} AND node_id = ${nodeId}
          AND created_at < now() - ${REPORT_ID_RETENTION}
      ), claimed AS (${claim}), served AS (
        SELECT v.user_id, v.upload, v.download
        FROM jsonb_to_recordset(${rows}::jsonb) AS v (user_id integer, upload bigint, download bigint)
        ${servedEntry(nodeId)}
        WHERE EXISTS (SELECT 1 FROM claimed)
      ), charged AS (
        INSERT INTO user_traffic (user_id, period, upload, download)
        SELECT user_id, ${CURRENT_PERIOD}, upload, download FROM served
        WHERE upload > 0 OR download > 0
        ORDER BY user_id
        ON CONFLICT (user_id, period) DO UPDATE SET
          upload = ${saturated('user_traffic.upload', 'excluded.upload')},
          download = ${saturated('user_traffic.download', 'excluded.download')},
          updated_at = now()
      ), totals AS (
        SELECT count(*)::int AS served, coalesce(sum(upload::numeric), 0) AS upload,
          coalesce(sum(download::numeric), 0) AS download
        FROM served
      ), contact AS (
        UPDATE vpn_nodes SET last_push_at = now()
        WHERE id = ${nodeId} AND EXISTS (SELECT 1 FROM claimed)
      ), daily AS (
        INSERT INTO node_traffic_daily (node_id, day, upload, download)
        SELECT ${nodeId}, (now() AT TIME ZONE 'UTC')::date, ${node('upload')}, ${node('download')}
        FROM totals AS t WHERE t.upload + t.download > 0
        ON CONFLICT (node_id, day) DO UPDATE SET
          upload = ${saturated('node_traffic_daily.upload', 'excluded.upload')},
          download = ${saturated('node_traffic_daily.download', 'excluded.download')}
      ), monthly AS (
        INSERT INTO node_traffic (node_id, period, upload, download)
        SELECT ${nodeId}, ${CURRENT_PERIOD}, ${node('upload')}, ${node('download')}
        FROM totals AS t WHERE t.upload + t.download > 0
        ON CONFLICT (node_id, period) DO UPDATE SET
          upload = ${saturated('node_traffic.upload', 'excluded.upload')},
          download = ${saturated('node_traffic.download', 'excluded.download')},
          updated_at = now()
      )
      SELECT EXISTS (SELECT 1 FROM claimed) AS claimed, (SELECT served FROM totals) AS served`),
  );
  if (!result!.claimed) return { outcome: 'duplicate', notServed: 0 };
  return { outcome: 'counted', notServed: entries.length - Number(result!.served) };
}

export interface PeriodUsage {
  readonly periodStart: Date;
  readonly periodEnd: Date;
  readonly upload: number;
  readonly download: number;
}

/** A user's bytes in the current period (zero before the first push of the month). */
export async function usageOf(db: Db, userId: number, now = new Date()): Promise<PeriodUsage> {
  const start = trafficPeriodStart(now);
  const [row] = await db
    .select({ upload: userTraffic.upload, download: userTraffic.download })
    .from(userTraffic)
    .where(
      and(eq(userTraffic.userId, userId), eq(userTraffic.period, start.toISOString().slice(0, 10))),
    );
  return {
    periodStart: start,
    periodEnd: trafficPeriodEnd(now),
    upload: Number(row?.upload ?? 0),
    download: Number(row?.download ?? 0),
  };
}
