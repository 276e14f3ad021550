/**
 * The ledger's balance, in SQL: for every KOL, everything booked minus what was voided equals what
 * settlements took plus what is available plus what is pending plus what is held for review; every settlement's amount and count
 * equal the commissions it holds; no order has two commissions. Used by the operator's
 * `kol ledger-check` and by the race tests after each test. docs/kol.md.
 */
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/database';

export interface KolBalance {
  kolId: number;
  booked: number;
  voided: number;
  settled: number;
  available: number;
  pending: number;
  held: number;
  settlementsTotal: number;
}

export interface LedgerReport {
  readonly balanced: boolean;
  readonly kols: readonly KolBalance[];
  /** Settlements whose amount or count differ from their commissions (must be empty). */
  readonly badSettlements: readonly number[];
  /** Orders with more than one commission (must be empty). */
  readonly doubleBooked: readonly number[];
  readonly lines: readonly string[];
}

export async function checkKolLedger(db: Db): Promise<LedgerReport> {
  const kols = rowsOf<Record<keyof KolBalance, string | number>>(
    await db.execute(sql`
      SELECT k.kol_id AS "kolId",
        coalesce(sum(c.commission_cents), 0) AS booked,
        coalesce(sum(c.commission_cents) FILTER (WHERE c.status = 'voided'), 0) AS voided,
        coalesce(sum(c.commission_cents) FILTER (WHERE c.status = 'settled'), 0) AS settled,
        coalesce(sum(c.commission_cents) FILTER (WHERE c.status = 'available'), 0) AS available,
        coalesce(sum(c.commission_cents) FILTER (WHERE c.status = 'pending'), 0) AS pending,
        coalesce(sum(c.commission_cents) FILTER (WHERE c.status = 'held'), 0) AS held,
        (SELECT coalesce(sum(s.amount_cents), 0) FROM kol_settlements s WHERE s.kol_id = k.kol_id)
          AS "settlementsTotal"
      FROM (SELECT DISTINCT kol_id FROM kol_commissions
            UNION SELECT DISTINCT kol_id FROM kol_settlements) k
      LEFT JOIN kol_commissions c ON c.kol_id = k.kol_id
      GROUP BY k.kol_id ORDER BY k.kol_id`),
  ).map((r) => ({
    kolId: Number(r.kolId),
    booked: Number(r.booked),
    voided: Number(r.voided),
    settled: Number(r.settled),
    available: Number(r.available),
    pending: Number(r.pending),
    held: Number(r.held),
    settlementsTotal: Number(r.settlementsTotal),
  }));
  const badSettlements = rowsOf<{ id: string | number }>(
    await db.execute(sql`
      SELECT s.id FROM kol_settlements s
      LEFT JOIN kol_commissions c ON c.settlement_id = s.id
      GROUP BY s.id, s.amount_cents, s.commission_count
      HAVING coalesce(sum(c.commission_cents), 0) <> s.amount_cents
          OR count(c.id) <> s.commission_count
          OR bool_or(c.kol_id <> s.kol_id)`),
  ).map((r) => Number(r.id));
  const doubleBooked = rowsOf<{ order_id: string | number }>(
    await db.execute(sql`
      SELECT order_id FROM kol_commissions WHERE kind = 'commission'
      GROUP BY order_id HAVING count(*) > 1`),
  ).map((r) => Number(r.order_id));

  const lines = ['kol  booked-voided  =  settlements + available + pending + held'];
  let balanced = badSettlements.length === 0 && doubleBooked.length === 0;
  for (const k of kols) {
    const ok =
      k.booked - k.voided === k.settlementsTotal + k.available + k.pending + k.held &&
      k.settled === k.settlementsTotal;
    balanced &&= ok;
    lines.push(
      `${k.kolId}  ${k.booked} - ${k.voided}  ${ok ? '=' : '≠'}  ${k.settlementsTotal} + ${k.available} + ${k.pending} + ${k.held}  (cents)`,
    );
  }
  if (badSettlements.length > 0)
    lines.push(`settlements not matching their rows: ${badSettlements.join(', ')}`);
  if (doubleBooked.length > 0)
    lines.push(`orders with two commissions: ${doubleBooked.join(', ')}`);
  lines.push(balanced ? 'balanced' : 'NOT BALANCED');
  return { balanced, kols, badSettlements, doubleBooked, lines };
}
