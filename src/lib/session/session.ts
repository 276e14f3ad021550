import type { QueryClient } from '@tanstack/react-query';
import { createActor, fromPromise, waitFor, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { sessionMachine } from '../../../machines/session/session.machine';
import { loadApi } from '../load-api';
import { fetchUserInfo, userInfoKey } from '../queries/user-info';
import { actorInspection } from '../inspector';
import { clearAuthToken, hasAuthToken } from '../storage';

export type SessionActor = ActorRefFrom<typeof sessionMachine>;
export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

/**
 * The one session actor of the app (DESIGN §5), with its side effects wired to the API. Started at
 * once unless `start: false`: a prerendered page starts it after hydration, so its first answer
 * cannot interrupt hydration (src/app/start.tsx).
 */
export function createSession(
  queryClient: QueryClient,
  { start = true }: { start?: boolean } = {},
): SessionActor {
  const machine = sessionMachine.provide({
    actors: {
      fetchUserInfo: fromPromise(() =>
        queryClient.fetchQuery({ queryKey: userInfoKey, queryFn: fetchUserInfo, staleTime: 0 }),
      ),
      // The answer does not matter: the user asked to leave, and a dead token is gone anyway.
      // No toast and no 401 redirect, hence the raw call; without a token there is nothing to revoke.
      logout: fromPromise(async () => {
        if (!hasAuthToken()) return;
        const [{ callApiRaw }, { userLogout }] = await Promise.all([
          loadApi(),
          import('../../../contract/endpoints/user'),
        ]);
        await callApiRaw(userLogout, {});
      }),
    },
    actions: {
      clearToken: () => {
        clearAuthToken();
        queryClient.removeQueries({ queryKey: userInfoKey });
      },
    },
  });
  const actor = createActor(machine, actorInspection());
  return start ? actor.start() : actor;
}

/** Route guards wait for the first answer about the token instead of guessing. */
export async function settledSession(session: SessionActor): Promise<SessionSnapshot> {
  return waitFor(
    session,
    (snapshot) => !snapshot.matches('unknown') && !snapshot.matches('loggingOut'),
  );
}

export function isLoggedIn(snapshot: SessionSnapshot): boolean {
  return snapshot.matches('loggedIn');
}
