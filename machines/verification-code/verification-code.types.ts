import type { DataOf, ParamsOf, endpoints } from '../../contract';

/** What `user_send_code` takes: channel, target and purpose. */
export type SendCodeParams = ParamsOf<typeof endpoints.userSendCode>;
/** What it answers: the cooldown to count down and the code's lifetime. */
export type SendCodeResult = DataOf<typeof endpoints.userSendCode>;

export interface VerificationCodeContext {
  /** Seconds left before another code may be requested; 0 outside `counting`. */
  readonly remaining: number;
  /** The contract error code of the last failed send, or null. */
  readonly errorCode: number | null;
}

export type VerificationCodeEvent = { readonly type: 'SEND'; readonly params: SendCodeParams };
