/**
 * Redeem codes (docs/store.md): 16 characters from a CSPRNG in groups of four, for a plan or an
 * amount of time, single- or N-use, once per user. A redemption, the code's use count and the
 * membership grant happen in one transaction guarded by unique (code_id, user_id) and a guarded UPDATE.
 */
import { randomInt } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { SECONDS_PER_DAY, type GrantOutcome } from '../../contract/membership';
import { isUniqueViolation, type Db } from '../db/database';
import { redeemBatches, redeemCodes, redemptions } from '../db/schema';
import { fail } from '../protocol/api-error';
import { grantMembership } from './membership-grants';
import { findPlan, groupMaxDevices } from './plans';

/** No 0/O, 1/I/L: codes are typed from paper and screenshots. 31 symbols, about 79 bits a code. */
export const REDEEM_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const REDEEM_CODE_LENGTH = 16;

export function generateRedeemCode(): string {
  let raw = '';
  for (let i = 0; i < REDEEM_CODE_LENGTH; i += 1)
    raw += REDEEM_ALPHABET[randomInt(REDEEM_ALPHABET.length)];
  return raw.match(/.{4}/g)!.join('-');
}

/**
 * What the user typed, as stored: spaces and dashes dropped, upper-cased, and a 16-character code
 * regrouped as XXXX-XXXX-XXXX-XXXX (so `abcd efgh-ijkl mnop` finds `ABCD-EFGH-IJKL-MNOP`).
 */
export function normaliseRedeemCode(input: string): string {
  const raw = input.replace(/[\s\-\u2010\u2011\u2013\u2014]+/g, '').toUpperCase();
  return raw.length === REDEEM_CODE_LENGTH ? raw.match(/.{4}/g)!.join('-') : raw;
}

export interface BatchRequest {
  readonly count: number;
  readonly maxUses: number;
  readonly expiresAt: Date | null;
  readonly note: string;
  /** Either a plan (its group and duration) or a group and a number of days. */
  readonly planId?: number;
  readonly groupType?: 1 | 2;
  readonly days?: number;
}

/** Creates a batch of codes in one transaction and returns them (the only time they are shown). */
export async function createRedeemBatch(
  db: Db,
  request: BatchRequest,
): Promise<{ batchId: number; codes: string[]; groupType: 1 | 2; days: number }> {
  let groupType = request.groupType;
  let days = request.days;
  if (request.planId !== undefined) {
    const plan = await findPlan(db, request.planId);
    if (!plan) throw new Error(`no plan ${request.planId}`);
    groupType = plan.groupType;
    days = plan.durationDays;
  }
  if (groupType === undefined || days === undefined) throw new Error('a plan or a group and days');
  const finalGroup = groupType;
  const finalDays = days;
  return db.transaction(async (tx) => {
    const [batch] = await tx
      .insert(redeemBatches)
      .values({ note: request.note })
      .returning({ id: redeemBatches.id });
    const codes: string[] = [];
    while (codes.length < request.count) {
      const code = generateRedeemCode();
      const inserted = await tx
        .insert(redeemCodes)
        .values({
          code,
          batchId: batch!.id,
          groupType: finalGroup,
          durationDays: finalDays,
          planId: request.planId ?? null,
          maxUses: request.maxUses,
          expiresAt: request.expiresAt,
        })
        .onConflictDoNothing()
        .returning({ id: redeemCodes.id });
      // 79 random bits: a collision is astronomically rare, and then simply drawn again.
      if (inserted.length > 0) codes.push(code);
    }
    return { batchId: batch!.id, codes, groupType: finalGroup, days: finalDays };
  });
}

export interface RedeemResult {
  readonly outcome: GrantOutcome;
}

/** Redeems for one user; throws the catalogue error when it may not, changing nothing. */
export async function redeemCode(
  db: Db,
  userId: number,
  input: string,
  conversionPercent: number,
  now: Date = new Date(),
): Promise<RedeemResult> {
  const code = normaliseRedeemCode(input);
  const [row] = await db.select().from(redeemCodes).where(eq(redeemCodes.code, code));
  if (!row || row.disabled) throw fail('REDEEM_CODE_INVALID');
  if (row.expiresAt && row.expiresAt.getTime() <= now.getTime()) throw fail('REDEEM_CODE_EXPIRED');
  const maxDevices =
    (row.planId !== null ? (await findPlan(db, row.planId))?.maxDevices : undefined) ??
    (await groupMaxDevices(db, row.groupType)) ??
    1;
  try {
    return await db.transaction(async (tx) => {
      // One redemption per user and code: a parallel second attempt waits here, then conflicts.
      const mine = await tx
        .insert(redemptions)
        .values({ codeId: row.id, userId })
        .onConflictDoNothing()
        .returning({ id: redemptions.id });
      if (mine.length === 0) throw fail('REDEEM_CODE_ALREADY_REDEEMED');
      const taken = await tx
        .update(redeemCodes)
        .set({ usedCount: sql`${redeemCodes.usedCount} + 1` })
        .where(
          and(
            eq(redeemCodes.id, row.id),
            eq(redeemCodes.disabled, false),
            sql`${redeemCodes.usedCount} < ${redeemCodes.maxUses}`,
          ),
        )
        .returning({ id: redeemCodes.id });
      if (taken.length === 0) throw fail('REDEEM_CODE_USED_UP');
      const granted = await grantMembership(
        tx,
        {
          userId,
          source: 'redeem',
          sourceRef: `${row.id}:${userId}`,
          planType: row.groupType,
          seconds: row.durationDays * SECONDS_PER_DAY,
          maxDevices,
          conversionPercent,
        },
        now,
      );
      if (!granted.granted)
        throw fail(
          granted.reason === 'duplicate' ? 'REDEEM_CODE_ALREADY_REDEEMED' : 'UNAUTHORIZED',
        );
      return { outcome: granted.outcome };
    });
  } catch (error) {
    // The unique index caught what ON CONFLICT could not see (PGlite serialises, PostgreSQL may not).
    if (isUniqueViolation(error)) throw fail('REDEEM_CODE_ALREADY_REDEEMED');
    throw error;
  }
}
