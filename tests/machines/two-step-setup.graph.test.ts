import { Errors } from '../../contract/errors';
import { actorDone, actorError } from '../../machines/shared/graph-events';
import { TwoStepSetupState } from '../../machines/two-step-setup/two-step-setup.constants';
import { twoStepSetupMachine } from '../../machines/two-step-setup/two-step-setup.machine';
import type { TwoStepSetupEvent } from '../../machines/two-step-setup/two-step-setup.types';
import { describeGraph } from './support/graph-suite';
import { sampleEnrolmentSecret, sampleRecoveryCodes } from './support/console-samples';

const events: TwoStepSetupEvent[] = [
  { type: 'START' },
  { type: 'SUBMIT', code: '123456' },
  { type: 'CANCEL' },
  { type: 'CONFIRM_SAVED' },
  { type: 'TURN_OFF' },
  actorDone('makeSecret', sampleEnrolmentSecret),
  actorError('makeSecret', { code: Errors.NETWORK_ERROR.code }),
  actorDone('enable', { recoveryCodes: sampleRecoveryCodes }),
  actorError('enable', { code: Errors.TOTP_CODE_INVALID.code }),
  actorDone('disable', {}),
  actorError('disable', { code: Errors.RECOVERY_CODE_INVALID.code }),
];

describeGraph('two-step setup machine, graph', {
  machine: twoStepSetupMachine,
  states: TwoStepSetupState,
  events,
  replay: {
    actors: ['makeSecret', 'enable', 'disable'],
    actions: { refreshStatus: () => undefined, announceOff: () => undefined },
  },
  minSimplePaths: 7,
});
