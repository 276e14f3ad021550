import { Errors } from '../../contract/errors';
import { PasskeyRegistrationState } from '../../machines/passkey-registration/passkey-registration.constants';
import { passkeyRegistrationMachine } from '../../machines/passkey-registration/passkey-registration.machine';
import type { PasskeyRegistrationEvent } from '../../machines/passkey-registration/passkey-registration.types';
import { actorDone, actorError } from '../../machines/shared/graph-events';
import { describeGraph } from './support/graph-suite';

const events: PasskeyRegistrationEvent[] = [
  { type: 'START' },
  { type: 'SUBMIT_PASSWORD', password: 'correct horse battery' },
  { type: 'SUBMIT_NAME', name: 'Work laptop' },
  { type: 'CANCEL' },
  actorDone('createPasskey', { id: 'cred-1' }),
  actorError('createPasskey', { code: Errors.PASSWORD_INCORRECT.code }),
  actorError('createPasskey', { code: Errors.PASSKEY_CANCELLED.code }),
  actorDone('savePasskey', { passkey: { id: 1 } }),
  actorError('savePasskey', { code: Errors.PASSKEY_NAME_INVALID.code }),
  actorError('savePasskey', { code: Errors.PASSKEY_CEREMONY_EXPIRED.code }),
];

describeGraph('passkey registration machine, graph', {
  machine: passkeyRegistrationMachine,
  states: PasskeyRegistrationState,
  events,
  replay: {
    actors: ['createPasskey', 'savePasskey'],
    actions: { passkeyAdded: () => undefined },
  },
  minSimplePaths: 9,
});
