/**
 * The operator functions on members (issue 21, item 5; docs/console.md): the console's members
 * section and the CLI's `users` commands both call these, so each rule is written once. A change
 * and its audit entry are one transaction; a change of membership is a row in the membership
 * ledger whose unique (source, source_ref) makes a repeated submission a no-op.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { ShopGroupType } from '../../../contract';
import {
  adjustDaysField,
  bulkDaysField,
  memberIdField,
  reasonField,
  submissionKeyField,
} from '../../../contract/endpoints/console-users';
import { unbindDevice } from '../../account-area/devices';
import { rowsOf, type Db } from '../../db/database';
import { bulkExtensions, membershipGrants, sessions, users } from '../../db/schema';
import type { SessionCache } from '../../identity/session-cache';
import { resetSubscription } from '../../nodes/node-credentials';
import { fail } from '../../protocol/api-error';
import { auditedOperation, type Committed, type OperationStep } from '../audited-operation';
import { checked } from '../checked-input';

const DAY_MS = 86_400_000;

export interface MemberDeps {
  readonly db: Db;
  readonly now: () => Date;
  /** This process's cache of member sessions: a revocation applies at once (identity/session-cache). */
  readonly sessionCache?: SessionCache;
}

export interface MembershipState {
  readonly expireTime: string | null;
  readonly planType: 1 | 2 | null;
}

interface LockedMember {
  id: number;
  plan_type: number | null;
  expire_time: Date | string | null;
  device_limit: number | null;
  disabled: boolean;
}

const asDate = (value: Date | string | null) =>
  value === null ? null : value instanceof Date ? value : new Date(value);
const planOf = (value: number | null): 1 | 2 | null => (value === 1 || value === 2 ? value : null);
const target = (userId: number) => `user:${userId}`;
const checkedMemberId = (input: { userId: unknown }) => checked(memberIdField, input.userId);

type Step = OperationStep<MemberDeps>;

async function lockMember(tx: Db, userId: number): Promise<LockedMember> {
  const [row] = rowsOf<LockedMember>(
    await tx.execute(
      sql`SELECT id, plan_type, expire_time, device_limit, disabled
          FROM users WHERE id = ${userId} AND deleted_at IS NULL FOR UPDATE`,
    ),
  );
  if (!row) throw fail('USER_NOT_FOUND');
  return row;
}

function stateOf(member: { plan_type: number | null; expire_time: Date | string | null }) {
  const expire = asDate(member.expire_time);
  return { expireTime: expire?.toISOString() ?? null, planType: planOf(member.plan_type) };
}

/**
 * The most devices a plan of this type allows, for a member who had no membership before an
 * operator gives one (the plans table; 5 when it holds none).
 */
async function planDevices(tx: Db, planType: 1 | 2): Promise<number> {
  const [row] = rowsOf<{ n: number | null }>(
    await tx.execute(sql`SELECT max(max_devices) AS n FROM plans WHERE group_type = ${planType}`),
  );
  return row?.n ?? 5;
}

/**
 * Extends (days > 0) or shortens (days < 0) a membership. Extending an active membership adds to
 * its expiry; extending an ended one starts from now with the member's last plan (Standard when
 * they never had one). Shortening never goes below now, and needs an active membership.
 */
export const adjustMembership = auditedOperation(
  (input: { userId: unknown; days: unknown; reason: unknown; key: unknown }) => ({
    userId: checkedMemberId(input),
    days: checked(adjustDaysField, input.days),
    reason: checked(reasonField, input.reason),
    key: checked(submissionKeyField, input.key),
  }),
  async ({ tx, now, audit }: Step, { userId, days, reason, key }): Promise<MembershipState> => {
    const member = await lockMember(tx, userId);
    const before = stateOf(member);
    const expire = asDate(member.expire_time);
    const active = expire !== null && expire > now;
    if (days < 0 && !active) throw fail('MEMBERSHIP_NOT_ACTIVE');
    const planType = planOf(member.plan_type) ?? ShopGroupType.STANDARD;
    const from = active ? expire : now;
    const after = new Date(Math.max(now.getTime(), from.getTime() + days * DAY_MS));
    const inserted = await tx
      .insert(membershipGrants)
      .values({
        userId,
        source: 'admin',
        sourceRef: `adjust:${key}`,
        planType,
        kind: days > 0 ? 'extend' : 'shorten',
        seconds: Math.round((after.getTime() - (active ? from.getTime() : now.getTime())) / 1000),
        expireBefore: expire,
        expireAfter: after,
      })
      .onConflictDoNothing({ target: [membershipGrants.source, membershipGrants.sourceRef] })
      .returning({ id: membershipGrants.id });
    // The same submission again (a double click, a retry): it was applied once already.
    if (inserted.length === 0) return before;
    const deviceLimit = active ? member.device_limit : await planDevices(tx, planType);
    await tx
      .update(users)
      .set({ planType, expireTime: after, deviceLimit, updatedAt: now })
      .where(eq(users.id, userId));
    const state = { expireTime: after.toISOString(), planType };
    await audit({
      action: 'member.membership',
      target: target(userId),
      before,
      // `grant` names the ledger row: the member's record finds the reason and the author by it.
      after: { ...state, days, reason, grant: `adjust:${key}` },
    });
    return state;
  },
);

/** Ends every session of a member in the database and in this process's cache; returns how many. */
async function endSessions(deps: MemberDeps, tx: Db, userId: number): Promise<number> {
  const ended = await tx
    .update(sessions)
    .set({ revokedAt: deps.now() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return ended.length;
}

/** Forgets a member's sessions in this process's cache once their end is committed. */
function forgetSessions<R>(
  committed: R,
  { deps, value }: Committed<MemberDeps, { userId: number }>,
) {
  deps.sessionCache?.forgetUser(value.userId);
  return committed;
}

export const setMemberDisabled = auditedOperation(
  (input: { userId: unknown; disabled: boolean; reason: unknown }) => ({
    userId: checkedMemberId(input),
    reason: checked(reasonField, input.reason),
    disabled: input.disabled,
  }),
  async ({ tx, deps, now, audit }: Step, { userId, reason, disabled }) => {
    const member = await lockMember(tx, userId);
    await tx.update(users).set({ disabled, updatedAt: now }).where(eq(users.id, userId));
    const sessionsEnded = disabled ? await endSessions(deps, tx, userId) : 0;
    await audit({
      action: disabled ? 'member.disable' : 'member.enable',
      target: target(userId),
      before: { disabled: member.disabled },
      after: { disabled, sessionsEnded, reason },
    });
    return { disabled };
  },
  (committed, context) => (committed.disabled ? forgetSessions(committed, context) : committed),
);

const userIdOnly = (input: { userId: unknown }) => ({ userId: checkedMemberId(input) });

export const signOutMember = auditedOperation(
  userIdOnly,
  async ({ tx, deps, audit }: Step, { userId }) => {
    await lockMember(tx, userId);
    const sessionsEnded = await endSessions(deps, tx, userId);
    await audit({ action: 'member.sign-out', target: target(userId), after: { sessionsEnded } });
    return { sessionsEnded };
  },
  forgetSessions,
);

export const resetMemberSubscription = auditedOperation(
  userIdOnly,
  async ({ tx, audit }: Step, { userId }): Promise<Record<string, never>> => {
    await lockMember(tx, userId);
    await resetSubscription(tx, userId);
    await audit({ action: 'member.reset-subscription', target: target(userId) });
    return {};
  },
);

export const removeMemberDevice = auditedOperation(
  (input: { userId: unknown; deviceId: number }) => ({
    userId: checkedMemberId(input),
    deviceId: input.deviceId,
  }),
  async ({ tx, audit }: Step, { userId, deviceId }): Promise<Record<string, never>> => {
    await lockMember(tx, userId);
    if (!(await unbindDevice(tx, userId, deviceId))) throw fail('DEVICE_NOT_FOUND');
    await audit({ action: 'member.remove-device', target: target(userId), before: { deviceId } });
    return {};
  },
  forgetSessions,
);

/** Members whose membership runs at `now`: those an outage compensation extends. */
export async function activeMemberCount(db: Db, now: Date): Promise<number> {
  const [row] = rowsOf<{ n: string | number }>(
    await db.execute(
      sql`SELECT count(*) AS n FROM users
          WHERE deleted_at IS NULL AND plan_type IS NOT NULL AND expire_time > ${now}`,
    ),
  );
  return Number(row?.n ?? 0);
}

export interface BulkExtension {
  readonly extended: number;
  readonly days: number;
  readonly applied: boolean;
  readonly appliedAt: string;
}

/**
 * Outage compensation: every active member gets `days` more, in one transaction and two
 * statements however many members there are. The submission key is unique: a second submission
 * with it (a double click, two tabs, a retry after a timeout) waits for the first and then
 * applies nothing, answering what the first did.
 */
export const extendActiveMembers = auditedOperation(
  (input: { days: unknown; reason: unknown; key: unknown }) => ({
    days: checked(bulkDaysField, input.days),
    reason: checked(reasonField, input.reason),
    key: checked(submissionKeyField, input.key),
  }),
  async ({ tx, now, audit }: Step, { days, reason, key }): Promise<BulkExtension> => {
    const [claimed] = await tx
      .insert(bulkExtensions)
      .values({ key, days, reason, appliedAt: now })
      .onConflictDoNothing({ target: bulkExtensions.key })
      .returning({ id: bulkExtensions.id });
    if (!claimed) {
      const [done] = await tx.select().from(bulkExtensions).where(eq(bulkExtensions.key, key));
      return {
        extended: done!.extended,
        days: done!.days,
        applied: false,
        appliedAt: done!.appliedAt.toISOString(),
      };
    }
    const seconds = days * 86_400;
    const granted = rowsOf<{ user_id: number }>(
      await tx.execute(sql`
        WITH extended AS (
          UPDATE users
          SET expire_time = expire_time + make_interval(secs => ${seconds}), updated_at = ${now}
          WHERE deleted_at IS NULL AND plan_type IS NOT NULL AND expire_time > ${now}
          RETURNING id, plan_type, expire_time
        )
        INSERT INTO membership_grants
          (user_id, source, source_ref, plan_type, kind, seconds, expire_before, expire_after)
        SELECT id, 'admin', ${`bulk:${claimed.id}:`} || id, plan_type, 'extend', ${seconds},
          expire_time - make_interval(secs => ${seconds}), expire_time
        FROM extended
        RETURNING user_id`),
    );
    await tx
      .update(bulkExtensions)
      .set({ extended: granted.length })
      .where(eq(bulkExtensions.id, claimed.id));
    await audit({
      action: 'member.extend-active',
      target: `bulk:${claimed.id}`,
      after: { days, extended: granted.length, reason },
    });
    return { extended: granted.length, days, applied: true, appliedAt: now.toISOString() };
  },
);
