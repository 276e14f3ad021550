/**
 * Staff console sessions (issue 21, item 3; docs/console.md): a 256-bit random id in an HttpOnly,
 * SameSite=Strict cookie (Secure outside DEV), stored as its SHA-256; 15 minutes idle, 8 hours
 * absolute; a per-session CSRF token every write echoes; and the time a second factor was last
 * entered, which `requireFreshSecondFactor` checks before money actions (step-up).
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import {
  CONSOLE_SESSION,
  CONSOLE_SESSION_COOKIE,
  type ConsoleSession,
} from '../../contract/endpoints/console';
import type { Db } from '../db/database';
import { staff, staffSessions } from '../db/schema';
import { ApiError } from '../protocol/api-error';
import { Errors } from '../../contract/errors';
import { permissionsOf } from './roles';
import { hashSecret } from './staff-operations';

const IDLE_MS = CONSOLE_SESSION.idleMinutes * 60_000;
const ABSOLUTE_MS = CONSOLE_SESSION.absoluteHours * 3_600_000;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export type StaffRow = typeof staff.$inferSelect;
export type StaffSessionRow = typeof staffSessions.$inferSelect;

export interface StaffAuth {
  readonly session: StaffSessionRow;
  readonly staff: StaffRow;
}

/** The console's refusals keep their HTTP status (docs/console.md). */
export function consoleFail(
  key: 'CONSOLE_SIGNED_OUT' | 'CONSOLE_FORBIDDEN' | 'CONSOLE_CSRF_REJECTED' | 'STEP_UP_REQUIRED',
  data: Record<string, unknown> | null = null,
): ApiError {
  return new ApiError(Errors[key].code, key === 'CONSOLE_SIGNED_OUT' ? 401 : 403, data);
}

/** `Set-Cookie` for a new session; `secure` everywhere but DEV (plain http on localhost). */
export function sessionCookie(token: string, secure: boolean): string {
  return [
    `${CONSOLE_SESSION_COOKIE}=${token}`,
    'Path=/',
    `Max-Age=${CONSOLE_SESSION.absoluteHours * 3600}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

/** `Set-Cookie` that removes the session cookie. */
export function clearedSessionCookie(secure: boolean): string {
  return [
    `${CONSOLE_SESSION_COOKIE}=`,
    'Path=/',
    'Max-Age=0',
    'HttpOnly',
    'SameSite=Strict',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

/** The session id from a `Cookie` header; undefined when absent or malformed. */
export function sessionTokenOf(cookieHeader: string | undefined): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== CONSOLE_SESSION_COOKIE) continue;
    const value = part.slice(eq + 1).trim();
    return TOKEN_PATTERN.test(value) ? value : undefined;
  }
  return undefined;
}

export async function createStaffSession(
  db: Db,
  staffId: number,
  origin: { ip: string; userAgent: string | null; now: Date },
): Promise<{ token: string; session: StaffSessionRow }> {
  const token = randomBytes(32).toString('base64url');
  const [session] = await db
    .insert(staffSessions)
    .values({
      staffId,
      tokenHash: hashSecret(token),
      csrfToken: randomBytes(32).toString('base64url'),
      ip: origin.ip,
      userAgent: origin.userAgent?.slice(0, 512) ?? null,
      createdAt: origin.now,
      lastSeenAt: origin.now,
      secondFactorAt: origin.now,
    })
    .returning();
  return { token, session: session! };
}

/** Whether a session has outlived its idle or absolute limit at `now`. */
export function sessionExpired(session: StaffSessionRow, now: Date): boolean {
  const t = now.getTime();
  return (
    t - session.lastSeenAt.getTime() >= IDLE_MS || t - session.createdAt.getTime() >= ABSOLUTE_MS
  );
}

/**
 * The live session a cookie names, moved on (last seen now); undefined when unknown, revoked,
 * expired, or its staff member is disabled or no longer enrolled.
 */
export async function readStaffSession(
  db: Db,
  token: string,
  now: Date,
): Promise<StaffAuth | undefined> {
  const [found] = await db
    .select({ session: staffSessions, staff })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(and(eq(staffSessions.tokenHash, hashSecret(token)), isNull(staffSessions.revokedAt)))
    .limit(1);
  if (!found) return undefined;
  if (found.staff.disabled || found.staff.totpSecret === null) return undefined;
  if (sessionExpired(found.session, now)) {
    await revokeStaffSession(db, found.session.id, now);
    return undefined;
  }
  const [touched] = await db
    .update(staffSessions)
    .set({ lastSeenAt: now })
    .where(and(eq(staffSessions.id, found.session.id), isNull(staffSessions.revokedAt)))
    .returning();
  return touched ? { session: touched, staff: found.staff } : undefined;
}

/** Days an ended staff session stays on record (who was signed in from where, for an inquiry). */
export const ENDED_STAFF_SESSION_KEPT_DAYS = 30;

/**
 * Deletes the staff sessions that ended (revoked, or past their idle or absolute limit) more than
 * ENDED_STAFF_SESSION_KEPT_DAYS before `now`; returns how many. Sign-ins stay in the audit trail.
 */
export async function pruneStaffSessions(db: Db, now: Date): Promise<number> {
  const cutoff = now.getTime() - ENDED_STAFF_SESSION_KEPT_DAYS * 86_400_000;
  const removed = await db
    .delete(staffSessions)
    .where(
      or(
        lt(staffSessions.revokedAt, new Date(cutoff)),
        lt(staffSessions.lastSeenAt, new Date(cutoff - IDLE_MS)),
        lt(staffSessions.createdAt, new Date(cutoff - ABSOLUTE_MS)),
      ),
    )
    .returning({ id: staffSessions.id });
  return removed.length;
}

export async function revokeStaffSession(db: Db, sessionId: number, now: Date): Promise<void> {
  await db
    .update(staffSessions)
    .set({ revokedAt: now })
    .where(and(eq(staffSessions.id, sessionId), isNull(staffSessions.revokedAt)));
}

export async function markSecondFactor(
  db: Db,
  sessionId: number,
  now: Date,
): Promise<StaffSessionRow> {
  const [row] = await db
    .update(staffSessions)
    .set({ secondFactorAt: now })
    .where(eq(staffSessions.id, sessionId))
    .returning();
  return row!;
}

/** The CSRF header matches the session's token (constant time). */
export function csrfMatches(session: StaffSessionRow, header: string | undefined): boolean {
  if (!header) return false;
  const expected = Buffer.from(session.csrfToken);
  const given = Buffer.from(header);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Step-up (issue 21, item 3): money actions need a second factor entered within `minutes`
 * (5 by default); otherwise STEP_UP_REQUIRED (403), and the SPA asks for a code at
 * `POST /api/admin/session/step-up` and retries.
 */
export function requireFreshSecondFactor(
  auth: StaffAuth,
  now: Date,
  minutes: number = CONSOLE_SESSION.stepUpMinutes,
): void {
  if (now.getTime() - auth.session.secondFactorAt.getTime() >= minutes * 60_000)
    throw consoleFail('STEP_UP_REQUIRED', { stepUpMinutes: minutes });
}

export function sessionView(auth: StaffAuth): ConsoleSession {
  const { session, staff: member } = auth;
  return {
    staff: { id: member.id, username: member.username, role: member.role },
    permissions: permissionsOf(member.role),
    csrfToken: session.csrfToken,
    idleExpiresAt: new Date(
      Math.min(session.lastSeenAt.getTime() + IDLE_MS, session.createdAt.getTime() + ABSOLUTE_MS),
    ).toISOString(),
    absoluteExpiresAt: new Date(session.createdAt.getTime() + ABSOLUTE_MS).toISOString(),
    secondFactorAt: session.secondFactorAt.toISOString(),
    stepUpFreshUntil: new Date(
      session.secondFactorAt.getTime() + CONSOLE_SESSION.stepUpMinutes * 60_000,
    ).toISOString(),
  };
}
