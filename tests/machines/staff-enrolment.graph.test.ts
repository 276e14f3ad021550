import { describe, expect, it } from 'vitest';
import { getShortestPaths, getSimplePaths } from '@xstate/graph';
import { Errors } from '../../contract/errors';
import { StaffEnrolmentState } from '../../machines/staff-enrolment/staff-enrolment.constants';
import { staffEnrolmentMachine } from '../../machines/staff-enrolment/staff-enrolment.machine';
import type { StaffEnrolmentEvent } from '../../machines/staff-enrolment/staff-enrolment.types';
import { actorDone, actorError } from '../../machines/shared/graph-events';
import { applicableEvents } from '../../machines/shared/paths';
import { leafKeys, reachedKeys } from './support/leaf-states';
import { replayPath } from './support/replay-path';
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
  input,
};

describe('staff enrolment machine, graph', () => {
  it('declares exactly the states the SPA codes against', () => {
    expect(Object.keys(staffEnrolmentMachine.root.states).sort()).toEqual(
      Object.values(StaffEnrolmentState).sort(),
    );
  });

  it('getShortestPaths reaches every state', () => {
    const paths = getShortestPaths(staffEnrolmentMachine, {
      events: applicableEvents(events),
      input,
    });
    expect(reachedKeys(paths.map((path) => path.state.value))).toEqual(
      leafKeys(staffEnrolmentMachine),
    );
  });

  it('every simple path replays on a SimulatedClock', async () => {
    const paths = getSimplePaths(staffEnrolmentMachine, {
      events: applicableEvents(events),
      input,
    });
    expect(reachedKeys(paths.map((path) => path.state.value))).toEqual(
      leafKeys(staffEnrolmentMachine),
    );
    for (const path of paths) {
      const result = await replayPath(staffEnrolmentMachine, path, replayOptions);
      expect(result.visited.at(-1)).toEqual(path.state.value);
    }
    expect(paths.length).toBeGreaterThan(10);
  });
});
