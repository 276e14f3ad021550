import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, initialTransition, transition, waitFor } from 'xstate';
import { Errors, YesNo } from '../../contract';
import { actorDone, actorError } from '../../machines/shared/graph-events';
import { sessionMachine } from '../../machines/session/session.machine';
import type { SessionEvent } from '../../machines/session/session.types';
import { sampleUser } from './support/sample-user';

const user = sampleUser();
const fetched = (u = user) => actorDone<SessionEvent>('fetchUserInfo', u);
const fetchFailed = (error: unknown) => actorError<SessionEvent>('fetchUserInfo', error);
const actionTypes = (actions: readonly { type: string }[]) => actions.map((a) => a.type);

/** The context with nobody signed in (and no error to say). */
const signedOut = { user: null, isYearlyPaid: false, isBenefitsActive: false, errorCode: null };

function loggedInSnapshot(u = user) {
  const [start] = initialTransition(sessionMachine);
  const [loggedIn] = transition(sessionMachine, start, fetched(u));
  return loggedIn;
}

describe('session machine, pure transitions', () => {
  it('starts unknown, signed out, asking the server who the user is', () => {
    const [start] = initialTransition(sessionMachine);
    expect(start.value).toBe('unknown');
    expect(start.context).toEqual(signedOut);
    expect(Object.keys(start.children)).toEqual(['fetchUserInfo']);
  });

  it('a fetched user logs in and computes both flags against the server clock', () => {
    const yearly = sampleUser({
      yearlyPaidUser: YesNo.YES,
      // Long past on the device clock, but in the future for the server that answered.
      serverTime: '2020-01-01T00:00:00.000Z',
      benefitsExpireTime: '2020-01-02T00:00:00.000Z',
    });
    const snapshot = loggedInSnapshot(yearly);
    expect(snapshot.value).toBe('loggedIn');
    expect(snapshot.context).toEqual({
      user: yearly,
      isYearlyPaid: true,
      isBenefitsActive: true,
      errorCode: null,
    });
  });

  it('benefits that expired before the server time, or never existed, are inactive', () => {
    const expired = sampleUser({
      benefitsExpireTime: '2026-11-22T02:59:59.000Z',
      serverTime: '2026-11-22T03:00:00.000Z',
    });
    expect(loggedInSnapshot(expired).context.isBenefitsActive).toBe(false);
    expect(loggedInSnapshot(sampleUser({ benefitsExpireTime: null })).context).toMatchObject({
      isBenefitsActive: false,
      isYearlyPaid: false,
    });
  });

  it('a 401 from the user fetch logs out quietly and clears the token', () => {
    const [start] = initialTransition(sessionMachine);
    const [next, actions] = transition(sessionMachine, start, fetchFailed({ code: 401 }));
    expect(next.value).toBe('loggedOut');
    expect(next.context.errorCode).toBeNull();
    expect(actionTypes(actions)).toContain('clearToken');
  });

  it('any other fetch failure keeps the token and records the code', () => {
    const [start] = initialTransition(sessionMachine);
    const [offline, offlineActions] = transition(
      sessionMachine,
      start,
      fetchFailed({ code: Errors.NETWORK_ERROR.code }),
    );
    expect(offline.value).toBe('loggedOut');
    expect(offline.context.errorCode).toBe(Errors.NETWORK_ERROR.code);
    expect(actionTypes(offlineActions)).not.toContain('clearToken');

    const [crashed] = transition(sessionMachine, start, fetchFailed(new TypeError('boom')));
    expect(crashed.context.errorCode).toBe(Errors.INTERNAL.code);
  });

  it('a refresh that fails without a 401 keeps the member logged in and records the code', () => {
    const [refreshing] = transition(sessionMachine, loggedInSnapshot(), { type: 'REFRESH' });
    expect(refreshing.context.user).toEqual(user);
    const [kept, actions] = transition(
      sessionMachine,
      refreshing,
      fetchFailed({ code: Errors.NETWORK_ERROR.code }),
    );
    expect(kept.value).toBe('loggedIn');
    expect(kept.context).toMatchObject({ user, errorCode: Errors.NETWORK_ERROR.code });
    expect(actionTypes(actions)).not.toContain('clearToken');

    const [expired, expiredActions] = transition(
      sessionMachine,
      refreshing,
      fetchFailed({ code: 401 }),
    );
    expect(expired.value).toBe('loggedOut');
    expect(expired.context.user).toBeNull();
    expect(actionTypes(expiredActions)).toContain('clearToken');
  });

  it('a new login while logged in forgets the previous user before asking again', () => {
    const [relogging] = transition(sessionMachine, loggedInSnapshot(), { type: 'LOGGED_IN' });
    expect(relogging.value).toBe('unknown');
    expect(relogging.context.user).toBeNull();
    const [failed] = transition(sessionMachine, relogging, fetchFailed({ code: 1500 }));
    expect(failed.value).toBe('loggedOut');
  });

  it('UNAUTHORIZED while logged in forgets the user, clears the token and says why', () => {
    const [next, actions] = transition(sessionMachine, loggedInSnapshot(), {
      type: 'UNAUTHORIZED',
    });
    expect(next.value).toBe('loggedOut');
    expect(next.context).toEqual({ ...signedOut, errorCode: Errors.UNAUTHORIZED.code });
    expect(actionTypes(actions)).toContain('clearToken');
  });

  it('LOGOUT revokes on the server first, and clears the token whether or not that worked', () => {
    const [loggingOut, leaving] = transition(sessionMachine, loggedInSnapshot(), {
      type: 'LOGOUT',
    });
    expect(loggingOut.value).toBe('loggingOut');
    expect(actionTypes(leaving)).not.toContain('clearToken');

    for (const settled of [
      actorDone<SessionEvent>('logout'),
      actorError<SessionEvent>('logout', { code: Errors.INTERNAL.code }),
    ]) {
      const [out, actions] = transition(sessionMachine, loggingOut, settled);
      expect(out.value).toBe('loggedOut');
      expect(out.context.user).toBeNull();
      expect(out.context.errorCode).toBeNull();
      expect(actionTypes(actions)).toContain('clearToken');
    }
  });

  it('REFRESH and LOGGED_IN refetch from loggedIn; LOGGED_IN refetches from loggedOut', () => {
    expect(transition(sessionMachine, loggedInSnapshot(), { type: 'REFRESH' })[0].value).toBe(
      'unknown',
    );
    expect(transition(sessionMachine, loggedInSnapshot(), { type: 'LOGGED_IN' })[0].value).toBe(
      'unknown',
    );
    const [start] = initialTransition(sessionMachine);
    const [out] = transition(sessionMachine, start, fetchFailed({ code: 401 }));
    expect(transition(sessionMachine, out, { type: 'LOGGED_IN' })[0].value).toBe('unknown');
  });

  it('ignores events that make no sense in a state', () => {
    const [start] = initialTransition(sessionMachine);
    const [out] = transition(sessionMachine, start, fetchFailed({ code: 401 }));
    for (const type of ['LOGOUT', 'UNAUTHORIZED', 'REFRESH'] as const) {
      const [next, actions] = transition(sessionMachine, out, { type });
      expect(next.value).toBe('loggedOut');
      expect(actions).toEqual([]);
    }
    const [loggingOut] = transition(sessionMachine, loggedInSnapshot(), { type: 'LOGOUT' });
    expect(transition(sessionMachine, loggingOut, { type: 'UNAUTHORIZED' })[0].value).toBe(
      'loggingOut',
    );
  });
});

describe('session machine, running actor', () => {
  it('runs log in, refresh and log out with the provided implementations', async () => {
    const clearToken = vi.fn();
    const fetchUserInfo = vi
      .fn<() => Promise<typeof user>>()
      .mockResolvedValueOnce(user)
      .mockResolvedValueOnce(sampleUser({ yearlyPaidUser: YesNo.YES }));
    const logout = vi.fn<() => Promise<void>>().mockResolvedValue(undefined);
    const actor = createActor(
      sessionMachine.provide({
        actors: {
          fetchUserInfo: fromPromise(() => fetchUserInfo()),
          logout: fromPromise(() => logout()),
        },
        actions: { clearToken },
      }),
    ).start();

    await waitFor(actor, (s) => s.matches('loggedIn'));
    expect(actor.getSnapshot().context.isYearlyPaid).toBe(false);

    actor.send({ type: 'REFRESH' });
    expect(actor.getSnapshot().value).toBe('unknown');
    await waitFor(actor, (s) => s.matches('loggedIn'));
    expect(actor.getSnapshot().context.isYearlyPaid).toBe(true);

    actor.send({ type: 'LOGOUT' });
    await waitFor(actor, (s) => s.matches('loggedOut'));
    expect(logout).toHaveBeenCalledTimes(1);
    expect(clearToken).toHaveBeenCalledTimes(1);
    expect(fetchUserInfo).toHaveBeenCalledTimes(2);
    actor.stop();
  });

  it('a login during the first fetch restarts it, so the stale answer is dropped', async () => {
    let answerStale: ((reason: unknown) => void) | undefined;
    const calls: string[] = [];
    const actor = createActor(
      sessionMachine.provide({
        actors: {
          fetchUserInfo: fromPromise(() => {
            calls.push('fetch');
            if (calls.length === 1) return new Promise((_, reject) => (answerStale = reject));
            return Promise.resolve(user);
          }),
        },
        actions: { clearToken: vi.fn<() => void>() },
      }),
    ).start();
    actor.send({ type: 'LOGGED_IN' });
    answerStale?.({ code: 401 });
    await waitFor(actor, (s) => s.matches('loggedIn'));
    expect(calls).toEqual(['fetch', 'fetch']);
    actor.stop();
  });

  it('a logout call that fails (here: never provided) still logs out and clears the token', async () => {
    const clearToken = vi.fn<() => void>();
    const actor = createActor(
      sessionMachine.provide({
        actors: { fetchUserInfo: fromPromise(() => Promise.resolve(user)) },
        actions: { clearToken },
      }),
    ).start();
    await waitFor(actor, (s) => s.matches('loggedIn'));
    actor.send({ type: 'LOGOUT' });
    await waitFor(actor, (s) => s.matches('loggedOut'));
    expect(clearToken).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.user).toBeNull();
    actor.stop();
  });

  it('without provided implementations it fails loudly instead of keeping a token', async () => {
    const actor = createActor(sessionMachine).start();
    await waitFor(actor, (s) => s.matches('loggedOut'));
    // The placeholder actor's rejection carries no contract code: a fault of ours, not the user's.
    expect(actor.getSnapshot().context.errorCode).toBe(Errors.INTERNAL.code);
    actor.stop();

    const unprovidedAction = createActor(
      sessionMachine.provide({
        actors: { fetchUserInfo: fromPromise(() => Promise.reject({ code: 401 })) },
      }),
    );
    const failed = waitFor(unprovidedAction, (s) => s.status === 'error');
    unprovidedAction.start();
    await expect(failed).rejects.toThrow(/clearToken.*must be provided/);
    expect(unprovidedAction.getSnapshot().status).toBe('error');
  });
});
