import type { DataOf, ParamsOf, endpoints } from '../../contract';

/**
 * What a code request takes: `user_send_code`'s channel, target and purpose (register, reset), or
 * `user_change_target_send_code`'s channel, target and current password (a new e-mail or phone).
 */
export type SendCodeParams =
  ParamsOf<typeof endpoints.userSendCode> | ParamsOf<typeof endpoints.userChangeTargetSendCode>;
/** What either answers: the cooldown to count down and the code's lifetime. */
export type SendCodeResult = DataOf<typeof endpoints.userSendCode>;

export interface VerificationCodeContext {
  /** Seconds left before another code may be requested; 0 outside `counting`. */
  readonly remaining: number;
  /** The contract error code of the last failed send, or null. */
  readonly errorCode: number | null;
}

export type VerificationCodeEvent = { readonly type: 'SEND'; readonly params: SendCodeParams };
