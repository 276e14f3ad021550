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
      // A statement of its own after the lock: it sees a trial committed while this call waited.
      const [had] = rowsOf<{ had_trial: boolean }>(
        await tx.execute(
          sql`SELECT EXISTS (SELECT 1 FROM trials WHERE user_id = ${request.userId}) AS had_trial`,
        ),
      );
      if (!user) throw fail('UNAUTHORIZED');
      if (had?.had_trial) throw fail('TRIAL_USED');
      // Every grant sets an expiry: one here means the account had membership time already.
      if (user.expire_time !== null) throw fail('TRIAL_MEMBERS_ONLY_NEW');
      const inserted = await tx
        .insert(trials)
        .values({ userId: request.userId, deviceId })
        .onConflictDoNothing()
        .returning({ id: trials.id });
      if (inserted.length === 0) throw fail('TRIAL_USED');
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
