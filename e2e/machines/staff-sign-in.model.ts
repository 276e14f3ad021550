/**
 * The staff sign-in machine as /admin/login can drive it: the journeys a staff member takes
 * (getPathsFromEvents), each ending signed in. `disabled` is left out: the server answers a disabled
 * account's sign-in with the same STAFF_SIGN_IN_FAILED as a wrong password (it does not say which
 * usernames exist), so the UI cannot reach it; the vitest layers cover it.
 */
import { getPathsFromEvents } from '@xstate/graph';
import { Errors } from '../../contract/errors';
import { staffSignInMachine } from '../../machines/staff-sign-in/staff-sign-in.machine';
import type { StaffSignInEvent } from '../../machines/staff-sign-in/staff-sign-in.types';
import { actorDone, actorError, delayElapsed } from '../../machines/shared/graph-events';
import type { MachinePath } from '../../machines/shared/paths';
import { sampleConsoleSession } from '../../tests/machines/support/console-samples';

type SignInPath = MachinePath<typeof staffSignInMachine>;

/**
 * The server's first backoff step after 5 failures: the e2e server's PASSWORD_FIRST_WAIT_MS
 * (e2e/support/start-app-server.mjs), longer than the default second so that a loaded machine's
 * next attempt still falls inside it.
 */
export const FIRST_WAIT_SECONDS = 4;
/** Failures before the throttle answers (docs/console.md). */
export const FAILURES_BEFORE_THROTTLE = 5;

/** The form's values are the spec's (the staff member it made); the graph needs the shape only. */
const submit: StaffSignInEvent = { type: 'SUBMIT', username: 'model', password: 'p', code: '0' };
const toggle: StaffSignInEvent = { type: 'TOGGLE_FACTOR' };
const signedIn = actorDone<StaffSignInEvent>('signIn', sampleConsoleSession);
const wrong = actorError<StaffSignInEvent>('signIn', {
  code: Errors.STAFF_SIGN_IN_FAILED.code,
});
const offline = actorError<StaffSignInEvent>('signIn', { code: Errors.NETWORK_ERROR.code });
const throttled = actorError<StaffSignInEvent>('signIn', {
  code: Errors.TOO_MANY_FAILED_ATTEMPTS.code,
  data: { retryAfterSeconds: FIRST_WAIT_SECONDS },
});
const waited = delayElapsed<StaffSignInEvent>('THROTTLE', 'staffSignIn.throttled');

export function staffSignInUiPaths(): SignInPath[] {
  const failures = Array.from({ length: FAILURES_BEFORE_THROTTLE }, () => [submit, wrong]).flat();
  const paths: StaffSignInEvent[][] = [
    // The authenticator's code.
    [submit, signedIn],
    // A recovery code, after a wrong one.
    [toggle, submit, wrong, submit, signedIn],
    // Wrong code, then the right one.
    [submit, wrong, submit, signedIn],
    // The network drops the first attempt; the same form is sent again.
    [submit, offline, submit, signedIn],
    // Five failures, the throttle's wait, then the right code.
    [...failures, submit, throttled, waited, submit, signedIn],
  ];
  return paths.flatMap((events) => getPathsFromEvents(staffSignInMachine, events));
}
