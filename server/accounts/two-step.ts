/**
 * Members' two-step sign-in (issue 22; docs/account-security.md): an authenticator app (RFC 6238,
 * server/identity/totp.ts) with ten single-use recovery codes. Every code guess passes the password
 * throttle under the member's own `two-step:<id>` key, so a stolen password buys the same slow pace
 * of guesses at the code as at a password.
 */
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { TWO_STEP } from '../../contract/endpoints/account-security';
import type { Db } from '../db/database';
import { userRecoveryCodes, users } from '../db/schema';
import { newRecoveryCode, recoveryCodeHash } from '../identity/recovery-codes';
import type { UserRow } from '../identity/sessions';
import { matchTotp, newTotpSecret, totpUri, type TotpSealer } from '../identity/totp';
import { fail } from '../protocol/api-error';
import type { PasswordThrottle } from './password-throttle';

export interface TwoStepDeps {
  readonly db: Db;
  readonly sealer: TotpSealer;
  readonly throttle: PasswordThrottle;
  readonly now: () => Date;
}

/** What a sign-in or a change offers as the second step. */
export interface SecondStep {
  readonly totpCode?: string | undefined;
  readonly recoveryCode?: string | undefined;
}

export type SecondStepMethod = 'authenticator' | 'recovery code';

/** What the authenticator app shows beside the code: the member's address or name. */
function accountLabel(user: UserRow): string {
  return user.email ?? user.phone ?? user.username ?? `#${user.id}`;
}

export function twoStepOn(user: UserRow): boolean {
  return user.totpSecret !== null;
}

/** Unused recovery codes of a member. */
export async function recoveryCodesLeft(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(userRecoveryCodes)
    .where(and(eq(userRecoveryCodes.userId, userId), isNull(userRecoveryCodes.usedAt)));
  return row?.n ?? 0;
}

/** A new secret for the app; the last one made counts until `enableTotp` takes it. */
export async function startTotpSetup(
  deps: TwoStepDeps,
  user: UserRow,
): Promise<{ secret: string; otpauthUrl: string }> {
  const secret = newTotpSecret();
  const [pending] = await deps.db
    .update(users)
    .set({ totpPendingSecret: deps.sealer.seal(secret) })
    .where(and(eq(users.id, user.id), isNull(users.totpSecret)))
    .returning({ id: users.id });
  if (!pending) throw fail('TOTP_ALREADY_ENABLED');
  return { secret, otpauthUrl: totpUri(secret, accountLabel(user), TWO_STEP.issuer) };
}

/** The app's code, if it is right and newer than the last one taken; the step is then spent. */
async function takeTotpStep(deps: TwoStepDeps, db: Db, user: UserRow, code: string) {
  const secret = user.totpSecret && deps.sealer.open(user.totpSecret);
  if (!secret) return false;
  const step = matchTotp(secret, code, deps.now().getTime(), user.totpLastStep);
  if (step === null) return false;
  const taken = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, user.id), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return taken.length > 0;
}

/** Spends a recovery code: of two requests with one code, exactly one gets true. */
async function takeRecoveryCode(deps: TwoStepDeps, db: Db, userId: number, code: string) {
  const used = await db
    .update(userRecoveryCodes)
    .set({ usedAt: deps.now() })
    .where(
      and(
        eq(userRecoveryCodes.userId, userId),
        eq(userRecoveryCodes.codeHash, recoveryCodeHash(code)),
        isNull(userRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: userRecoveryCodes.id });
  return used.length > 0;
}

/**
 * Checks the second step of a member with two-step sign-in on: TOTP_REQUIRED when none came,
 * TOTP_CODE_INVALID or RECOVERY_CODE_INVALID when it is wrong, TOO_MANY_FAILED_ATTEMPTS while
 * the member's code guesses are in their backoff. `db` may be a transaction holding the user's row.
 */
export async function checkSecondStep(
  deps: TwoStepDeps,
  user: UserRow,
  offered: SecondStep,
  ip: string,
  db: Db = deps.db,
): Promise<SecondStepMethod> {
  const { totpCode, recoveryCode } = offered;
  if (totpCode === undefined && recoveryCode === undefined) throw fail('TOTP_REQUIRED');
  const attempt = await deps.throttle.begin(`two-step:${user.id}`, ip);
  if (totpCode !== undefined) {
    if (!(await takeTotpStep(deps, db, user, totpCode))) throw fail('TOTP_CODE_INVALID');
  } else if (!(await takeRecoveryCode(deps, db, user.id, recoveryCode!))) {
    throw fail('RECOVERY_CODE_INVALID');
  }
  await attempt.succeeded();
  return totpCode !== undefined ? 'authenticator' : 'recovery code';
}

/**
 * Turns two-step sign-in on with a code of the secret `startTotpSetup` made, and makes the
 * recovery codes: returned this once, stored hashed. The code's step is spent.
 */
export async function enableTotp(
  deps: TwoStepDeps,
  userId: number,
  code: string,
  ip: string,
): Promise<{ recoveryCodes: string[] }> {
  const attempt = await deps.throttle.begin(`two-step:${userId}`, ip);
  const codes = Array.from({ length: TWO_STEP.recoveryCodes }, newRecoveryCode);
  await deps.db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!user) throw fail('UNAUTHORIZED');
    if (user.totpSecret !== null) throw fail('TOTP_ALREADY_ENABLED');
    const secret = user.totpPendingSecret && deps.sealer.open(user.totpPendingSecret);
    if (!secret) throw fail('TOTP_SETUP_NOT_STARTED');
    const now = deps.now();
    const step = matchTotp(secret, code, now.getTime());
    if (step === null) throw fail('TOTP_CODE_INVALID');
    await tx
      .update(users)
      .set({
        totpSecret: user.totpPendingSecret,
        totpPendingSecret: null,
        totpLastStep: step,
        totpEnabledAt: now,
        updatedAt: now,
      })
      .where(eq(users.id, userId));
    await tx.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
    await tx
      .insert(userRecoveryCodes)
      .values(codes.map((c) => ({ userId, codeHash: recoveryCodeHash(c) })));
  });
  await attempt.succeeded();
  return { recoveryCodes: codes };
}

/** Turns two-step sign-in off with a current code or a recovery code; the codes are dropped. */
export async function disableTotp(
  deps: TwoStepDeps,
  userId: number,
  code: string,
  ip: string,
): Promise<void> {
  const compact = code.replace(/\s/g, '');
  const offered: SecondStep = /^\d{6}$/.test(compact)
    ? { totpCode: compact }
    : { recoveryCode: code };
  await deps.db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!user) throw fail('UNAUTHORIZED');
    if (!twoStepOn(user)) throw fail('TOTP_NOT_ENABLED');
    await checkSecondStep(deps, user, offered, ip, tx);
    await tx
      .update(users)
      .set({
        totpSecret: null,
        totpPendingSecret: null,
        totpLastStep: null,
        totpEnabledAt: null,
        updatedAt: deps.now(),
      })
      .where(eq(users.id, userId));
    await tx.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
  });
}
