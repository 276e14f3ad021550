import type { ConsoleSession } from '../../contract/endpoints/console';

/** What the second-factor field holds: the app's 6-digit code or one recovery code. */
export type SecondFactorKind = 'totp' | 'recovery';

/** `POST /api/admin/session/sign-in`'s input. */
export interface StaffSignInInput {
  readonly username: string;
  readonly password: string;
  readonly code: string;
}

export interface StaffSignInContext {
  readonly factor: SecondFactorKind;
  /** The contract code of the last refusal (STAFF_SIGN_IN_FAILED, TOO_MANY_FAILED_ATTEMPTS...). */
  readonly errorCode: number | null;
  /** The server's wait before the next attempt, while throttled. */
  readonly retryAfterSeconds: number;
  readonly session: ConsoleSession | null;
}

export type StaffSignInEvent =
  | ({ readonly type: 'SUBMIT' } & StaffSignInInput)
  /** "Use a recovery code" / "Use the authenticator app". */
  | { readonly type: 'TOGGLE_FACTOR' };
