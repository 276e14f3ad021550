/**
 * The console's dashboard (issue 21, item 4; docs/console.md), read straight from the ledgers:
 * revenue is money received (payments by when they arrived), refunds are payments refunded, members
 * are memberships running now, traffic is what the nodes reported. Each figure is one aggregate
 * query; the series are one query each over `generate_series` of UTC days.
 */
import { sql } from 'drizzle-orm';
import type { DashboardDay, DashboardFigures } from '../../../contract/endpoints/console-dashboard';
import { NODE_AGENT, NODE_ONLINE_WITHIN_SECONDS } from '../../../contract/nodes';
import { rowsOf, type Db } from '../../db/database';

type Currency = 'CNY' | 'USD';
type PerCurrency = Record<Currency, number>;

const DAY_MS = 86_400_000;

const monthStart = (at: Date, monthsBack = 0) =>
  new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() - monthsBack, 1));
const dayStart = (at: Date) =>
  new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));

async function one<T>(db: Db, query: ReturnType<typeof sql>): Promise<T> {
  return rowsOf<T>(await db.execute(query))[0]!;
}

/** Sums of `amount` per currency of the payments whose `column` falls in [from, to). */
async function paymentSums(
  db: Db,
  column: 'received_at' | 'refunded_at',
  from: Date,
  to: Date,
): Promise<PerCurrency> {
  const rows = rowsOf<{ currency: string; total: string | number }>(
    await db.execute(sql`
      SELECT currency, sum(amount) AS total FROM payments
      WHERE ${sql.raw(column)} >= ${from} AND ${sql.raw(column)} < ${to}
      GROUP BY currency`),
  );
  const sums: PerCurrency = { CNY: 0, USD: 0 };
  for (const row of rows)
    if (row.currency in sums) sums[row.currency as Currency] = Number(row.total);
  return sums;
}

const change = (now: number, base: number) =>
  base === 0 ? null : Math.round(((now - base) / base) * 1000) / 10;

/** Revenue (with the change), refunds and payouts due: the figures only `dashboard.money` reads. */
async function moneyFigures(
  db: Db,
  now: Date,
): Promise<Required<Pick<DashboardFigures, 'revenue' | 'refunds' | 'payoutsDue'>>> {
  const today = dayStart(now);
  const thisMonth = monthStart(now);
  const lastMonth = monthStart(now, 1);
  // Last month up to the same point: the base of "the change" so a month in progress is fair.
  const lastMonthSoFar = new Date(
    Math.min(lastMonth.getTime() + (now.getTime() - thisMonth.getTime()), thisMonth.getTime()),
  );
  const tomorrow = new Date(today.getTime() + DAY_MS);
  const [revenueToday, revenueMonth, revenueLastMonth, revenueLastSoFar, refunds, payouts] =
    await Promise.all([
      paymentSums(db, 'received_at', today, tomorrow),
      paymentSums(db, 'received_at', thisMonth, tomorrow),
      paymentSums(db, 'received_at', lastMonth, thisMonth),
      paymentSums(db, 'received_at', lastMonth, lastMonthSoFar),
      paymentSums(db, 'refunded_at', thisMonth, tomorrow),
      one<{ count: string | number; cents: string | number }>(
        db,
        sql`SELECT count(*) AS count, coalesce(sum(amount_cents), 0) AS cents
          FROM kol_settlements WHERE status = 'processing'`,
      ),
    ]);
  return {
    revenue: {
      today: revenueToday,
      thisMonth: revenueMonth,
      lastMonth: revenueLastMonth,
      changePercent: {
        CNY: change(revenueMonth.CNY, revenueLastSoFar.CNY),
        USD: change(revenueMonth.USD, revenueLastSoFar.USD),
      },
    },
    refunds: { thisMonth: refunds },
    payoutsDue: { count: Number(payouts.count), cents: Number(payouts.cents) },
  };
}

/**
 * The dashboard's figures at `now`; the money ones (revenue, refunds, payouts due) only when
 * `money` (the staff member holds `dashboard.money`): otherwise they are not read at all.
 */
export async function dashboardFigures(
  db: Db,
  now: Date,
  { money }: { money: boolean },
): Promise<DashboardFigures> {
  const today = dayStart(now);
  const thisMonth = monthStart(now);
  const lastMonth = monthStart(now, 1);
  const counts = await one<Record<string, string | number>>(
    db,
    sql`SELECT
      (SELECT count(*) FROM users WHERE created_at >= ${today}) AS reg_today,
      (SELECT count(*) FROM users WHERE created_at >= ${thisMonth}) AS reg_month,
      (SELECT count(*) FROM users WHERE created_at >= ${lastMonth} AND created_at < ${thisMonth}) AS reg_last,
      (SELECT count(*) FROM users u WHERE u.deleted_at IS NULL AND u.plan_type IS NOT NULL
        AND u.expire_time > ${now}) AS active,
      (SELECT count(*) FROM users u WHERE u.deleted_at IS NULL AND u.plan_type IS NOT NULL
        AND u.expire_time > ${now}
        AND EXISTS (SELECT 1 FROM orders o WHERE o.user_id = u.id AND o.status = 'paid')) AS paying,
      (SELECT count(*) FROM node_online_ips
        WHERE seen_at > ${new Date(now.getTime() - NODE_AGENT.onlineIpTtlSeconds * 1000)}) AS online,
      (SELECT coalesce(sum(upload + download), 0) FROM node_traffic
        WHERE period = ${thisMonth.toISOString().slice(0, 10)}::date) AS traffic,
      (SELECT count(*) FROM vpn_nodes WHERE enabled) AS nodes,
      (SELECT count(*) FROM vpn_nodes WHERE enabled
        AND last_pull_at > ${new Date(now.getTime() - NODE_ONLINE_WITHIN_SECONDS * 1000)}) AS nodes_online,
      (SELECT count(*) FROM payment_flags WHERE resolved_at IS NULL) AS flags`,
  );
  const n = (key: string) => Number(counts[key] ?? 0);
  return {
    at: now.toISOString(),
    ...(money ? await moneyFigures(db, now) : {}),
    registrations: { today: n('reg_today'), thisMonth: n('reg_month'), lastMonth: n('reg_last') },
    activeMembers: n('active'),
    payingMembers: n('paying'),
    onlineDevices: n('online'),
    trafficThisMonth: n('traffic'),
    nodes: { enabled: n('nodes'), online: n('nodes_online') },
    openPaymentFlags: n('flags'),
  };
}

/**
 * One row per UTC day of the last `days` days, oldest first; its revenue only when `money`. Active members at the end of a day
 * come from the membership ledger: the expiry the member's last grant of that day or before left.
 * A member with no ledger row at all (time set before the ledger existed, an import, the demo
 * seed) counts with their current expiry from their registration on, so the series' last point
 * and the figure "active members" agree.
 */
export async function dashboardSeries(
  db: Db,
  now: Date,
  days: number,
  { money }: { money: boolean },
): Promise<DashboardDay[]> {
  const last = dayStart(now);
  const first = new Date(last.getTime() - (days - 1) * DAY_MS);
  const rows = rowsOf<{
    day: string;
    cny: string | number;
    usd: string | number;
    registrations: string | number;
    active: string | number;
    traffic: string | number;
  }>(
    await db.execute(sql`
      WITH days AS (
        SELECT d::date AS day, d + interval '1 day' AS day_end
        FROM generate_series(${first}::timestamptz AT TIME ZONE 'UTC',
          ${last}::timestamptz AT TIME ZONE 'UTC', interval '1 day') AS d
      )
      SELECT to_char(days.day, 'YYYY-MM-DD') AS day,
        ${
          money
            ? sql`(SELECT coalesce(sum(amount), 0) FROM payments WHERE currency = 'CNY'
          AND (received_at AT TIME ZONE 'UTC')::date = days.day) AS cny,
        (SELECT coalesce(sum(amount), 0) FROM payments WHERE currency = 'USD'
          AND (received_at AT TIME ZONE 'UTC')::date = days.day) AS usd,`
            : sql``
        }
        (SELECT count(*) FROM users WHERE (created_at AT TIME ZONE 'UTC')::date = days.day)
          AS registrations,
        (SELECT count(*) FROM (
          SELECT DISTINCT ON (g.user_id) g.expire_after
          FROM membership_grants g
          WHERE g.created_at < (days.day_end AT TIME ZONE 'UTC')
          ORDER BY g.user_id, g.created_at DESC, g.id DESC) AS latest
          WHERE latest.expire_after > (days.day_end AT TIME ZONE 'UTC'))
        + (SELECT count(*) FROM users u
          WHERE u.deleted_at IS NULL
            AND u.created_at < (days.day_end AT TIME ZONE 'UTC')
            AND u.expire_time > (days.day_end AT TIME ZONE 'UTC')
            AND NOT EXISTS (SELECT 1 FROM membership_grants g WHERE g.user_id = u.id)) AS active,
        (SELECT coalesce(sum(upload + download), 0) FROM node_traffic_daily t
          WHERE t.day = days.day) AS traffic
      FROM days ORDER BY days.day`),
  );
  return rows.map((r) => ({
    date: r.day,
    ...(money ? { revenue: { CNY: Number(r.cny), USD: Number(r.usd) } } : {}),
    registrations: Number(r.registrations),
    activeMembers: Number(r.active),
    trafficBytes: Number(r.traffic),
  }));
}
