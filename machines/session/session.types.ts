import type { UserInfo } from '../../contract/endpoints/system';

export interface SessionContext {
  /** The current user, or null while unknown or logged out. */
  readonly user: UserInfo | null;
  /** `yearlyPaidUser` is YES. */
  readonly isYearlyPaid: boolean;
  /** `benefitsExpireTime` lies after the server's clock at the time of the fetch. */
  readonly isBenefitsActive: boolean;
  /** The contract error code of the last failure, or null. */
  readonly errorCode: number | null;
}

export type SessionEvent =
  /** A login or registration succeeded (the token is stored): fetch the user. */
  | { readonly type: 'LOGGED_IN' }
  /** The user asked to log out. */
  | { readonly type: 'LOGOUT' }
  /** The API answered 401 to a call made while logged in: the session ended elsewhere. */
  | { readonly type: 'UNAUTHORIZED' }
  /** Something changed the account (payment, redeem code): fetch the user again. */
  | { readonly type: 'REFRESH' };

export type SessionEventType = SessionEvent['type'];
