/**
 * Verification codes: 6 CSPRNG digits, bound to one purpose and one target, stored as a salted HMAC,
 * single use, 10 minutes, at most CODE.maxAttempts guesses. Attempts are counted by one conditional
 * UPDATE, so parallel guesses cannot exceed the limit: PostgreSQL re-checks `attempts < max` on the
 * row's newest version for each of them.
 */
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { CODE, type CodeChannel, type CodePurpose } from '../../contract';
import { rowsOf, type Db } from '../db/database';
import { verificationCodes } from '../db/schema';
import { fail } from '../protocol/api-error';

export type CodeKind = 'code' | 'notice';

export function generateCode(): string {
  return String(randomInt(0, 10 ** CODE.length)).padStart(CODE.length, '0');
}

function digest(salt: string, code: string): string {
  return createHmac('sha256', salt).update(code).digest('base64url');
}

export function hashCode(code: string): string {
  const salt = randomBytes(16).toString('base64url');
  return `${salt}$${digest(salt, code)}`;
}

export function codeMatches(stored: string, code: string): boolean {
  const [salt, expected] = stored.split('$');
  if (!salt || !expected) return false;
  const actual = Buffer.from(digest(salt, code));
  const wanted = Buffer.from(expected);
  return actual.length === wanted.length && timingSafeEqual(actual, wanted);
}

export interface IssueLimits {
  readonly perTargetPerDay: number;
  readonly perIpPerDay: number;
}

export type IssueResult =
  | { readonly ok: true; readonly id: number }
  | { readonly ok: false; readonly reason: 'cooldown'; readonly retryAfterSeconds: number }
  | { readonly ok: false; readonly reason: 'daily_limit' };

export interface IssueRequest {
  readonly purpose: CodePurpose;
  readonly channel: CodeChannel;
  readonly target: string;
  readonly ip: string;
  readonly kind: CodeKind;
  /** The code to store; a notice stores the hash of a code nobody ever sees. */
  readonly code: string;
  /** The member a change_target code is for: only they can use it. */
  readonly userId?: number;
}

/**
 * Records a new code after the cooldown and the daily caps allow it. A per-target advisory lock makes
 * the check-then-insert atomic across processes. Older codes stay until the new one is delivered
 * (`supersedeOlderCodes`); until then only the newest is ever checked anyway.
 */
export async function issueCode(
  db: Db,
  request: IssueRequest,
  limits: IssueLimits,
): Promise<IssueResult> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`code:${request.target}`}))`);
    const [latest] = rowsOf<{ age: number | string }>(
      await tx.execute(
        sql`SELECT extract(epoch FROM now() - created_at) AS age FROM verification_codes
            WHERE target = ${request.target} ORDER BY created_at DESC, id DESC LIMIT 1`,
      ),
    );
    const age = latest ? Number(latest.age) : Infinity;
    if (age < CODE.resendCooldownSeconds) {
      return {
        ok: false,
        reason: 'cooldown',
        retryAfterSeconds: Math.max(1, Math.ceil(CODE.resendCooldownSeconds - age)),
      } as const;
    }
    const [counts] = rowsOf<{ by_target: number | string; by_ip: number | string }>(
      await tx.execute(
        sql`SELECT
              (SELECT count(*) FROM verification_codes WHERE target = ${request.target}
                 AND created_at > now() - interval '1 day') AS by_target,
              (SELECT count(*) FROM verification_codes WHERE ip = ${request.ip}
                 AND created_at > now() - interval '1 day') AS by_ip`,
      ),
    );
    if (
      Number(counts?.by_target ?? 0) >= limits.perTargetPerDay ||
      Number(counts?.by_ip ?? 0) >= limits.perIpPerDay
    ) {
      return { ok: false, reason: 'daily_limit' } as const;
    }
    const [row] = await tx
      .insert(verificationCodes)
      .values({
        purpose: request.purpose,
        channel: request.channel,
        target: request.target,
        kind: request.kind,
        codeHash: hashCode(request.code),
        ip: request.ip,
        userId: request.userId ?? null,
        expiresAt: sql`now() + make_interval(secs => ${CODE.ttlSeconds})`,
      })
      .returning({ id: verificationCodes.id });
    return { ok: true, id: row!.id } as const;
  });
}

/** After delivery: every older live code of the same purpose and target dies. */
export async function supersedeOlderCodes(
  db: Db,
  id: number,
  purpose: CodePurpose,
  target: string,
): Promise<void> {
  await db
    .update(verificationCodes)
    .set({ consumedAt: sql`now()` })
    .where(
      and(
        eq(verificationCodes.target, target),
        eq(verificationCodes.purpose, purpose),
        isNull(verificationCodes.consumedAt),
        lt(verificationCodes.id, id),
      ),
    );
}

/**
 * A code that could not be delivered must not count towards the cooldown or the caps; the previous
 * code, if any, becomes the newest again and stays usable.
 */
export async function withdrawCode(db: Db, id: number): Promise<void> {
  await db.delete(verificationCodes).where(eq(verificationCodes.id, id));
}

export type CheckResult =
  | { readonly ok: true; readonly id: number }
  | { readonly ok: false; readonly reason: 'invalid' | 'too_many_attempts' };

/**
 * Spends one attempt on the newest code of purpose+target (of that member, for a change_target code)
 * and compares. Does not consume the code: `consumeCode` does that in the same transaction as the
 * change the code authorises.
 */
export async function checkCode(
  db: Db,
  purpose: CodePurpose,
  target: string,
  code: string,
  userId?: number,
): Promise<CheckResult> {
  const whose = and(
    eq(verificationCodes.purpose, purpose),
    eq(verificationCodes.target, target),
    userId === undefined ? undefined : eq(verificationCodes.userId, userId),
  );
  const newest = db
    .select({ id: verificationCodes.id })
    .from(verificationCodes)
    .where(whose)
    .orderBy(desc(verificationCodes.createdAt), desc(verificationCodes.id))
    .limit(1);
  const [row] = await db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(
      and(
        eq(verificationCodes.id, sql`(${newest})`),
        lt(verificationCodes.attempts, CODE.maxAttempts),
        isNull(verificationCodes.consumedAt),
        gt(verificationCodes.expiresAt, sql`now()`),
      ),
    )
    .returning({
      id: verificationCodes.id,
      kind: verificationCodes.kind,
      codeHash: verificationCodes.codeHash,
      attempts: verificationCodes.attempts,
    });
  if (!row) {
    // Nothing was counted: tell an exhausted code from an absent, used or expired one.
    const [latest] = await db
      .select({ attempts: verificationCodes.attempts, consumedAt: verificationCodes.consumedAt })
      .from(verificationCodes)
      .where(whose)
      .orderBy(desc(verificationCodes.createdAt), desc(verificationCodes.id))
      .limit(1);
    const exhausted =
      latest !== undefined && latest.consumedAt === null && latest.attempts >= CODE.maxAttempts;
    return { ok: false, reason: exhausted ? 'too_many_attempts' : 'invalid' };
  }
  if (row.kind === 'code' && codeMatches(row.codeHash, code)) return { ok: true, id: row.id };
  return { ok: false, reason: row.attempts >= CODE.maxAttempts ? 'too_many_attempts' : 'invalid' };
}

/** The answer to a refused code. */
export function codeFailure(reason: 'invalid' | 'too_many_attempts') {
  return fail(reason === 'too_many_attempts' ? 'CODE_TOO_MANY_ATTEMPTS' : 'CODE_INVALID');
}

/** True when this caller used the code; false when a concurrent request used it first. */
export async function consumeCode(db: Db, id: number): Promise<boolean> {
  const used = await db
    .update(verificationCodes)
    .set({ consumedAt: sql`now()` })
    .where(and(eq(verificationCodes.id, id), isNull(verificationCodes.consumedAt)))
    .returning({ id: verificationCodes.id });
  return used.length === 1;
}
