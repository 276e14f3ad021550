/** The states of a member's sign-in at /login (docs/machines.md, docs/account-security.md). */
export const SignInState = {
  EDITING: 'editing',
  SUBMITTING: 'submitting',
  PASSKEY_SIGNING_IN: 'passkeySigningIn',
  SECOND_STEP: 'secondStep',
  VERIFYING: 'verifying',
  PASSKEY_VERIFYING: 'passkeyVerifying',
  SIGNED_IN: 'signedIn',
} as const;

export const SignInActor = {
  LOG_IN: 'logIn',
  PASSKEY_SIGN_IN: 'passkeySignIn',
  PASSKEY_SECOND_STEP: 'passkeySecondStep',
} as const;
