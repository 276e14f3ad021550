/**
 * The third-party client function (SPEC §4, §9): on or off; switching it on is allowed once per
 * 7 days counted from the last switch-on, decided by the server's clock under a row lock; while on,
 * the user's speed limit for the VPN nodes is 10 Mbps (third_party_clients.speed_limit_mbps), off
 * means unlimited (null). Import links are single-use (server/nodes/subscription-route.ts).
 */
import { randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { nextEnableAt, THIRD_PARTY_CLIENT } from '../../contract/account-area';
import type { ThirdPartyClientState } from '../../contract/endpoints/account-area';
import { rowsOf, type Db } from '../db/database';
import { subscriptionLinks, thirdPartyClients } from '../db/schema';
import { fail } from '../protocol/api-error';
import { hashLinkToken } from '../web/link-token';

type Row = typeof thirdPartyClients.$inferSelect;

function stateOf(
  row: Row | undefined,
  membershipActive: boolean,
  now: Date,
): ThirdPartyClientState {
  const next = row?.enabledAt ? nextEnableAt(row.enabledAt) : null;
  return {
    enabled: row?.enabled ?? false,
    enabledAt: row?.enabledAt?.toISOString() ?? null,
    nextEnableAt: next && next > now ? next.toISOString() : null,
    speedLimitMbps: row?.enabled ? row.speedLimitMbps : null,
    membershipActive,
    serverTime: now.toISOString(),
  };
}

const isActive = (expireTime: Date | null, now: Date) => expireTime !== null && expireTime > now;

export async function readThirdPartyClient(
  db: Db,
  userId: number,
  expireTime: Date | null,
): Promise<ThirdPartyClientState> {
  const now = new Date();
  const [row] = await db
    .select()
    .from(thirdPartyClients)
    .where(eq(thirdPartyClients.userId, userId));
  return stateOf(row, isActive(expireTime, now), now);
}

export async function toggleThirdPartyClient(
  db: Db,
  userId: number,
  enabled: boolean,
): Promise<ThirdPartyClientState> {
  return db.transaction(async (tx) => {
    // The user row lock serialises toggles: two parallel switch-ons cannot both pass the cooldown.
    const [user] = rowsOf<{ expire_time: Date | string | null }>(
      await tx.execute(sql`SELECT expire_time FROM users WHERE id = ${userId} FOR UPDATE`),
    );
    const now = new Date();
    const expireTime = user?.expire_time ? new Date(user.expire_time) : null;
    const active = isActive(expireTime, now);
    const [row] = await tx
      .select()
      .from(thirdPartyClients)
      .where(eq(thirdPartyClients.userId, userId));
    if (row?.enabled === enabled) return stateOf(row, active, now);
    if (enabled) {
      if (!active) throw fail('MEMBERSHIP_REQUIRED');
      const next = row?.enabledAt ? nextEnableAt(row.enabledAt) : null;
      if (next && next > now)
        throw fail('THIRD_PARTY_COOLDOWN', {
          nextEnableAt: next.toISOString(),
          serverTime: now.toISOString(),
        });
      const values = {
        enabled: true,
        enabledAt: now,
        speedLimitMbps: THIRD_PARTY_CLIENT.speedLimitMbps,
        updatedAt: now,
      };
      const [saved] = await tx
        .insert(thirdPartyClients)
        .values({ userId, ...values })
        .onConflictDoUpdate({ target: thirdPartyClients.userId, set: values })
        .returning();
      return stateOf(saved, active, now);
    }
    const [saved] = await tx
      .update(thirdPartyClients)
      .set({ enabled: false, speedLimitMbps: null, updatedAt: now })
      .where(eq(thirdPartyClients.userId, userId))
      .returning();
    // Off means no importing: any link not yet used dies with it.
    await tx
      .delete(subscriptionLinks)
      .where(and(eq(subscriptionLinks.userId, userId), isNull(subscriptionLinks.consumedAt)));
    return stateOf(saved, active, now);
  });
}

/** A fresh single-use link; earlier unused links of the user die (one live link at a time). */
export async function issueSubscriptionLink(
  db: Db,
  userId: number,
  expireTime: Date | null,
  origin: string,
): Promise<{ url: string; expiresAt: string }> {
  const now = new Date();
  if (!isActive(expireTime, now)) throw fail('MEMBERSHIP_REQUIRED');
  const token = randomBytes(24).toString('base64url');
  const expiresAt = new Date(now.getTime() + THIRD_PARTY_CLIENT.linkTtlMinutes * 60_000);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ enabled: thirdPartyClients.enabled })
      .from(thirdPartyClients)
      .where(eq(thirdPartyClients.userId, userId))
      .for('update');
    if (!row?.enabled) throw fail('THIRD_PARTY_NOT_ENABLED');
    await tx
      .delete(subscriptionLinks)
      .where(and(eq(subscriptionLinks.userId, userId), isNull(subscriptionLinks.consumedAt)));
    await tx
      .insert(subscriptionLinks)
      .values({ userId, tokenHash: hashLinkToken(token), expiresAt });
  });
  return { url: `${origin}/sub/${token}`, expiresAt: expiresAt.toISOString() };
}
