import type { StaffRole } from '../../contract/endpoints/console';

export interface EnrolmentTokenInput {
  readonly token: string;
}

/** `enrol/info`'s answer: for whom the link is. */
export interface EnrolmentInfo {
  readonly username: string;
  readonly role: StaffRole;
  readonly expiresAt: string;
}

/** `enrol/start`'s answer: the secret to put in the authenticator app. */
export interface EnrolmentSecret {
  readonly secret: string;
  readonly otpauthUrl: string;
}

/** `enrol/finish`'s input and answer. */
export interface FinishEnrolmentInput extends EnrolmentTokenInput {
  readonly password: string;
  readonly code: string;
}
export interface FinishedEnrolment {
  readonly recoveryCodes: readonly string[];
}

export interface StaffEnrolmentInput {
  readonly token: string;
}

export interface StaffEnrolmentContext {
  readonly token: string;
  readonly info: EnrolmentInfo | null;
  readonly secret: EnrolmentSecret | null;
  /** Shown once, then forgotten when the enrolment is done. */
  readonly recoveryCodes: readonly string[];
  /** The contract code of the last refusal (TOTP_CODE_INVALID, a password rule...). */
  readonly errorCode: number | null;
}

export type StaffEnrolmentEvent =
  | { readonly type: 'RETRY' }
  | { readonly type: 'SUBMIT'; readonly password: string; readonly code: string }
  /** "I have saved them": the codes leave the screen for good. */
  | { readonly type: 'CONFIRM_SAVED' };
