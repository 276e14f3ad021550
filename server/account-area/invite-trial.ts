/**
 * A friend who signs up with an invite code gets the display config's `inviteTrialMinutes` of
 * Standard (SPEC §9), granted through the membership ledger in the sign-up transaction: the unique
 * ('invite_trial', invitee id) makes it once per account.
 */
import { FREE_DEVICE_LIMIT } from '../../contract/membership';
import type { Db } from '../db/database';
import { storedDisplayConfig } from '../settings/default-settings';
import { grantMembership } from '../store/membership-grants';

export async function grantInviteTrial(tx: Db, inviteeId: number): Promise<void> {
  const display = await storedDisplayConfig(tx);
  if (display.inviteTrialMinutes <= 0) return;
  await grantMembership(tx, {
    userId: inviteeId,
    source: 'invite_trial',
    sourceRef: String(inviteeId),
    planType: 1,
    seconds: display.inviteTrialMinutes * 60,
    maxDevices: FREE_DEVICE_LIMIT,
    conversionPercent: display.liteToStandardPercent,
  });
}
