/**
 * The two-step setup machine as /user/security can drive it: the journeys of a member turning
 * two-step sign-in on (a wrong first code, then the right one, the recovery codes saved), giving up
 * half-way, a secret that did not arrive (the network dropped the first request), and turning it
 * off (a wrong recovery code, then the app's code).
 */
import { getPathsFromEvents } from '@xstate/graph';
import { Errors } from '../../contract/errors';
import { actorDone, actorError } from '../../machines/shared/graph-events';
import type { MachinePath } from '../../machines/shared/paths';
import { twoStepSetupMachine } from '../../machines/two-step-setup/two-step-setup.machine';
import type { TwoStepSetupEvent } from '../../machines/two-step-setup/two-step-setup.types';
import {
  sampleEnrolmentSecret,
  sampleRecoveryCodes,
} from '../../tests/machines/support/console-samples';

type SetupPath = MachinePath<typeof twoStepSetupMachine>;

const start: TwoStepSetupEvent = { type: 'START' };
const secret = actorDone<TwoStepSetupEvent>('makeSecret', sampleEnrolmentSecret);
const offline = actorError<TwoStepSetupEvent>('makeSecret', { code: Errors.NETWORK_ERROR.code });
const submit: TwoStepSetupEvent = { type: 'SUBMIT', code: '0' };
const wrongCode = actorError<TwoStepSetupEvent>('enable', { code: Errors.TOTP_CODE_INVALID.code });
const enabled = actorDone<TwoStepSetupEvent>('enable', { recoveryCodes: sampleRecoveryCodes });
const wrongRecovery = actorError<TwoStepSetupEvent>('disable', {
  code: Errors.RECOVERY_CODE_INVALID.code,
});
const disabled = actorDone<TwoStepSetupEvent>('disable', {});

export function twoStepSetupUiPaths(): SetupPath[] {
  const paths: TwoStepSetupEvent[][] = [
    // On: a first code typed wrong, then right; the codes saved.
    [start, secret, submit, wrongCode, submit, enabled, { type: 'CONFIRM_SAVED' }],
    // The QR code shown, then cancelled.
    [start, secret, { type: 'CANCEL' }],
    // The network drops the request for a secret; asking again works.
    [start, offline, start, secret],
    // Off: a wrong recovery code, then the app's code.
    [{ type: 'TURN_OFF' }, submit, wrongRecovery, submit, disabled],
    // Off, thought better of.
    [{ type: 'TURN_OFF' }, { type: 'CANCEL' }],
  ];
  return paths.flatMap((events) => getPathsFromEvents(twoStepSetupMachine, events));
}

/** The path turns two-step sign-in off, so the member must have it on before the page opens. */
export const startsOn = (path: SetupPath) =>
  path.steps.some((step) => step.event.type === 'TURN_OFF');

/** The path's first request for a secret fails on the network. */
export const dropsFirstSecret = (path: SetupPath) =>
  path.steps.some((step) => String(step.event.type) === 'xstate.error.actor.makeSecret');
