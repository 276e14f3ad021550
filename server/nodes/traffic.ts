/**
 * Traffic accounting. A node's push (UniProxy `push`: `{ "<user id>": [upload, download] }`, bytes
 * since its previous push) is added in one transaction: one statement for every user of the push
 * (`INSERT ... ON CONFLICT DO UPDATE SET upload = upload + excluded.upload`), one for the node. The
 * additions happen in the database, so concurrent pushes never lose one another's bytes; users are
 * taken in id order, so two pushes naming the same users cannot deadlock. A push that names a
 * report id is counted once: the id is claimed in the same transaction, and a retry finds it taken.
 * Usage is kept per calendar month (UTC). docs/nodes.md.
 */
import { and, eq, sql } from 'drizzle-orm';
import { trafficPeriodEnd, trafficPeriodStart } from '../../contract/nodes';
import { rowsOf, type Db } from '../db/database';
import { userTraffic } from '../db/schema';

export interface TrafficEntry {
  readonly userId: number;
  readonly upload: number;
  readonly download: number;
}

/** Report ids are remembered this long; a retry later than that would be counted again. */
const REPORT_ID_RETENTION = sql`interval '7 days'`;

/** The current period's first day, computed by the database's clock (UTC sessions). */
const CURRENT_PERIOD = sql`date_trunc('month', now() AT TIME ZONE 'UTC')::date`;

export type PushOutcome = 'counted' | 'duplicate';

export async function recordTrafficPush(
  db: Db,
  nodeId: number,
  entries: readonly TrafficEntry[],
  reportId: string | undefined,
): Promise<PushOutcome> {
  const sorted = [...entries]
    .filter((e) => e.upload > 0 || e.download > 0)
    .sort((a, b) => a.userId - b.userId);
  const upload = sorted.reduce((sum, e) => sum + e.upload, 0);
  const download = sorted.reduce((sum, e) => sum + e.download, 0);
  return db.transaction(async (tx) => {
    if (reportId !== undefined) {
      const claimed = rowsOf(
        await tx.execute(sql`
          INSERT INTO node_traffic_reports (node_id, report_id) VALUES (${nodeId}, ${reportId})
          ON CONFLICT DO NOTHING RETURNING 1 AS claimed`),
      );
      if (claimed.length === 0) return 'duplicate';
      await tx.execute(sql`DELETE FROM node_traffic_reports
        WHERE node_id = ${nodeId} AND created_at < now() - ${REPORT_ID_RETENTION}`);
    }
    if (sorted.length > 0) {
      const rows = JSON.stringify(
        sorted.map((e) => ({ user_id: e.userId, upload: e.upload, download: e.download })),
      );
      // Only users that exist are charged: a push may still name an account deleted meanwhile.
      await tx.execute(sql`
        INSERT INTO user_traffic (user_id, period, upload, download)
        SELECT v.user_id, ${CURRENT_PERIOD}, v.upload, v.download
        FROM jsonb_to_recordset(${rows}::jsonb) AS v (user_id integer, upload bigint, download bigint)
        WHERE EXISTS (SELECT 1 FROM users AS u WHERE u.id = v.user_id)
        ORDER BY v.user_id
        ON CONFLICT (user_id, period) DO UPDATE SET
          upload = user_traffic.upload + excluded.upload,
          download = user_traffic.download + excluded.download,
          updated_at = now()`);
      await tx.execute(sql`
        INSERT INTO node_traffic (node_id, period, upload, download)
        VALUES (${nodeId}, ${CURRENT_PERIOD}, ${upload}, ${download})
        ON CONFLICT (node_id, period) DO UPDATE SET
          upload = node_traffic.upload + excluded.upload,
          download = node_traffic.download + excluded.download,
          updated_at = now()`);
    }
    await tx.execute(sql`UPDATE vpn_nodes SET last_push_at = now() WHERE id = ${nodeId}`);
    return 'counted';
  });
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
