/**
 * The one way membership time is granted or taken back. Callers pass the transaction that also
 * records what caused the grant (payment, redemption, trial); the ledger row's unique
 * (source, source_ref) and the user row lock make a repeat or a race a no-op, never a second grant.
 */
import { and, eq, sql } from 'drizzle-orm';
import {
  applyGrant,
  isActive,
  YEARLY_PLAN_MONTHS,
  type GrantOutcome,
  type Membership,
} from '../../contract/membership';
import type { ShopGroupType } from '../../contract';
import { rowsOf, type Db } from '../db/database';
import { membershipGrants, users, type GrantSource } from '../db/schema';

export interface GrantRequest {
  readonly userId: number;
  readonly source: GrantSource;
  /** What caused it, unique per source: an order number, a code id + user id, a user id. */
  readonly sourceRef: string;
  readonly planType: ShopGroupType;
  readonly seconds: number;
  /** Devices the granted plan allows; the user keeps the larger of this and what they had. */
  readonly maxDevices: number;
  /** The plan's months when the grant is a paid purchase (drives the yearly-paid flag). */
  readonly paidMonths?: number;
  /** Lite<->Standard conversion percentage (display config `liteToStandardPercent`). */
  readonly conversionPercent: number;
}

export type GrantResult =
  | { readonly granted: true; readonly outcome: GrantOutcome }
  | { readonly granted: false; readonly reason: 'duplicate' | 'no-user' };

interface LockedUser {
  plan_type: number | null;
  expire_time: Date | string | null;
  device_limit: number | null;
  benefits_expire_time: Date | string | null;
}

const asDate = (value: Date | string | null): Date | null =>
  value === null ? null : value instanceof Date ? value : new Date(value);

async function lockUser(tx: Db, userId: number): Promise<LockedUser | undefined> {
  const result = await tx.execute(
    sql`SELECT plan_type, expire_time, device_limit, benefits_expire_time
        FROM users WHERE id = ${userId} AND deleted_at IS NULL FOR UPDATE`,
  );
  return rowsOf<LockedUser>(result)[0];
}

/** Must run inside a transaction: `db.transaction((tx) => grantMembership(tx, ...))`. */
export async function grantMembership(
  tx: Db,
  request: GrantRequest,
  now: Date = new Date(),
): Promise<GrantResult> {
  const user = await lockUser(tx, request.userId);
  if (!user) return { granted: false, reason: 'no-user' };
  const current: Membership = {
    planType: user.plan_type === 1 || user.plan_type === 2 ? user.plan_type : null,
    expireTime: asDate(user.expire_time),
  };
  const outcome = applyGrant(
    current,
    { planType: request.planType, seconds: request.seconds },
    now,
    request.conversionPercent,
  );
  const inserted = await tx
    .insert(membershipGrants)
    .values({
      userId: request.userId,
      source: request.source,
      sourceRef: request.sourceRef,
      planType: outcome.planType,
      kind: outcome.kind,
      seconds: outcome.addedSeconds,
      expireBefore: current.expireTime,
      expireAfter: outcome.expireTime,
    })
    .onConflictDoNothing({ target: [membershipGrants.source, membershipGrants.sourceRef] })
    .returning({ id: membershipGrants.id });
  if (inserted.length === 0) return { granted: false, reason: 'duplicate' };

  const active = isActive(current, now);
  const deviceLimit = Math.max(request.maxDevices, active ? (user.device_limit ?? 0) : 0);
  const yearly = (request.paidMonths ?? 0) >= YEARLY_PLAN_MONTHS;
  const benefitsBefore = asDate(user.benefits_expire_time);
  await tx
    .update(users)
    .set({
      planType: outcome.planType,
      expireTime: outcome.expireTime,
      deviceLimit,
      updatedAt: now,
      ...(yearly
        ? {
            yearlyPaid: true,
            benefitsExpireTime:
              benefitsBefore && benefitsBefore > outcome.expireTime
                ? benefitsBefore
                : outcome.expireTime,
          }
        : {}),
    })
    .where(eq(users.id, request.userId));
  return { granted: true, outcome };
}

/**
 * Takes back the time an order granted (refund), never below now, once per order. The yearly flag
 * is recomputed by the caller from the user's remaining paid yearly orders.
 */
export async function revokeOrderGrant(
  tx: Db,
  userId: number,
  orderNo: string,
  now: Date = new Date(),
): Promise<{ revoked: boolean; expireTime: Date | null }> {
  const user = await lockUser(tx, userId);
  if (!user) return { revoked: false, expireTime: null };
  const [grant] = await tx
    .select()
    .from(membershipGrants)
    .where(and(eq(membershipGrants.source, 'order'), eq(membershipGrants.sourceRef, orderNo)));
  if (!grant) return { revoked: false, expireTime: asDate(user.expire_time) };
  const expireBefore = asDate(user.expire_time);
  const reduced = expireBefore
    ? new Date(Math.max(now.getTime(), expireBefore.getTime() - grant.seconds * 1000))
    : now;
  const inserted = await tx
    .insert(membershipGrants)
    .values({
      userId,
      source: 'refund',
      sourceRef: orderNo,
      planType: grant.planType,
      kind: 'refund',
      seconds: -Math.round(((expireBefore?.getTime() ?? now.getTime()) - reduced.getTime()) / 1000),
      expireBefore,
      expireAfter: reduced,
    })
    .onConflictDoNothing({ target: [membershipGrants.source, membershipGrants.sourceRef] })
    .returning({ id: membershipGrants.id });
  if (inserted.length === 0) return { revoked: false, expireTime: expireBefore };
  await tx.update(users).set({ expireTime: reduced, updatedAt: now }).where(eq(users.id, userId));
  return { revoked: true, expireTime: reduced };
}
