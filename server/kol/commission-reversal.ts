/**
 * Taking a commission back: when its order is refunded (inside the refund transaction) or when an
 * operator voids it for fraud. Behind the KOL's account lock, the same one a settlement takes, so
 * exactly one of two things happens: a commission not yet settled is voided (it never reaches a
 * payout); a settled one gets a negative twin, a clawback, available at once and netted against the
 * next payout. The reason stays on the ledger row. docs/kol.md.
 */
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/database';
import { lockKolAccount } from './kol-accounts';

export type ReversalOutcome =
  | { readonly result: 'none' }
  | { readonly result: 'voided'; readonly commissionId: number; readonly kolId: number }
  | {
      readonly result: 'clawed-back';
      readonly commissionId: number;
      readonly clawbackId: number;
      readonly kolId: number;
    }
  /** Already voided or clawed back: nothing changed. */
  | { readonly result: 'already'; readonly commissionId: number; readonly kolId: number };

interface CommissionRow {
  id: number | string;
  kol_id: number;
  order_id: number | string;
  status: string;
}

async function commissionFor(
  tx: Db,
  where: { orderId: number } | { commissionId: number },
): Promise<CommissionRow | undefined> {
  const condition =
    'orderId' in where
      ? sql`order_id = ${where.orderId} AND kind = 'commission'`
      : sql`id = ${where.commissionId} AND kind = 'commission'`;
  return rowsOf<CommissionRow>(
    await tx.execute(
      sql`SELECT id, kol_id, order_id, status FROM kol_commissions WHERE ${condition}`,
    ),
  )[0];
}

export async function reverseKolCommission(
  tx: Db,
  target: { orderId: number } | { commissionId: number },
  reason: string,
  now: Date,
): Promise<ReversalOutcome> {
  const found = await commissionFor(tx, target);
  if (!found) return { result: 'none' };
  const kolId = found.kol_id;
  // Locks in a refund's order: the order row (a refund holds it already), then the KOL's account.
  await tx.execute(sql`SELECT id FROM orders WHERE id = ${found.order_id} FOR UPDATE`);
  await lockKolAccount(tx, kolId);
  // Read again behind the lock: a settlement that held it may have settled the row meanwhile.
  const [row] = rowsOf<CommissionRow>(
    await tx.execute(
      sql`SELECT id, kol_id, order_id, status FROM kol_commissions WHERE id = ${found.id} FOR UPDATE`,
    ),
  );
  const commissionId = Number(row!.id);
  // Held for review, pending or available: nothing went out, so it is simply voided.
  if (row!.status === 'held' || row!.status === 'pending' || row!.status === 'available') {
    await tx.execute(
      sql`UPDATE kol_commissions SET status = 'voided', void_reason = ${reason},
            voided_at = ${now.toISOString()} WHERE id = ${commissionId}`,
    );
    return { result: 'voided', commissionId, kolId };
  }
  if (row!.status === 'voided') return { result: 'already', commissionId, kolId };

  // Settled: the money went (or is going) out; the next payout carries the negative twin.
  const clawback = rowsOf<{ id: number | string }>(
    await tx.execute(sql`
      INSERT INTO kol_commissions (kol_id, invitee_id, order_id, kind, reverses_id, purchase_type,
        rate_percent, paid_amount, paid_currency, usd_rate_micros, paid_usd_cents, commission_cents,
        status, available_at, void_reason, created_at)
      SELECT kol_id, invitee_id, order_id, 'clawback', id, purchase_type, rate_percent, paid_amount,
        paid_currency, usd_rate_micros, paid_usd_cents, -commission_cents, 'available',
        ${now.toISOString()}, ${reason}, ${now.toISOString()}
      FROM kol_commissions WHERE id = ${commissionId} AND commission_cents > 0
      ON CONFLICT DO NOTHING
      RETURNING id`),
  )[0];
  if (!clawback) return { result: 'already', commissionId, kolId };
  return { result: 'clawed-back', commissionId, clawbackId: Number(clawback.id), kolId };
}
