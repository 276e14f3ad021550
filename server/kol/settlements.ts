/**
 * Settlements: every available commission of one KOL paid out at once, then the payout hash.
 *
 * A settlement is made in one transaction behind the KOL's account lock: every available row
 * (clawbacks included, and pending rows whose refund window has passed) is locked and moved into the
 * new settlement, and its amount is their sum. Ten requests at once make one settlement;
 * the others find nothing available. docs/kol.md.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { ApiLanguage } from '../../contract';
import {
  KOL_PAYOUT_THRESHOLD_CENTS,
  isPayoutTxHash,
  payoutReasonInEnglish,
  type PayoutCheckReason,
} from '../../contract/kol';
import { isUniqueViolation, rowsOf, type Db } from '../db/database';
import { kolPayoutRecords, kolSettlements, type PayoutVerification } from '../db/schema';
import { enqueueMessage, recipientOf } from '../messaging/message-queue';
import { payoutSentText } from '../messaging/message-texts';
import { KolRuleError, lockKolAccount } from './kol-accounts';
import type { PayoutVerifier } from './payout-verifier';

export type Settlement = typeof kolSettlements.$inferSelect;

export class SettlementRefused extends Error {
  override name = 'SettlementRefused';
  constructor(
    readonly reason: 'not-a-kol' | 'below-threshold' | 'no-payout-address',
    readonly availableCents = 0,
  ) {
    super(
      reason === 'below-threshold'
        ? `available ${availableCents} cents is below the ${KOL_PAYOUT_THRESHOLD_CENTS}-cent threshold`
        : reason === 'no-payout-address'
          ? 'the KOL has no payout address'
          : 'not a KOL',
    );
  }
}

/** Pending commissions whose refund window has passed become available. Idempotent. */
export async function promoteMatured(db: Db, kolId: number | null, now: Date): Promise<number> {
  const result = await db.execute(sql`
    UPDATE kol_commissions SET status = 'available'
    WHERE status = 'pending' AND available_at <= ${now.toISOString()}
      ${kolId === null ? sql`` : sql`AND kol_id = ${kolId}`}
    RETURNING id`);
  return rowsOf(result).length;
}

export async function settleKol(
  db: Db,
  kolId: number,
  options: {
    requestedBy: 'kol' | 'operator';
    now: Date;
    /** Runs in the settlement's transaction, after its writes (the console's audit entry). */
    onSettled?: (tx: Db, settlement: Settlement) => Promise<void>;
  },
): Promise<Settlement> {
  const { now } = options;
  return db.transaction(async (tx) => {
    // The settlement row's foreign key takes a key-share lock on the KOL's user row; taking it
    // before the account lock keeps the lock order the same as a refund's (users, then account).
    await tx.execute(sql`SELECT id FROM users WHERE id = ${kolId} FOR KEY SHARE`);
    const account = await lockKolAccount(tx, kolId);
    // A former KOL's earned balance is still paid out, by the operator's batch only.
    if (!account || (options.requestedBy === 'kol' && account.endedAt !== null))
      throw new SettlementRefused('not-a-kol');
    // Due rows are taken as they are (a pending row past its window counts as available) and moved
    // by one UPDATE: a row updated twice in this transaction would make the second update re-check
    // every foreign key, locking the friends' user and order rows that a refund locks first.
    const due = sql`kol_id = ${kolId} AND (status = 'available'
      OR (status = 'pending' AND available_at <= ${now.toISOString()}))`;
    const rows = rowsOf<{
      id: number | string;
      commission_cents: number | string;
      created_at: Date | string;
    }>(
      await tx.execute(sql`
        SELECT id, commission_cents, created_at FROM kol_commissions
        WHERE ${due} ORDER BY id FOR UPDATE`),
    );
    const amount = rows.reduce((sum, r) => sum + Number(r.commission_cents), 0);
    if (amount < KOL_PAYOUT_THRESHOLD_CENTS || rows.length === 0)
      throw new SettlementRefused('below-threshold', amount);
    if (!account.payoutNetwork || !account.payoutAddress)
      throw new SettlementRefused('no-payout-address', amount);
    const dates = rows.map((r) => new Date(r.created_at).getTime());
    const [settlement] = await tx
      .insert(kolSettlements)
      .values({
        kolId,
        amountCents: amount,
        commissionCount: rows.length,
        periodFrom: new Date(Math.min(...dates)),
        periodTo: new Date(Math.max(...dates)),
        requestedBy: options.requestedBy,
        payoutNetwork: account.payoutNetwork,
        payoutAddress: account.payoutAddress,
        createdAt: now,
      })
      .returning();
    const ids = rows.map((r) => Number(r.id));
    const moved = rowsOf(
      await tx.execute(sql`
        UPDATE kol_commissions SET status = 'settled', settlement_id = ${settlement!.id}
        WHERE ${due} AND id IN (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})
        RETURNING id`),
    );
    // Locked above, so all of them; anything else is a bug that must not pay out.
    if (moved.length !== rows.length)
      throw new Error('settlement: commissions changed under the lock');
    await options.onSettled?.(tx, settlement!);
    return settlement!;
  });
}

/** Every KOL (current or former) whose available balance reaches the threshold is settled. */
export async function runPayoutBatch(
  db: Db,
  now: Date,
  options: { onSettled?: (tx: Db, settlement: Settlement) => Promise<void> } = {},
): Promise<{ settled: Settlement[]; skipped: { kolId: number; reason: string }[] }> {
  await promoteMatured(db, null, now);
  const due = rowsOf<{ kol_id: number }>(
    await db.execute(sql`
      SELECT kol_id FROM kol_commissions WHERE status = 'available'
      GROUP BY kol_id HAVING sum(commission_cents) >= ${KOL_PAYOUT_THRESHOLD_CENTS}
      ORDER BY kol_id`),
  );
  const settled: Settlement[] = [];
  const skipped: { kolId: number; reason: string }[] = [];
  for (const { kol_id: kolId } of due) {
    try {
      settled.push(await settleKol(db, kolId, { requestedBy: 'operator', now, ...options }));
    } catch (error) {
      if (!(error instanceof SettlementRefused)) throw error;
      skipped.push({ kolId, reason: error.message });
    }
  }
  return { settled, skipped };
}

/** The operator's note, then why the hash is not verified, in English: `<note>; <reason>`. */
export function noteInEnglish(s: {
  readonly verificationNote: string | null;
  readonly verificationReason: PayoutCheckReason | null;
}): string {
  const reason = s.verificationReason ? payoutReasonInEnglish(s.verificationReason) : '';
  return [s.verificationNote, reason].filter(Boolean).join('; ');
}

export interface PayoutRecordResult {
  readonly settlement: Settlement;
  readonly verification: PayoutVerification;
  /** The operator's note and why the hash is not verified, in English: for the CLI. */
  readonly note: string;
  /**
   * False when another recording of this settlement committed while the chain was asked: this one
   * wrote nothing and `settlement` is the state that one left.
   */
  readonly applied: boolean;
}

/**
 * Records (or, with `correct`, replaces) the transaction hash of a settlement's payout. The chain is
 * asked first, outside any transaction; then one transaction writes the audit record and the
 * settlement's state: paid when verified, or when unverified and no chain is configured for the
 * network; a rejected hash (or one the configured chain cannot confirm yet) leaves it processing.
 */
export async function recordPayout(
  db: Db,
  settlementId: number,
  txHash: string,
  options: {
    now: Date;
    verifier?: PayoutVerifier;
    correct?: boolean;
    note?: string;
    /** Runs in the recording's transaction, after its writes (the console's audit entry). */
    onRecorded?: (tx: Db, before: Settlement, result: PayoutRecordResult) => Promise<void>;
  },
): Promise<PayoutRecordResult> {
  // How many records the settlement had before it was read and the chain asked: a recording that
  // committed meanwhile (a second click, another operator) makes this one change nothing.
  const recordsBefore = await payoutRecordCount(db, settlementId);
  const [current] = await db
    .select()
    .from(kolSettlements)
    .where(eq(kolSettlements.id, settlementId));
  if (!current) throw new KolRuleError(`no settlement ${settlementId}`, 'no-settlement');
  const hash = txHash.trim();
  if (!isPayoutTxHash(current.payoutNetwork, hash))
    throw new KolRuleError(
      `"${hash}" is not a ${current.payoutNetwork} transaction hash`,
      'hash-format',
    );
  if (
    current.txHash !== null &&
    !options.correct &&
    current.txHash.toLowerCase() !== hash.toLowerCase()
  )
    throw new KolRuleError(
      `settlement ${settlementId} already has the hash ${current.txHash}: use --correct to replace it`,
      'hash-recorded',
    );
  // The same hash again, not a correction: already recorded (a second click), nothing changes;
  // `kol verify` asks the chain again.
  if (current.txHash !== null && !options.correct)
    return {
      settlement: current,
      verification: current.verification ?? 'unverified',
      note: noteInEnglish(current),
      applied: false,
    };

  const check = options.verifier
    ? await options.verifier.verifyTransfer({
        network: current.payoutNetwork,
        txHash: hash,
        toAddress: current.payoutAddress,
        amountCents: current.amountCents,
      })
    : ({ result: 'unavailable', reason: { code: 'no_verifier' } } as const);
  const verification: PayoutVerification =
    check.result === 'verified'
      ? 'verified'
      : check.result === 'rejected'
        ? 'rejected'
        : 'unverified';
  const note = options.note ?? '';
  const reason = check.result === 'verified' ? null : check.reason;
  // The operator's word stands only where nothing can read the chain for this network.
  const paid =
    verification === 'verified' ||
    (verification === 'unverified' && (!options.verifier || check.result === 'unconfigured'));
  const { now } = options;

  // One transfer pays one settlement: the check says which one, the unique index stops a race.
  const refuseReuse = async () => {
    const [reused] = await db
      .select({ id: kolSettlements.id })
      .from(kolSettlements)
      .where(
        sql`${kolSettlements.payoutNetwork} = ${current.payoutNetwork}
          AND lower(${kolSettlements.txHash}) = lower(${hash}) AND ${kolSettlements.id} <> ${settlementId}`,
      );
    if (reused)
      throw new KolRuleError(`the hash ${hash} already pays settlement ${reused.id}`, 'hash-used', {
        settlementId: reused.id,
      });
  };
  await refuseReuse();

  return db
    .transaction(async (tx) => {
      await tx.execute(sql`SELECT id FROM kol_settlements WHERE id = ${settlementId} FOR UPDATE`);
      if ((await payoutRecordCount(tx, settlementId)) !== recordsBefore) {
        const [latest] = await tx
          .select()
          .from(kolSettlements)
          .where(eq(kolSettlements.id, settlementId));
        return {
          settlement: latest!,
          verification: latest!.verification ?? verification,
          note: noteInEnglish(latest!),
          applied: false,
        };
      }
      await tx.insert(kolPayoutRecords).values({
        settlementId,
        txHash: hash,
        verification,
        note,
        reason,
        recordedAt: now,
      });
      const [row] = await tx
        .update(kolSettlements)
        .set({
          txHash: hash,
          verification,
          verificationNote: note || null,
          verificationReason: reason,
          status: paid ? 'paid' : 'processing',
          paidAt: paid
            ? sql`coalesce(${kolSettlements.paidAt}, ${now.toISOString()}::timestamptz)`
            : null,
        })
        .where(eq(kolSettlements.id, settlementId))
        .returning();
      const result = { settlement: row!, verification, note: noteInEnglish(row!), applied: true };
      if (row!.status === 'paid' && current.status !== 'paid')
        await queuePayoutMessage(tx, row!, now);
      await options.onRecorded?.(tx, current, result);
      return result;
    })
    .catch(async (error: unknown) => {
      // Another settlement took this hash between the check and this write (kol_settlements_tx_key).
      if (!isUniqueViolation(error)) throw error;
      await refuseReuse();
      // The holder changed its hash again meanwhile: still one transfer for one settlement.
      throw new KolRuleError(`the hash ${hash} already pays another settlement`, 'hash-used');
    });
}

/**
 * Tells the KOL their payout was sent (docs/messages.md), in the recording's transaction: once per
 * settlement (`kol-payout:<id>`), a corrected hash later sends nothing more.
 */
async function queuePayoutMessage(tx: Db, settlement: Settlement, now: Date): Promise<void> {
  const [kol] = rowsOf<{
    email: string | null;
    phone: string | null;
    language: ApiLanguage | null;
  }>(
    await tx.execute(sql`
      SELECT email, phone, language FROM users WHERE id = ${settlement.kolId} AND deleted_at IS NULL`),
  );
  const recipient = kol && recipientOf(kol);
  if (!recipient) return;
  await enqueueMessage(
    tx,
    {
      key: `kol-payout:${settlement.id}`,
      userId: settlement.kolId,
      ...recipient,
      purpose: 'kol_payout',
      ...payoutSentText(recipient.language, recipient.channel, {
        settlementId: settlement.id,
        amountCents: settlement.amountCents,
        network: settlement.payoutNetwork,
        address: settlement.payoutAddress,
        txHash: settlement.txHash!,
      }),
    },
    now,
  );
}

async function payoutRecordCount(db: Db, settlementId: number): Promise<number> {
  const [row] = rowsOf<{ n: string | number }>(
    await db.execute(
      sql`SELECT count(*) AS n FROM kol_payout_records WHERE settlement_id = ${settlementId}`,
    ),
  );
  return Number(row?.n ?? 0);
}

export async function payoutRecordsOf(db: Db, settlementId: number) {
  return db
    .select()
    .from(kolPayoutRecords)
    .where(and(eq(kolPayoutRecords.settlementId, settlementId)))
    .orderBy(desc(kolPayoutRecords.id));
}
