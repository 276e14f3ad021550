import { CODE } from '../../contract/protocol';

export const VerificationCodeState = {
  IDLE: 'idle',
  SENDING: 'sending',
  COUNTING: 'counting',
} as const;

export const VerificationCodeActor = { SEND_CODE: 'sendCode' } as const;

/** One countdown step: the button label changes once a second. */
export const TICK_MS = 1_000;

/** Used when the server refuses a resend without saying how long to wait; the server's own rule. */
export const DEFAULT_COOLDOWN_SECONDS = CODE.resendCooldownSeconds;
