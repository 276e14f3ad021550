/**
 * The staff door (issue 21, item 2; docs/console.md): enrolment through a single-use link (password,
 * authenticator, recovery codes), sign-in with password and always a second factor, and the step-up
 * code before money actions. Password and code guesses pass the members' password throttle; every
 * sign-in, failed or not, is audited.
 */
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { CONSOLE_SESSION, type StaffRole } from '../../contract/endpoints/console';
import type { PasswordThrottle } from '../accounts/password-throttle';
import type { Db } from '../db/database';
import { staff, staffEnrolments, staffRecoveryCodes } from '../db/schema';
import type { PasswordHasher } from '../identity/password-hasher';
import { newRecoveryCode, recoveryCodeHash } from '../identity/recovery-codes';
import { matchTotp, newTotpSecret, totpUri, type TotpSealer } from '../identity/totp';
import { ApiError, fail } from '../protocol/api-error';
import { writeAudit, type AuditActor } from './audit';
import {
  createStaffSession,
  markSecondFactor,
  type StaffAuth,
  type StaffRow,
} from './console-session';
import { hashSecret } from './staff-operations';

/** The issuer an authenticator app shows beside the account. */
export const TOTP_ISSUER = 'Kestrel VPN console';

export interface DoorDeps {
  readonly db: Db;
  readonly hasher: PasswordHasher;
  readonly throttle: PasswordThrottle;
  readonly now: () => Date;
  /** TOTP secrets are stored sealed (server/identity/totp.ts). */
  readonly sealer: TotpSealer;
}

export interface Client {
  readonly ip: string;
  readonly userAgent: string | null;
}

type EnrolmentRow = typeof staffEnrolments.$inferSelect;

/** The live enrolment a token names, with its staff member; ENROLMENT_LINK_INVALID otherwise. */
async function liveEnrolment(
  db: Db,
  token: string,
  now: Date,
  lock = false,
): Promise<{ enrolment: EnrolmentRow; member: StaffRow }> {
  const query = db
    .select({ enrolment: staffEnrolments, member: staff })
    .from(staffEnrolments)
    .innerJoin(staff, eq(staff.id, staffEnrolments.staffId))
    .where(
      and(
        eq(staffEnrolments.tokenHash, hashSecret(token)),
        isNull(staffEnrolments.usedAt),
        gt(staffEnrolments.expiresAt, now),
        eq(staff.disabled, false),
      ),
    )
    .limit(1);
  const [found] = lock ? await query.for('update') : await query;
  if (!found) throw fail('ENROLMENT_LINK_INVALID');
  return found;
}

export async function enrolmentInfo(
  db: Db,
  token: string,
  now: Date,
): Promise<{ username: string; role: StaffRole; expiresAt: string }> {
  const { enrolment, member } = await liveEnrolment(db, token, now);
  return {
    username: member.username,
    role: member.role,
    expiresAt: enrolment.expiresAt.toISOString(),
  };
}

/** A new authenticator secret for the enrolment (the last one made counts). */
export async function startEnrolment(
  deps: Pick<DoorDeps, 'db' | 'sealer' | 'now'>,
  token: string,
): Promise<{ secret: string; otpauthUrl: string }> {
  const { db } = deps;
  const { enrolment, member } = await liveEnrolment(db, token, deps.now());
  const secret = newTotpSecret();
  await db
    .update(staffEnrolments)
    .set({ totpSecret: deps.sealer.seal(secret) })
    .where(and(eq(staffEnrolments.id, enrolment.id), isNull(staffEnrolments.usedAt)));
  return { secret, otpauthUrl: totpUri(secret, member.username, TOTP_ISSUER) };
}

/**
 * Sets the password and the authenticator (checked with a first code), makes the 10 recovery codes
 * (returned once, stored hashed), and spends the link and every other open link of the member.
 */
export async function finishEnrolment(
  deps: Pick<DoorDeps, 'db' | 'hasher' | 'now' | 'sealer'>,
  input: { token: string; password: string; code: string },
  client: Client,
): Promise<{ recoveryCodes: string[] }> {
  // Checked before the slow hash: a dead link costs no argon2 run.
  await liveEnrolment(deps.db, input.token, deps.now());
  const passwordHash = await deps.hasher.hash(input.password);
  const codes = Array.from({ length: CONSOLE_SESSION.recoveryCodes }, newRecoveryCode);
  await deps.db.transaction(async (tx) => {
    const now = deps.now();
    const { enrolment, member } = await liveEnrolment(tx, input.token, now, true);
    const secret = enrolment.totpSecret && deps.sealer.open(enrolment.totpSecret);
    if (!secret) throw fail('ENROLMENT_NOT_STARTED');
    const step = matchTotp(secret, input.code, now.getTime());
    if (step === null) throw fail('TOTP_CODE_INVALID');
    await tx
      .update(staff)
      .set({
        passwordHash,
        totpSecret: enrolment.totpSecret,
        totpLastStep: step,
        updatedAt: now,
      })
      .where(eq(staff.id, member.id));
    await tx
      .update(staffEnrolments)
      .set({ usedAt: now })
      .where(and(eq(staffEnrolments.staffId, member.id), isNull(staffEnrolments.usedAt)));
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, member.id));
    await tx.insert(staffRecoveryCodes).values(
      codes.map((code) => ({
        staffId: member.id,
        codeHash: recoveryCodeHash(code),
        createdAt: now,
      })),
    );
    await writeAudit(
      tx,
      { kind: 'staff', staffId: member.id, username: member.username, ip: client.ip },
      {
        action: 'staff.enrol',
        target: member.username,
        after: { enrolled: true, recoveryCodes: codes.length },
        at: now,
      },
    );
  });
  return { recoveryCodes: codes };
}

/** Accepts a TOTP step once per staff member (a concurrent use of the same code loses). */
async function takeTotpStep(
  { db, sealer }: Pick<DoorDeps, 'db' | 'sealer'>,
  member: StaffRow,
  code: string,
  now: Date,
): Promise<boolean> {
  const secret = member.totpSecret && sealer.open(member.totpSecret);
  if (!secret) return false;
  const step = matchTotp(secret, code, now.getTime(), member.totpLastStep);
  if (step === null) return false;
  const taken = await db
    .update(staff)
    .set({ totpLastStep: step })
    .where(
      and(eq(staff.id, member.id), or(isNull(staff.totpLastStep), lt(staff.totpLastStep, step))),
    )
    .returning({ id: staff.id });
  return taken.length > 0;
}

/** Spends a recovery code; returns how many are left, or null when the code is not a live one. */
async function takeRecoveryCode(
  db: Db,
  staffId: number,
  code: string,
  now: Date,
): Promise<number | null> {
  const used = await db
    .update(staffRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(staffRecoveryCodes.staffId, staffId),
        eq(staffRecoveryCodes.codeHash, recoveryCodeHash(code)),
        isNull(staffRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: staffRecoveryCodes.id });
  if (used.length === 0) return null;
  const [left] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(staffRecoveryCodes)
    .where(and(eq(staffRecoveryCodes.staffId, staffId), isNull(staffRecoveryCodes.usedAt)));
  return left?.n ?? 0;
}

/**
 * Signs a staff member in: username, password and a second factor (the authenticator's code or a
 * recovery code), always. Any wrong part answers the same STAFF_SIGN_IN_FAILED and is audited;
 * attempts pass the password throttle keyed by the typed username and by the client.
 */
export async function signIn(
  deps: DoorDeps,
  input: { username: string; password: string; code: string },
  client: Client,
): Promise<{ token: string; auth: StaffAuth }> {
  const typed = input.username.trim().toLowerCase();
  const [member] = await deps.db
    .select()
    .from(staff)
    .where(eq(sql`lower(${staff.username})`, typed))
    .limit(1);
  const actor: AuditActor = member
    ? { kind: 'staff', staffId: member.id, username: member.username, ip: client.ip }
    : { kind: 'anonymous', username: input.username.trim().slice(0, 64), ip: client.ip };
  const failed = async (reason: string): Promise<never> => {
    await writeAudit(deps.db, actor, {
      action: 'staff.sign-in-failed',
      target: member?.username ?? null,
      after: { reason },
      at: deps.now(),
    });
    throw fail('STAFF_SIGN_IN_FAILED');
  };

  let attempt;
  try {
    attempt = await deps.throttle.begin(`console-sign-in:${typed}`, client.ip);
  } catch (error) {
    if (error instanceof ApiError)
      await writeAudit(deps.db, actor, {
        action: 'staff.sign-in-failed',
        target: member?.username ?? null,
        after: { reason: 'throttled' },
        at: deps.now(),
      });
    throw error;
  }

  const usable =
    member !== undefined &&
    !member.disabled &&
    member.passwordHash !== null &&
    member.totpSecret !== null;
  if (!usable || member.passwordHash === null) {
    await deps.hasher.verifyDummy(input.password);
    return failed(!member ? 'unknown username' : member.disabled ? 'disabled' : 'not enrolled');
  }
  if (!(await deps.hasher.verify(member.passwordHash, input.password)))
    return failed('wrong password');

  const now = deps.now();
  const compact = input.code.replace(/\s/g, '');
  let method: 'authenticator' | 'recovery code';
  let recoveryCodesLeft: number | null = null;
  if (/^\d{6}$/.test(compact)) {
    method = 'authenticator';
    if (!(await takeTotpStep(deps, member, compact, now))) return failed('wrong code');
  } else {
    method = 'recovery code';
    recoveryCodesLeft = await takeRecoveryCode(deps.db, member.id, input.code, now);
    if (recoveryCodesLeft === null) return failed('wrong recovery code');
  }
  await attempt.succeeded();
  const { token, session } = await createStaffSession(deps.db, member.id, { ...client, now });
  await writeAudit(deps.db, actor, {
    action: 'staff.sign-in',
    target: member.username,
    after: {
      method,
      sessionId: session.id,
      ...(recoveryCodesLeft === null ? {} : { recoveryCodesLeft }),
    },
    at: now,
  });
  return { token, auth: { session, staff: member } };
}

/** Takes a fresh authenticator code for a signed-in staff member (step-up); audited. */
export async function stepUp(
  deps: DoorDeps,
  auth: StaffAuth,
  code: string,
  client: Client,
): Promise<StaffAuth> {
  const actor: AuditActor = {
    kind: 'staff',
    staffId: auth.staff.id,
    username: auth.staff.username,
    ip: client.ip,
  };
  const attempt = await deps.throttle.begin(`console-step-up:${auth.staff.id}`, client.ip);
  const now = deps.now();
  const [member] = await deps.db.select().from(staff).where(eq(staff.id, auth.staff.id));
  if (!member || !(await takeTotpStep(deps, member, code, now))) {
    await writeAudit(deps.db, actor, {
      action: 'staff.step-up-failed',
      target: auth.staff.username,
      at: now,
    });
    throw fail('TOTP_CODE_INVALID');
  }
  await attempt.succeeded();
  const session = await markSecondFactor(deps.db, auth.session.id, now);
  await writeAudit(deps.db, actor, {
    action: 'staff.step-up',
    target: auth.staff.username,
    at: now,
  });
  return { session, staff: member };
}
