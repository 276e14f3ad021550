/**
 * The session machine as the UI can drive it: which events a person (or the app itself) can
 * cause from each state, and the paths that follow. Kept apart from the spec so that the choice of
 * paths can be read, and checked, without a browser.
 */
import { getSimplePaths } from '@xstate/graph';
import type { AnyMachineSnapshot } from 'xstate';
import { Errors } from '../../contract';
import { actorDone, actorError, classifyEvent } from '../../machines/shared/graph-events';
import { sessionMachine } from '../../machines/session/session.machine';
import type { SessionEvent } from '../../machines/session/session.types';
import { applicableEvents, longestPaths, type MachinePath } from '../../machines/shared/paths';
import { sampleUser } from '../../tests/machines/support/sample-user';

type SessionPath = MachinePath<typeof sessionMachine>;

export const sessionUiEvents: SessionEvent[] = [
  { type: 'LOGGED_IN' },
  { type: 'LOGOUT' },
  { type: 'UNAUTHORIZED' },
  // The user is the server's to fill in; the graph only needs one to reach `loggedIn`, and the
  // assertions read the user from the test's own data, not from here.
  actorDone('fetchUserInfo', sampleUser()),
  actorError('fetchUserInfo', { code: Errors.UNAUTHORIZED.code }),
  actorDone('logout'),
];

/**
 * A state is told apart by the event that led to it: `loggedIn` after the login form is a
 * different journey from `loggedIn` on opening the app with a stored token, and `unknown` after a
 * login looks exactly like `unknown` at start-up. Without this the graph would take each state
 * only once and never use the login form.
 */
export function serializeSessionState(
  snapshot: AnyMachineSnapshot,
  event: { type: string } | undefined,
): string {
  return JSON.stringify({ value: snapshot.value, context: snapshot.context, via: event?.type });
}

/**
 * What the real UI can do, step by step:
 * - the user fetch fails (401) only for a visitor opening the app, i.e. as the very first event,
 *   and succeeds either for a returning member (first event) or right after a login;
 * - LOGGED_IN comes from the login form, which only a logged-out visitor sees;
 * - REFRESH has no trigger yet (payments will send it), and the logout call cannot be made to
 *   fail from the browser without faking the server, so neither is replayed here.
 */
export function uiCanTake(path: SessionPath): boolean {
  return path.steps.every((step, i) => {
    if (i === 0) return true;
    const previous = path.steps[i - 1];
    const from = previous?.state.value;
    const type = step.event.type as string;
    const kind = classifyEvent(type);
    if (type === 'xstate.error.actor.fetchUserInfo') return i === 1;
    if (type === 'xstate.done.actor.fetchUserInfo') {
      return i === 1 || previous?.event.type === 'LOGGED_IN';
    }
    if (type === 'LOGGED_IN') return from === 'loggedOut';
    if (type === 'REFRESH' || type === 'xstate.error.actor.logout') return false;
    return kind.kind !== 'after';
  });
}

export function sessionUiPaths(): SessionPath[] {
  const all = getSimplePaths(sessionMachine, {
    events: applicableEvents(sessionUiEvents),
    serializeState: serializeSessionState,
  });
  // A path must end where the UI shows something: `unknown` and `loggingOut` last one request.
  const ends = (path: SessionPath) => !['unknown', 'loggingOut'].includes(String(path.state.value));
  return longestPaths(all.filter((path) => uiCanTake(path) && ends(path)));
}
