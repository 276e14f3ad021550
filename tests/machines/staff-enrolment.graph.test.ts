import { Errors } from '../../contract/errors';
import { StaffEnrolmentState } from '../../machines/staff-enrolment/staff-enrolment.constants';
import { staffEnrolmentMachine } from '../../machines/staff-enrolment/staff-enrolment.machine';
import type { StaffEnrolmentEvent } from '../../machines/staff-enrolment/staff-enrolment.types';
import { actorDone, actorError } from '../../machines/shared/graph-events';
import { describeGraph } from './support/graph-suite';
import {
  sampleEnrolmentInfo,
  sampleEnrolmentSecret,
  sampleRecoveryCodes,
} from './support/console-samples';

const input = { token: 'A'.repeat(43) };
const linkInvalid = { code: Errors.ENROLMENT_LINK_INVALID.code };
const events: StaffEnrolmentEvent[] = [
  { type: 'RETRY' },
  { type: 'SUBMIT', password: 'a new password', code: '654321' },
  { type: 'CONFIRM_SAVED' },
  actorDone('checkLink', sampleEnrolmentInfo),
  actorError('checkLink', linkInvalid),
  actorError('checkLink', { code: Errors.NETWORK_ERROR.code }),
  actorDone('makeSecret', sampleEnrolmentSecret),
  actorError('makeSecret', linkInvalid),
  actorError('makeSecret', { code: Errors.INTERNAL.code }),
  actorDone('finish', { recoveryCodes: sampleRecoveryCodes }),
  actorError('finish', { code: Errors.TOTP_CODE_INVALID.code }),
  actorError('finish', linkInvalid),
];
const replayOptions = {
  actors: ['checkLink', 'makeSecret', 'finish'],
  actions: { goToSignIn: () => undefined },
};

describeGraph('staff enrolment machine, graph', {
  machine: staffEnrolmentMachine,
  states: StaffEnrolmentState,
  events,
  input,
  replay: replayOptions,
  minSimplePaths: 11,
});
