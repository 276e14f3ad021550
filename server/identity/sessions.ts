/**
 * Sessions: 256-bit random bearer tokens. Only their SHA-256 is stored, so a database leak yields no
 * usable token; revocation marks the row.
 */
import { hash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull, ne, or, sql } from 'drizzle-orm';
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
  /** The client's User-Agent, for the session list (/user/security). */
  readonly userAgent?: string;
}

/** `last_active_at` is written when a lookup finds it older than this: one write a minute at most. */
export const SESSION_TOUCH_MS = 60_000;

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
    userAgent: origin.userAgent?.slice(0, 512) || null,
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
      .returning({
        userId: sessions.userId,
        deviceId: sessions.deviceId,
        userAgent: sessions.userAgent,
      });
    if (!renewed) return null;
    // The same sign-in, so the same device: the one the registration recorded, whose removal on
    // /user/device ends both sessions (docs/account-area.md).
    return createSession(tx, renewed.userId, {
      ...origin,
      deviceId: renewed.deviceId,
      userAgent: origin.userAgent ?? renewed.userAgent ?? undefined,
      tabOnly: false,
      renewedFrom: sessionId,
    });
  });
}

/**
 * The live session a token hash names, with its user. A lookup (the session cache misses at most
 * every couple of seconds per token) also marks the session active, at most once a minute.
 */
export async function authenticate(
  db: Db,
  tokenHash: string,
  nowMs: number = Date.now(),
): Promise<Authenticated | undefined> {
  const rows = await db
    .select({
      sessionId: sessions.id,
      tabOnly: sessions.tabOnly,
      lastActiveAt: sessions.lastActiveAt,
      user: users,
    })
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
  const found = rows[0];
  if (!found) return undefined;
  const { lastActiveAt, ...auth } = found;
  if (nowMs - lastActiveAt.getTime() >= SESSION_TOUCH_MS) {
    await db
      .update(sessions)
      .set({ lastActiveAt: sql`now()` })
      .where(eq(sessions.id, auth.sessionId));
  }
  return auth;
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

export interface LiveSession {
  readonly id: number;
  readonly platform: string;
  readonly userAgent: string | null;
  readonly ip: string | null;
  readonly createdAt: Date;
  readonly lastActiveAt: Date;
  /** True when `current` is this sign-in (either of its two tokens after a registration). */
  readonly current: boolean;
}

/**
 * The account's signed-in sessions, most recently active first. A registration's session and the
 * one it was renewed into are one sign-in (`renewTabOnlySession`): listed once, as the newer.
 */
export async function listSessions(
  db: Db,
  userId: number,
  currentSessionId: number,
): Promise<LiveSession[]> {
  const rows = await db
    .select({
      id: sessions.id,
      platform: sessions.platform,
      userAgent: sessions.userAgent,
      ip: sessions.ip,
      createdAt: sessions.createdAt,
      lastActiveAt: sessions.lastActiveAt,
      renewedFrom: sessions.renewedFrom,
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(sessions.lastActiveAt), desc(sessions.id));
  const renewed = new Set(
    rows.flatMap((row) => (row.renewedFrom === null ? [] : [row.renewedFrom])),
  );
  return rows
    .filter((row) => !renewed.has(row.id))
    .map(({ renewedFrom, ...row }) => ({
      ...row,
      current: row.id === currentSessionId || renewedFrom === currentSessionId,
    }));
}

/**
 * Ends every sign-in of the account but the one `keepSessionId` belongs to (both its tokens stay).
 * Returns the ids revoked, for the session cache, and how many sign-ins that was.
 */
export async function revokeOtherSessions(
  db: Db,
  userId: number,
  keepSessionId: number,
): Promise<{ revokedIds: number[]; signIns: number }> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        ne(sessions.id, keepSessionId),
        or(isNull(sessions.renewedFrom), ne(sessions.renewedFrom, keepSessionId)),
        sql`${sessions.id} IS DISTINCT FROM (SELECT s.renewed_from FROM sessions s WHERE s.id = ${keepSessionId})`,
      ),
    )
    .returning({ id: sessions.id, renewedFrom: sessions.renewedFrom });
  return { revokedIds: revoked.map((row) => row.id), signIns: signInCount(revoked) };
}

/** Revoked rows as sign-ins: a registration's token and the one it was renewed into count once. */
export function signInCount(rows: readonly { id: number; renewedFrom: number | null }[]): number {
  const ids = new Set(rows.map((row) => row.id));
  return rows.filter((row) => row.renewedFrom === null || !ids.has(row.renewedFrom)).length;
}

/**
 * Whether the account ever had a session on this device id (revoked or expired ones count): a
 * sign-in from a device it has not had is alerted (docs/account-security.md).
 */
export async function hasSignedInFrom(db: Db, userId: number, deviceId: string): Promise<boolean> {
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.deviceId, deviceId)))
    .limit(1);
  return rows.length > 0;
}
