/**
 * The browser's new credential as the server takes it (RegistrationResponseJSON): opaque to the
 * machine, which only carries it from the ceremony to the save.
 */
export type NewCredential = Readonly<Record<string, unknown>>;

export interface SavePasskeyInput {
  readonly credential: NewCredential;
  readonly name: string;
}

export interface PasskeyRegistrationContext {
  /** Made by the ceremony, kept until it is saved or the member cancels. */
  readonly credential: NewCredential | null;
  /** The contract code of the last refusal (a wrong password, a cancelled ceremony, a bad name). */
  readonly errorCode: number | null;
  /** The refusal's data (TOO_MANY_FAILED_ATTEMPTS' `retryAfterSeconds`). */
  readonly errorData: unknown;
}

export type PasskeyRegistrationEvent =
  /** "Add a passkey". */
  | { readonly type: 'START' }
  /** The current password, confirmed: the options, then the browser's ceremony. */
  | { readonly type: 'SUBMIT_PASSWORD'; readonly password: string }
  /** The name the member gives the new passkey. */
  | { readonly type: 'SUBMIT_NAME'; readonly name: string }
  /** "Cancel": nothing is added (a made credential is dropped). */
  | { readonly type: 'CANCEL' };
