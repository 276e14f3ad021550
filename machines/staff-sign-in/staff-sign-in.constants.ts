/** The states of staff sign-in (docs/machines.md, docs/console.md). */
export const StaffSignInState = {
  EDITING: 'editing',
  SUBMITTING: 'submitting',
  REJECTED: 'rejected',
  THROTTLED: 'throttled',
  DISABLED: 'disabled',
  FAILED: 'failed',
  SIGNED_IN: 'signedIn',
} as const;

export const StaffSignInActor = { SIGN_IN: 'signIn' } as const;

/** The wait when a throttled answer names none (the server's first step is 1 s). */
export const DEFAULT_THROTTLE_SECONDS = 1;
