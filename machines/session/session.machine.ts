import { assign, setup } from 'xstate';
import { UNAUTHORIZED } from '../../contract/shell-errors';
import type { UserInfo } from '../../contract/endpoints/system';
import {
  errorOf,
  failedWith,
  failureCode,
  placeholderAction,
  placeholderActor,
  rememberError,
} from '../shared/machine-error';
import { sessionFlags } from './session-flags';
import type { SessionContext, SessionEvent } from './session.types';

const signedOut: SessionContext = {
  user: null,
  isYearlyPaid: false,
  isBenefitsActive: false,
  errorCode: null,
};

/**
 * Who is using the app. The side effects are named and have no working default: the SPA provides
 * `fetchUserInfo`, `logout` (the API calls) and `clearToken` (storage and cookie) with
 * `sessionMachine.provide(...)`, tests provide stubs. A forgotten one fails loudly instead of
 * silently keeping a token.
 */
export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
  },
  actors: {
    fetchUserInfo: placeholderActor<UserInfo>('session', 'fetchUserInfo'),
    logout: placeholderActor<void>('session', 'logout'),
  },
  actions: {
    clearToken: placeholderAction('session', 'clearToken'),
    rememberUser: assign((_, params: { user: UserInfo }) => ({
      user: params.user,
      ...sessionFlags(params.user),
      errorCode: null,
    })),
    forgetUser: assign(() => signedOut),
    rememberFailure: assign(failureCode),
    markUnauthorized: assign({ errorCode: UNAUTHORIZED.code }),
  },
  guards: {
    isUnauthorized: failedWith(UNAUTHORIZED),
    knowsUser: ({ context }) => context.user !== null,
  },
}).createMachine({
  id: 'session',
  context: signedOut,
  initial: 'unknown',
  states: {
    // Why: on start-up (or after a login) the token alone does not say whether the session is
    // alive; only the server does. Guards wait here instead of guessing. A refresh passes here
    // too, with the user still in context.
    unknown: {
      invoke: {
        id: 'fetchUserInfo',
        src: 'fetchUserInfo',
        onDone: {
          target: 'loggedIn',
          actions: { type: 'rememberUser', params: ({ event }) => ({ user: event.output }) },
        },
        onError: [
          // A 401 is the ordinary answer for a visitor: no error to show, the stale token goes.
          {
            guard: { type: 'isUnauthorized', params: errorOf },
            target: 'loggedOut',
            actions: ['forgetUser', 'clearToken'],
          },
          // Any other failure says nothing about the token, so it is kept for the next attempt.
          // A refresh that fails keeps the member logged in with what was known.
          {
            guard: 'knowsUser',
            target: 'loggedIn',
            actions: rememberError,
          },
          {
            target: 'loggedOut',
            actions: ['forgetUser', rememberError],
          },
        ],
      },
      on: {
        // A login finished while the first fetch was in flight: that fetch used the old token.
        LOGGED_IN: { target: 'unknown', reenter: true },
      },
    },
    // Why: the server vouched for the token; the user and the two programme flags are in context.
    loggedIn: {
      on: {
        // A new token may belong to another account: nothing of the old user is kept.
        LOGGED_IN: { target: 'unknown', actions: 'forgetUser' },
        REFRESH: 'unknown',
        LOGOUT: 'loggingOut',
        UNAUTHORIZED: {
          target: 'loggedOut',
          actions: ['forgetUser', 'clearToken', 'markUnauthorized'],
        },
      },
    },
    // Why: the server must revoke the token before it is forgotten locally; the header shows
    // progress meanwhile. A failed revoke still logs out here: the user asked to leave.
    loggingOut: {
      invoke: {
        id: 'logout',
        src: 'logout',
        onDone: { target: 'loggedOut', actions: ['forgetUser', 'clearToken'] },
        onError: { target: 'loggedOut', actions: ['forgetUser', 'clearToken'] },
      },
    },
    // Why: a visitor; /user/* guards send them to /login. Left by a successful login.
    loggedOut: {
      on: {
        LOGGED_IN: 'unknown',
      },
    },
  },
});

export type SessionMachine = typeof sessionMachine;
