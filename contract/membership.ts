/**
 * The membership arithmetic shared by the server (which applies it inside the crediting transaction)
 * and the SPA (which shows its outcome before the user pays). One membership per user: a plan type
 * and an expiry. Rules, in docs/store.md:
 * - nothing active: the purchase starts now, with its own plan type;
 * - same plan type active: the purchase extends from the current expiry;
 * - Lite active, Standard bought (SPEC §4 upgrade): Standard starts now for the bought duration, and
 *   the remaining Lite time is added converted at the server's percentage;
 * - Standard active, Lite bought: the plan stays Standard (no one is downgraded mid-term) and the
 *   Lite duration is added converted at the same percentage.
 */
import { ShopGroupType } from './enums';

export const SECONDS_PER_DAY = 86_400;

export interface Membership {
  readonly planType: ShopGroupType | null;
  readonly expireTime: Date | null;
}

export interface TimeGrant {
  readonly planType: ShopGroupType;
  readonly seconds: number;
}

export type GrantKind = 'start' | 'extend' | 'upgrade' | 'convert-into-standard';

export interface GrantOutcome extends Membership {
  readonly planType: ShopGroupType;
  readonly expireTime: Date;
  readonly kind: GrantKind;
  /** Seconds added to the membership, after any conversion. */
  readonly addedSeconds: number;
  /** For an upgrade: the Lite time that was left, and what it became. */
  readonly convertedFromSeconds: number;
  readonly convertedToSeconds: number;
}

export function isActive(membership: Membership, now: Date): boolean {
  return (
    membership.planType !== null &&
    membership.expireTime !== null &&
    membership.expireTime.getTime() > now.getTime()
  );
}

/** Whole seconds of `seconds` at `percent` (0-100), rounded down: never credit a fraction. */
export function convertSeconds(seconds: number, percent: number): number {
  const bounded = Math.min(100, Math.max(0, percent));
  return Math.floor((seconds * bounded) / 100);
}

export function applyGrant(
  current: Membership,
  grant: TimeGrant,
  now: Date,
  conversionPercent: number,
): GrantOutcome {
  const nowMs = now.getTime();
  const active = isActive(current, now);
  if (!active || current.planType === grant.planType) {
    // Nothing to convert: the grant starts now, or extends the same plan from its expiry.
    const fromMs = active ? current.expireTime!.getTime() : nowMs;
    return {
      planType: grant.planType,
      expireTime: new Date(fromMs + grant.seconds * 1000),
      kind: active ? 'extend' : 'start',
      addedSeconds: grant.seconds,
      convertedFromSeconds: 0,
      convertedToSeconds: 0,
    };
  }
  const expireMs = current.expireTime!.getTime();
  if (grant.planType === ShopGroupType.STANDARD) {
    const remaining = Math.floor((expireMs - nowMs) / 1000);
    const converted = convertSeconds(remaining, conversionPercent);
    return {
      planType: ShopGroupType.STANDARD,
      expireTime: new Date(nowMs + (grant.seconds + converted) * 1000),
      kind: 'upgrade',
      addedSeconds: grant.seconds + converted - remaining,
      convertedFromSeconds: remaining,
      convertedToSeconds: converted,
    };
  }
  const converted = convertSeconds(grant.seconds, conversionPercent);
  return {
    planType: ShopGroupType.STANDARD,
    expireTime: new Date(expireMs + converted * 1000),
    kind: 'convert-into-standard',
    addedSeconds: converted,
    convertedFromSeconds: grant.seconds,
    convertedToSeconds: converted,
  };
}

/** A plan of at least this many months makes its buyer a yearly-paid user (SPEC §3). */
export const YEARLY_PLAN_MONTHS = 12;

/** Devices an account without an active membership may use at once (docs/store.md). */
export const FREE_DEVICE_LIMIT = 1;
