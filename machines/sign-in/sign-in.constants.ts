/** The states of a member's sign-in at /login (docs/machines.md, docs/account-security.md). */
export const SignInState = {
  EDITING: 'editing',
  SUBMITTING: 'submitting',
  SECOND_STEP: 'secondStep',
  VERIFYING: 'verifying',
  SIGNED_IN: 'signedIn',
} as const;

export const SignInActor = { LOG_IN: 'logIn' } as const;
