import { Errors } from '../../contract/errors';
import { SignInState } from '../../machines/sign-in/sign-in.constants';
import { signInMachine } from '../../machines/sign-in/sign-in.machine';
import type { SignInEvent } from '../../machines/sign-in/sign-in.types';
import { actorDone, actorError } from '../../machines/shared/graph-events';
import { describeGraph } from './support/graph-suite';

const events: SignInEvent[] = [
  { type: 'SUBMIT', account: 'member@example.com', password: 'correct horse battery' },
  { type: 'SUBMIT_CODE', code: '123456' },
  { type: 'TOGGLE_FACTOR' },
  { type: 'BACK' },
  { type: 'USE_PASSKEY' },
  actorDone('logIn', { userId: 1, deviceToken: 't' }),
  actorError('logIn', { code: Errors.TOTP_REQUIRED.code, data: { passkey: true } }),
  actorError('logIn', { code: Errors.INVALID_CREDENTIALS.code }),
  actorError('logIn', { code: Errors.TOTP_CODE_INVALID.code }),
  actorError('logIn', { code: Errors.NETWORK_ERROR.code }),
  actorDone('passkeySignIn', { userId: 1, deviceToken: 't' }),
  actorError('passkeySignIn', { code: Errors.PASSKEY_CANCELLED.code }),
  actorDone('passkeySecondStep', { userId: 1, deviceToken: 't' }),
  actorError('passkeySecondStep', { code: Errors.PASSKEY_INVALID.code }),
  actorError('passkeySecondStep', { code: Errors.INVALID_CREDENTIALS.code }),
];
/**
 * The toggle is covered by the shortest paths and the pure tests; it would multiply the simple paths.
 * BACK stays: it returns to the first snapshot, which a simple path never revisits.
 */
const simplePathEvents = events.filter((e) => e.type !== 'TOGGLE_FACTOR');
const MIN_SIMPLE_PATHS = 54;

describeGraph('member sign-in machine, graph', {
  machine: signInMachine,
  states: SignInState,
  events,
  simplePathEvents,
  replay: {
    actors: ['logIn', 'passkeySignIn', 'passkeySecondStep'],
    actions: { enterAccount: () => undefined },
  },
  minSimplePaths: MIN_SIMPLE_PATHS,
});
