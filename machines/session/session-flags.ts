import { YesNo } from '../../contract/enums';
import type { UserInfo } from '../../contract/endpoints/system';

export interface SessionFlags {
  readonly isYearlyPaid: boolean;
  readonly isBenefitsActive: boolean;
}

/**
 * The programme flags of a user. "Now" is the server's clock sent with the user (`serverTime`),
 * never the device's, so a wrong device clock cannot switch benefits on or off.
 */
export function sessionFlags(user: UserInfo): SessionFlags {
  const expires =
    user.benefitsExpireTime === null ? Number.NaN : Date.parse(user.benefitsExpireTime);
  return {
    isYearlyPaid: user.yearlyPaidUser === YesNo.YES,
    isBenefitsActive: Number.isFinite(expires) && expires > Date.parse(user.serverTime),
  };
}
