import type { DataOf, endpoints } from '../../contract';

/** `user_totp_setup`'s answer: the secret for the authenticator app (QR code and base32 text). */
export type TotpSecret = DataOf<typeof endpoints.userTotpSetup>;

/** `user_totp_enable`'s and `user_totp_disable`'s input: the code typed. */
export interface TwoStepCodeInput {
  readonly code: string;
}

/** `user_totp_enable`'s answer: the recovery codes, shown this once. */
export type TwoStepEnabled = DataOf<typeof endpoints.userTotpEnable>;

export interface TwoStepSetupContext {
  /** The secret being set up; dropped when the setup ends either way. */
  readonly secret: TotpSecret | null;
  /** Shown once, then forgotten when the member has saved them. */
  readonly recoveryCodes: readonly string[];
  /** The contract code of the last refusal (TOTP_CODE_INVALID, TOO_MANY_FAILED_ATTEMPTS...). */
  readonly errorCode: number | null;
  /** Its data: the seconds to wait of TOO_MANY_FAILED_ATTEMPTS. */
  readonly errorData: unknown;
}

export type TwoStepSetupEvent =
  /** "Turn on two-step sign-in". */
  | { readonly type: 'START' }
  /** The code typed: the new secret's first code, or (turning off) a code or a recovery code. */
  | { readonly type: 'SUBMIT'; readonly code: string }
  | { readonly type: 'CANCEL' }
  /** "Done" after "I have saved my recovery codes": the codes leave the screen for good. */
  | { readonly type: 'CONFIRM_SAVED' }
  /** "Turn off". */
  | { readonly type: 'TURN_OFF' };
