import { expect } from 'vitest';
import { Errors } from '../../contract/errors';
import { StaffSignInState } from '../../machines/staff-sign-in/staff-sign-in.constants';
import { staffSignInMachine } from '../../machines/staff-sign-in/staff-sign-in.machine';
import type { StaffSignInEvent } from '../../machines/staff-sign-in/staff-sign-in.types';
import { actorDone, actorError, delayElapsed } from '../../machines/shared/graph-events';
import { describeGraph } from './support/graph-suite';
import { sampleConsoleSession } from './support/console-samples';

const RETRY_AFTER_SECONDS = 2;
const events: StaffSignInEvent[] = [
  { type: 'SUBMIT', username: 'olivia', password: 'correct horse battery', code: '123456' },
  { type: 'TOGGLE_FACTOR' },
  actorDone('signIn', sampleConsoleSession),
  actorError('signIn', { code: Errors.STAFF_SIGN_IN_FAILED.code }),
  actorError('signIn', {
    code: Errors.TOO_MANY_FAILED_ATTEMPTS.code,
    data: { retryAfterSeconds: RETRY_AFTER_SECONDS },
  }),
  actorError('signIn', { code: Errors.STAFF_DISABLED.code }),
  actorError('signIn', { code: Errors.NETWORK_ERROR.code }),
  delayElapsed('THROTTLE', 'staffSignIn.throttled'),
];
/** The toggle is covered by the shortest paths and the pure tests; it doubles every simple path. */
const simplePathEvents = events.filter((e) => e.type !== 'TOGGLE_FACTOR');
const replayOptions = {
  actors: ['signIn'],
  delays: { THROTTLE: RETRY_AFTER_SECONDS * 1000 },
  actions: { enterConsole: () => undefined },
};

describeGraph('staff sign-in machine, graph', {
  machine: staffSignInMachine,
  states: StaffSignInState,
  events,
  simplePathEvents,
  replay: replayOptions,
  minSimplePaths: 11,
  // The throttle waits the server's seconds, on the simulated clock.
  eachPath: (path, result) => {
    const waits = path.steps.filter((s) => s.event.type.startsWith('xstate.after.THROTTLE'));
    expect(result.elapsedMs).toBe(waits.length * RETRY_AFTER_SECONDS * 1000);
  },
});
