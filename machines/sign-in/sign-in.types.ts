/** What the second-step field holds: the authenticator's 6-digit code or one recovery code. */
export type SecondStepFactor = 'totp' | 'recovery';

/** `user_login`'s input, as the page sends it (device tokens are the API layer's). */
export interface LogInInput {
  readonly account: string;
  readonly password: string;
  readonly totpCode?: string;
  readonly recoveryCode?: string;
}

/**
 * The second step with a passkey: the SPA asks the server for a challenge, lets the browser's
 * passkey answer it, and sends the answer with the account and password (`user_login`'s `passkey`).
 */
export interface PasskeySecondStepInput {
  readonly account: string;
  readonly password: string;
}

export interface SignInContext {
  readonly account: string;
  /** Kept only while the second step is asked for: the server checks both together. */
  readonly password: string;
  readonly factor: SecondStepFactor;
  /** The server said (with TOTP_REQUIRED) that the member has a passkey for the second step. */
  readonly passkeyOffered: boolean;
  /**
   * The contract code of the last refusal of the second step or of a passkey sign-in; the
   * password form's own refusals are toasts.
   */
  readonly errorCode: number | null;
  /** The refusal's data (TOO_MANY_FAILED_ATTEMPTS' `retryAfterSeconds`). */
  readonly errorData: unknown;
}

export type SignInEvent =
  | { readonly type: 'SUBMIT'; readonly account: string; readonly password: string }
  | { readonly type: 'SUBMIT_CODE'; readonly code: string }
  /** "Sign in with a passkey" on the form, or "Use a passkey" as the second step. */
  | { readonly type: 'USE_PASSKEY' }
  /** "Use a recovery code" / "Use the authenticator app". */
  | { readonly type: 'TOGGLE_FACTOR' }
  /** "Back": another account or password; the one typed is forgotten. */
  | { readonly type: 'BACK' };
