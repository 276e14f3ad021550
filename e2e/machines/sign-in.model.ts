/**
 * The member sign-in machine as /login can drive it (getPathsFromEvents): the journeys a member
 * takes, each ending signed in. A refusal of the first step (a wrong password, the throttle) is a
 * toast and leaves the form as it was; e2e/login.spec.ts covers those, e2e/passkeys.spec.ts a
 * refused passkey.
 */
import { getPathsFromEvents } from '@xstate/graph';
import { Errors } from '../../contract/errors';
import { signInMachine } from '../../machines/sign-in/sign-in.machine';
import type { SignInEvent } from '../../machines/sign-in/sign-in.types';
import { actorDone, actorError } from '../../machines/shared/graph-events';
import type { MachinePath } from '../../machines/shared/paths';

type SignInPath = MachinePath<typeof signInMachine>;

/** The form's values are the spec's (the member it made); the graph needs the shape only. */
const submit: SignInEvent = { type: 'SUBMIT', account: 'model', password: 'p' };
const submitCode: SignInEvent = { type: 'SUBMIT_CODE', code: '0' };
const toggle: SignInEvent = { type: 'TOGGLE_FACTOR' };
const back: SignInEvent = { type: 'BACK' };
const signedIn = actorDone<SignInEvent>('logIn', { userId: 1, deviceToken: 't' });
const codeAsked = actorError<SignInEvent>('logIn', { code: Errors.TOTP_REQUIRED.code });
const wrongCode = actorError<SignInEvent>('logIn', { code: Errors.TOTP_CODE_INVALID.code });
const usePasskey: SignInEvent = { type: 'USE_PASSKEY' };
const passkeySignedIn = actorDone<SignInEvent>('passkeySignIn', { userId: 1, deviceToken: 't' });
const codeOrPasskeyAsked = actorError<SignInEvent>('logIn', {
  code: Errors.TOTP_REQUIRED.code,
  data: { passkey: true },
});
const passkeyStepDone = actorDone<SignInEvent>('passkeySecondStep', { userId: 1 });

export function signInUiPaths(): SignInPath[] {
  const paths: SignInEvent[][] = [
    // Two-step sign-in off: the password is enough.
    [submit, signedIn],
    // The authenticator's code after the password.
    [submit, codeAsked, submitCode, signedIn],
    // A wrong code, then the right one.
    [submit, codeAsked, submitCode, wrongCode, submitCode, signedIn],
    // A recovery code instead of the app.
    [submit, codeAsked, toggle, submitCode, signedIn],
    // Back to the password form, and through again.
    [submit, codeAsked, back, submit, codeAsked, submitCode, signedIn],
    // A passkey alone, from the form: no password.
    [usePasskey, passkeySignedIn],
    // The passkey instead of the authenticator's code.
    [submit, codeOrPasskeyAsked, usePasskey, passkeyStepDone],
  ];
  return paths.flatMap((events) => getPathsFromEvents(signInMachine, events));
}

/** A path whose member has two-step sign-in on: the server asks for a code somewhere on it. */
export function asksForCode(path: SignInPath): boolean {
  return path.steps.some(
    (step) =>
      (step.event as { error?: { code?: number } }).error?.code === Errors.TOTP_REQUIRED.code,
  );
}

/** A path whose member has a passkey on the device: it is used somewhere on the path. */
export function usesPasskey(path: SignInPath): boolean {
  return path.steps.some((step) => step.event.type === 'USE_PASSKEY');
}
