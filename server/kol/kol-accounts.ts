/**
 * Who is a KOL and on what terms. An operator makes a user a KOL (rates, payout address), changes
 * the terms, or ends it; `users.is_kol` follows so the session's user info shows the menu entry.
 * Rates are copied onto each commission when it is booked, so a change never rewrites the past.
 */
import { eq, sql } from 'drizzle-orm';
import { KOL_RATES, isPayoutAddress, type PayoutNetwork } from '../../contract/kol';
import { rowsOf, type Db } from '../db/database';
import { kolAccounts, users } from '../db/schema';

export type KolAccount = typeof kolAccounts.$inferSelect;

/** Which rule refused, so the console can answer its catalogue error (the CLI prints the message). */
export type KolRule =
  | 'no-user'
  | 'first-rate'
  | 'renewal-rate'
  | 'address'
  | 'first-rate-required'
  | 'no-settlement'
  | 'hash-format'
  | 'hash-recorded'
  | 'hash-used';

export class KolRuleError extends Error {
  override name = 'KolRuleError';
  constructor(
    message: string,
    readonly rule?: KolRule,
    readonly data: Record<string, unknown> | null = null,
  ) {
    super(message);
  }
}

export interface KolTerms {
  readonly firstRatePercent?: number;
  readonly renewalRatePercent?: number;
  /** Both or neither; null clears the address. */
  readonly payout?: { network: PayoutNetwork; address: string } | null;
}

/** KolRuleError unless `rate` (when given) is a whole percent within `[min, max]`. */
function checkRate(
  rate: number | undefined,
  min: number,
  max: number,
  what: string,
  rule: KolRule,
): void {
  if (rate !== undefined && (!Number.isInteger(rate) || rate < min || rate > max))
    throw new KolRuleError(`the ${what} rate must be ${min}-${max} %`, rule);
}

function checkTerms(terms: KolTerms): void {
  const { firstRatePercent: first, renewalRatePercent: renewal, payout } = terms;
  checkRate(
    first,
    KOL_RATES.firstMinPercent,
    KOL_RATES.firstMaxPercent,
    'first-purchase',
    'first-rate',
  );
  checkRate(
    renewal,
    KOL_RATES.renewalMinPercent,
    KOL_RATES.renewalMaxPercent,
    'renewal',
    'renewal-rate',
  );
  if (payout && !isPayoutAddress(payout.network, payout.address))
    throw new KolRuleError(`"${payout.address}" is not a ${payout.network} address`, 'address');
}

/**
 * Makes a user a KOL, or updates a KOL's terms (a former KOL is made one again with the terms
 * given). The first-purchase rate is required for a user who never was a KOL.
 */
export async function makeKol(
  db: Db,
  userId: number,
  terms: KolTerms,
  now: Date,
): Promise<KolAccount> {
  checkTerms(terms);
  return db.transaction(async (tx) => {
    const [user] = rowsOf<{ id: number }>(
      await tx.execute(
        sql`SELECT id FROM users WHERE id = ${userId} AND deleted_at IS NULL FOR UPDATE`,
      ),
    );
    if (!user) throw new KolRuleError(`no user ${userId}`, 'no-user');
    const [existing] = await tx.select().from(kolAccounts).where(eq(kolAccounts.userId, userId));
    const payout =
      terms.payout === undefined
        ? {}
        : {
            payoutNetwork: terms.payout?.network ?? null,
            payoutAddress: terms.payout?.address ?? null,
          };
    let account: KolAccount | undefined;
    if (existing) {
      [account] = await tx
        .update(kolAccounts)
        .set({
          ...(terms.firstRatePercent !== undefined
            ? { firstRatePercent: terms.firstRatePercent }
            : {}),
          ...(terms.renewalRatePercent !== undefined
            ? { renewalRatePercent: terms.renewalRatePercent }
            : {}),
          ...payout,
          ...(existing.endedAt ? { endedAt: null, startedAt: now } : {}),
          updatedAt: now,
        })
        .where(eq(kolAccounts.userId, userId))
        .returning();
    } else {
      if (terms.firstRatePercent === undefined)
        throw new KolRuleError('a new KOL needs a first-purchase rate', 'first-rate-required');
      [account] = await tx
        .insert(kolAccounts)
        .values({
          userId,
          firstRatePercent: terms.firstRatePercent,
          renewalRatePercent: terms.renewalRatePercent ?? KOL_RATES.renewalDefaultPercent,
          ...payout,
          startedAt: now,
          updatedAt: now,
        })
        .returning();
    }
    await tx.update(users).set({ isKol: true, updatedAt: now }).where(eq(users.id, userId));
    return account!;
  });
}

/**
 * Ends a KOL: no commission is booked for payments after this; what was booked stays in the ledger
 * and is still paid out (the operator's batch includes former KOLs).
 */
export async function endKol(db: Db, userId: number, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const ended = await tx
      .update(kolAccounts)
      .set({ endedAt: now, updatedAt: now })
      .where(sql`${kolAccounts.userId} = ${userId} AND ${kolAccounts.endedAt} IS NULL`)
      .returning({ userId: kolAccounts.userId });
    if (ended.length === 0) return false;
    await tx.update(users).set({ isKol: false, updatedAt: now }).where(eq(users.id, userId));
    return true;
  });
}

/**
 * Locks a KOL's account row: settlements, refunds and voids of one KOL's ledger run one after the
 * other behind it, so a commission is never both settled and voided.
 */
export async function lockKolAccount(tx: Db, kolId: number): Promise<KolAccount | undefined> {
  await tx.execute(sql`SELECT user_id FROM kol_accounts WHERE user_id = ${kolId} FOR UPDATE`);
  const [account] = await tx.select().from(kolAccounts).where(eq(kolAccounts.userId, kolId));
  return account;
}

/** The KOL's account while they are a KOL; undefined for anyone else (or a former KOL). */
export async function activeKolAccount(db: Db, userId: number): Promise<KolAccount | undefined> {
  const [account] = await db.select().from(kolAccounts).where(eq(kolAccounts.userId, userId));
  return account && account.endedAt === null ? account : undefined;
}
