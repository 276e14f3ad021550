/**
 * How many app devices an account may use at once: read where devices are admitted
 * (account-area) and where the online devices are listed (nodes).
 */
import { FREE_DEVICE_LIMIT } from '../../contract/membership';

export interface LockedUser {
  expire_time: Date | string | null;
  device_limit: number | null;
}

/** App devices allowed at once: the plan's while the membership is active, else the free allowance. */
export function deviceLimitOf(user: LockedUser, now: Date): number {
  const expire = user.expire_time === null ? null : new Date(user.expire_time);
  const active = expire !== null && expire > now;
  return active ? (user.device_limit ?? FREE_DEVICE_LIMIT) : FREE_DEVICE_LIMIT;
}
