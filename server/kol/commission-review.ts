/**
 * The operator's review of held commissions (docs/kol.md, self-referral review): a commission booked
 * 'held' (server/kol/self-referral.ts) waits here until an operator confirms it, after which it
 * matures like any other (pending until its refund window ends, counted from the payment), or voids
 * it (commission-reversal.ts, as `kol void` does for any commission). Confirming takes the locks a
 * reversal takes (order row, then the KOL's account, then the row) and changes the row only while
 * it is still held, so two confirmations, or a confirmation racing a void, have exactly one effect.
 */
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/database';
import type { HoldSignal } from '../db/schema';
import { lockKolAccount } from './kol-accounts';

export interface HeldCommission {
  readonly id: number;
  readonly createdAt: Date;
  readonly kolId: number;
  readonly kolName: string | null;
  readonly inviteeId: number;
  readonly orderNo: string;
  readonly commissionCents: number;
  readonly signal: HoldSignal;
  readonly detail: string;
}

/** Held commissions, oldest first (the review queue). */
export async function listHeldCommissions(
  db: Db,
  options: { kolId?: number; limit: number },
): Promise<HeldCommission[]> {
  const rows = rowsOf<{
    id: number | string;
    created_at: Date | string;
    kol_id: number;
    kol_name: string | null;
    invitee_id: number;
    order_no: string;
    commission_cents: number | string;
    hold_signal: HoldSignal;
    hold_detail: string;
  }>(
    await db.execute(sql`
      SELECT c.id, c.created_at, c.kol_id, k.username AS kol_name, c.invitee_id, o.order_no,
        c.commission_cents, c.hold_signal, c.hold_detail
      FROM kol_commissions c
      JOIN orders o ON o.id = c.order_id
      JOIN users k ON k.id = c.kol_id
      WHERE c.status = 'held' ${options.kolId === undefined ? sql`` : sql`AND c.kol_id = ${options.kolId}`}
      ORDER BY c.created_at, c.id
      LIMIT ${options.limit}`),
  );
  return rows.map((r) => ({
    id: Number(r.id),
    createdAt: new Date(r.created_at),
    kolId: r.kol_id,
    kolName: r.kol_name,
    inviteeId: r.invitee_id,
    orderNo: r.order_no,
    commissionCents: Number(r.commission_cents),
    signal: r.hold_signal,
    detail: r.hold_detail,
  }));
}

export type ConfirmOutcome =
  | { readonly result: 'confirmed'; readonly availableAt: Date }
  | { readonly result: 'none' }
  /** Not held (any more): confirmed or voided already, or never held. Nothing changed. */
  | { readonly result: 'not-held'; readonly status: string };

/** Confirms a held commission: from now on it matures by itself (pending until its available_at). */
export async function confirmHeldCommission(
  db: Db,
  commissionId: number,
  reason: string,
  now: Date,
): Promise<ConfirmOutcome> {
  return db.transaction(async (tx) => {
    const [found] = rowsOf<{ kol_id: number; order_id: number | string }>(
      await tx.execute(sql`
        SELECT kol_id, order_id FROM kol_commissions
        WHERE id = ${commissionId} AND kind = 'commission'`),
    );
    if (!found) return { result: 'none' } as const;
    // A refund's and a void's lock order: the order row, then the KOL's account, then the row.
    await tx.execute(sql`SELECT id FROM orders WHERE id = ${found.order_id} FOR UPDATE`);
    await lockKolAccount(tx, found.kol_id);
    const [row] = rowsOf<{ status: string }>(
      await tx.execute(
        sql`SELECT status FROM kol_commissions WHERE id = ${commissionId} FOR UPDATE`,
      ),
    );
    if (row!.status !== 'held') return { result: 'not-held', status: row!.status } as const;
    const [updated] = rowsOf<{ available_at: Date | string }>(
      await tx.execute(sql`
        UPDATE kol_commissions SET status = 'pending', reviewed_at = ${now.toISOString()},
          review_note = ${reason}
        WHERE id = ${commissionId} AND status = 'held'
        RETURNING available_at`),
    );
    return { result: 'confirmed', availableAt: new Date(updated!.available_at) } as const;
  });
}
