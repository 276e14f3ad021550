/**
 * The passkey-registration machine as /user/security can drive it (getPathsFromEvents), with
 * Chromium's virtual authenticator approving every ceremony. A ceremony the person cancels and a
 * challenge that expires before the name is saved are the pure tests' (the virtual authenticator
 * always answers, and within the five minutes); the name is checked by the page before it is sent.
 */
import { getPathsFromEvents } from '@xstate/graph';
import { Errors } from '../../contract/errors';
import { passkeyRegistrationMachine } from '../../machines/passkey-registration/passkey-registration.machine';
import type { PasskeyRegistrationEvent } from '../../machines/passkey-registration/passkey-registration.types';
import { actorDone, actorError } from '../../machines/shared/graph-events';
import type { MachinePath } from '../../machines/shared/paths';

type RegistrationPath = MachinePath<typeof passkeyRegistrationMachine>;
type Event = PasskeyRegistrationEvent;

const start: Event = { type: 'START' };
const password: Event = { type: 'SUBMIT_PASSWORD', password: 'p' };
const name: Event = { type: 'SUBMIT_NAME', name: 'n' };
const cancel: Event = { type: 'CANCEL' };
const created = actorDone<Event>('createPasskey', { id: 'c' });
const wrongPassword = actorError<Event>('createPasskey', { code: Errors.PASSWORD_INCORRECT.code });
const saved = actorDone<Event>('savePasskey', {});

export function passkeyRegistrationUiPaths(): RegistrationPath[] {
  const paths: Event[][] = [
    // The password, the device, a name: the passkey is listed.
    [start, password, created, name, saved],
    // A wrong password first, then the right one.
    [start, password, wrongPassword, password, created, name, saved],
    // The device made one, but the member cancels before naming it: nothing is added.
    [start, password, created, cancel],
  ];
  return paths.flatMap((events) => getPathsFromEvents(passkeyRegistrationMachine, events));
}

/** The path ends with a passkey saved. */
export function savesPasskey(path: RegistrationPath): boolean {
  return path.steps.some((step) => (step.event.type as string) === 'xstate.done.actor.savePasskey');
}
