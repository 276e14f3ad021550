import { describe, expect, it } from 'vitest';
import { getShortestPaths, getSimplePaths } from '@xstate/graph';
import { Errors } from '../../contract/errors';
import { StaffSignInState } from '../../machines/staff-sign-in/staff-sign-in.constants';
import { staffSignInMachine } from '../../machines/staff-sign-in/staff-sign-in.machine';
import type { StaffSignInEvent } from '../../machines/staff-sign-in/staff-sign-in.types';
import { actorDone, actorError, delayElapsed } from '../../machines/shared/graph-events';
import { applicableEvents } from '../../machines/shared/paths';
import { leafKeys, reachedKeys } from './support/leaf-states';
import { replayPath } from './support/replay-path';
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
const simplePathEvents = applicableEvents(events.filter((e) => e.type !== 'TOGGLE_FACTOR'));
const replayOptions = {
  actors: ['signIn'],
  delays: { THROTTLE: RETRY_AFTER_SECONDS * 1000 },
  actions: { enterConsole: () => undefined },
};

describe('staff sign-in machine, graph', () => {
  it('declares exactly the states the SPA codes against', () => {
    expect(Object.keys(staffSignInMachine.root.states).sort()).toEqual(
      Object.values(StaffSignInState).sort(),
    );
  });

  it('getShortestPaths reaches every state', () => {
    const paths = getShortestPaths(staffSignInMachine, { events: applicableEvents(events) });
    expect(reachedKeys(paths.map((path) => path.state.value))).toEqual(
      leafKeys(staffSignInMachine),
    );
  });

  it("every simple path replays on a SimulatedClock, the throttle waiting the server's seconds", async () => {
    const paths = getSimplePaths(staffSignInMachine, { events: simplePathEvents });
    expect(reachedKeys(paths.map((path) => path.state.value))).toEqual(
      leafKeys(staffSignInMachine),
    );
    for (const path of paths) {
      const result = await replayPath(staffSignInMachine, path, replayOptions);
      expect(result.visited.at(-1)).toEqual(path.state.value);
      const waits = path.steps.filter((s) => s.event.type.startsWith('xstate.after.THROTTLE'));
      expect(result.elapsedMs).toBe(waits.length * RETRY_AFTER_SECONDS * 1000);
    }
    expect(paths.length).toBeGreaterThan(10);
  });
});
