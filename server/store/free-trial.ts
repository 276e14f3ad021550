/**
 * The free trial (SPEC §9: a 15-minute button; docs/store.md): Standard for the display config's
 * `trialMinutes`, only for an account that never had membership time, once per account and, for a
 * real app device, once per device. The trials row (unique user_id, unique device_id) and the grant
 * are written in one transaction under the user's row lock.
 */
import { sql } from 'drizzle-orm';
import { FREE_DEVICE_LIMIT, type GrantOutcome } from '../../contract/membership';
import { isAppDeviceId } from '../accounts/account-identifiers';
import { isUniqueViolation, rowsOf, type Db } from '../db/database';
import { trials } from '../db/schema';
import { fail } from '../protocol/api-error';
import { grantMembership } from './membership-grants';

/** Devices the trial allows: one, like an account without membership (docs/store.md). */
export const TRIAL_DEVICE_LIMIT = FREE_DEVICE_LIMIT;

export type TrialRefusal =
  'TRIAL_USED' | 'TRIAL_USED_ON_DEVICE' | 'TRIAL_HAD_INVITE_TRIAL' | 'TRIAL_MEMBERS_ONLY_NEW';

/**
 * Why the trial cannot start for this account on this app device, or null when it can: the true
 * reason, first match wins. The account's own trial; membership time from anything but a trial
 * (every grant sets an expiry, so an expiry without one is membership too); the invite trial of
 * the sign-up, which used the trial up (docs/account-area.md); another account's trial on the device.
 */
export async function trialRefusal(
  db: Db,
  userId: number,
  appDeviceId: string | null,
): Promise<TrialRefusal | null> {
  const [row] = rowsOf<{
    had_trial: boolean;
    had_membership: boolean;
    had_invite_trial: boolean;
    device_had_trial: boolean;
  }>(
    await db.execute(sql`
      SELECT
        EXISTS (SELECT 1 FROM trials WHERE user_id = ${userId}) AS had_trial,
        EXISTS (SELECT 1 FROM membership_grants WHERE user_id = ${userId}
                AND source NOT IN ('trial', 'invite_trial'))
          OR (EXISTS (SELECT 1 FROM users WHERE id = ${userId} AND expire_time IS NOT NULL)
              AND NOT EXISTS (SELECT 1 FROM membership_grants WHERE user_id = ${userId}))
          AS had_membership,
        EXISTS (SELECT 1 FROM membership_grants WHERE user_id = ${userId}
                AND source = 'invite_trial') AS had_invite_trial,
        EXISTS (SELECT 1 FROM trials WHERE device_id = ${appDeviceId}) AS device_had_trial`),
  );
  if (!row) return null;
  if (row.had_trial) return 'TRIAL_USED';
  if (row.had_membership) return 'TRIAL_MEMBERS_ONLY_NEW';
  if (row.had_invite_trial) return 'TRIAL_HAD_INVITE_TRIAL';
  if (row.device_had_trial) return 'TRIAL_USED_ON_DEVICE';
  return null;
}

export async function startFreeTrial(
  db: Db,
  request: {
    userId: number;
    deviceId: string | null;
    trialMinutes: number;
    conversionPercent: number;
  },
  now: Date = new Date(),
): Promise<GrantOutcome> {
  const deviceId = isAppDeviceId(request.deviceId) ? request.deviceId : null;
  try {
    return await db.transaction(async (tx) => {
      const [user] = rowsOf<{ expire_time: unknown }>(
        await tx.execute(
          sql`SELECT expire_time FROM users
              WHERE id = ${request.userId} AND deleted_at IS NULL FOR UPDATE`,
        ),
      );
      if (!user) throw fail('UNAUTHORIZED');
      // A statement of its own after the lock: it sees a trial committed while this call waited.
      const refusal = await trialRefusal(tx, request.userId, deviceId);
      if (refusal) throw fail(refusal);
      // Every grant sets an expiry: one here means the account had membership time already.
      if (user.expire_time !== null) throw fail('TRIAL_MEMBERS_ONLY_NEW');
      const inserted = await tx
        .insert(trials)
        .values({ userId: request.userId, deviceId })
        .onConflictDoNothing()
        .returning({ id: trials.id });
      // The user's own trial was ruled out under the lock: a conflict now is the device's.
      if (inserted.length === 0) throw fail('TRIAL_USED_ON_DEVICE');
      const granted = await grantMembership(
        tx,
        {
          userId: request.userId,
          source: 'trial',
          sourceRef: String(request.userId),
          planType: 1,
          seconds: request.trialMinutes * 60,
          maxDevices: TRIAL_DEVICE_LIMIT,
          conversionPercent: request.conversionPercent,
        },
        now,
      );
      if (!granted.granted) throw fail('TRIAL_USED');
      return granted.outcome;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw fail('TRIAL_USED');
    throw error;
  }
}
