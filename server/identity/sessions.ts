/**
 * Sessions: 256-bit random bearer tokens. Only their SHA-256 is stored, so a database leak yields no
 * usable token; revocation marks the row.
 */
import { hash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { sessions, users } from '../db/schema';

export const SESSION_TTL_DAYS = 30;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export type UserRow = typeof users.$inferSelect;

export interface Authenticated {
  readonly sessionId: number;
  /** A registration's session the SPA keeps for one tab; renewed on the first other call. */
  readonly tabOnly: boolean;
  readonly user: UserRow;
}

/** One-shot hash: every signed call hashes its token, and a Hash object per call costs 3x as much. */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}

/** The raw token from `Authorization`, with or without the `Bearer ` prefix; undefined when malformed. */
export function tokenFromHeader(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const token = header.replace(/^Bearer\s+/i, '').trim();
  return TOKEN_PATTERN.test(token) ? token : undefined;
}

export interface SessionOrigin {
  readonly platform: string;
  readonly deviceId: string | null;
  readonly ip: string;
  /** Opened by a register-type call (SPEC §4): renewed by `renewTabOnlySession`. */
  readonly tabOnly?: boolean;
  /** The registration's session this one renews (`renewTabOnlySession`). */
  readonly renewedFrom?: number;
}

export async function createSession(
  db: Db,
  userId: number,
  origin: SessionOrigin,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    userId,
    tokenHash: hashToken(token),
    platform: origin.platform,
    deviceId: origin.deviceId,
    ip: origin.ip,
    tabOnly: origin.tabOnly ?? false,
    renewedFrom: origin.renewedFrom ?? null,
    expiresAt: sql`now() + make_interval(days => ${SESSION_TTL_DAYS})`,
  });
  return token;
}

/**
 * The first call after a registration other than the registration itself: a fresh ordinary session
 * for the user, whose token the SPA keeps in localStorage (so other tabs are signed in too). The
 * registration's token keeps working (calls made with it may be under way; it leaves with the tab),
 * and the two are one sign-in: the new session records which one it renews, and logging out with
 * either token ends both (`revokeSession`).
 * Conditional on `tab_only`, in one transaction: of parallel first calls exactly one gets a token.
 */
export async function renewTabOnlySession(
  db: Db,
  sessionId: number,
  origin: SessionOrigin,
): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [renewed] = await tx
      .update(sessions)
      .set({ tabOnly: false })
      .where(
        and(eq(sessions.id, sessionId), eq(sessions.tabOnly, true), isNull(sessions.revokedAt)),
      )
      .returning({ userId: sessions.userId, deviceId: sessions.deviceId });
    if (!renewed) return null;
    // The same sign-in, so the same device: the one the registration recorded, whose removal on
    // /user/device ends both sessions (docs/account-area.md).
    return createSession(tx, renewed.userId, {
      ...origin,
      deviceId: renewed.deviceId,
      tabOnly: false,
      renewedFrom: sessionId,
    });
  });
}

export async function authenticate(db: Db, tokenHash: string): Promise<Authenticated | undefined> {
  const rows = await db
    .select({ sessionId: sessions.id, tabOnly: sessions.tabOnly, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        isNull(users.deletedAt),
        eq(users.disabled, false),
      ),
    )
    .limit(1);
  return rows[0];
}

/**
 * Ends a sign-in: the session, and the registration's session it was renewed from or the session it
 * was renewed into (one sign-in, two tokens). Returns the ids revoked now, for the session cache.
 */
export async function revokeSession(db: Db, sessionId: number): Promise<number[]> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        isNull(sessions.revokedAt),
        or(
          eq(sessions.id, sessionId),
          eq(sessions.renewedFrom, sessionId),
          eq(sessions.id, sql`(SELECT s.renewed_from FROM sessions s WHERE s.id = ${sessionId})`),
        ),
      ),
    )
    .returning({ id: sessions.id });
  return revoked.map((row) => row.id);
}

export async function revokeAllSessions(db: Db, userId: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
