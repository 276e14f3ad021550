import { describe, expect, it, vi } from 'vitest';
import { getShortestPaths, getSimplePaths } from '@xstate/graph';
import { Errors } from '../../contract';
import { actorDone, actorError } from '../../machines/shared/graph-events';
import { SessionState } from '../../machines/session/session.constants';
import { sessionMachine } from '../../machines/session/session.machine';
import type { SessionEvent } from '../../machines/session/session.types';
import { replayPath } from './support/replay-path';
import { sampleUser } from './support/sample-user';

/** Every outcome the model considers: the user's events and each way an actor can settle. */
const events: SessionEvent[] = [
  { type: 'LOGGED_IN' },
  { type: 'LOGOUT' },
  { type: 'UNAUTHORIZED' },
  { type: 'REFRESH' },
  actorDone('fetchUserInfo', sampleUser()),
  actorError('fetchUserInfo', { code: Errors.UNAUTHORIZED.code }),
  actorError('fetchUserInfo', { code: Errors.NETWORK_ERROR.code }),
  actorDone('logout'),
  actorError('logout', { code: Errors.INTERNAL.code }),
];

const stateNames = Object.keys(sessionMachine.root.states).sort();

describe('session machine, graph', () => {
  it('declares exactly the states the SPA codes against', () => {
    expect(stateNames).toEqual(Object.values(SessionState).sort());
  });

  it('getShortestPaths reaches every state', () => {
    const paths = getShortestPaths(sessionMachine, { events });
    const reached = new Set(paths.map((path) => path.state.value));
    expect([...reached].sort()).toEqual(stateNames);
  });

  it('every simple path replays step by step against a running actor', async () => {
    const paths = getSimplePaths(sessionMachine, { events });
    expect(paths.length).toBeGreaterThan(stateNames.length);
    for (const path of paths) {
      const clearToken = vi.fn<() => void>();
      const result = await replayPath(sessionMachine, path, {
        actors: ['fetchUserInfo', 'logout'],
        actions: { clearToken },
      });
      expect(result.visited.at(-1)).toEqual(path.state.value);
      // The token goes exactly when the session ends for a reason that proves it dead.
      const endsSession = path.steps.filter(
        (step, index) =>
          step.state.value === 'loggedOut' &&
          path.steps[index - 1]?.state.value !== 'loggedOut' &&
          !(
            (step.event.type as string) === 'xstate.error.actor.fetchUserInfo' &&
            (step.event as { error?: { code?: number } }).error?.code !== Errors.UNAUTHORIZED.code
          ),
      );
      expect(clearToken).toHaveBeenCalledTimes(endsSession.length);
    }
  });
});
