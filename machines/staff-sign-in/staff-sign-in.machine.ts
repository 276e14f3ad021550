import { assertEvent, assign, setup } from 'xstate';
import type { ConsoleSession } from '../../contract/endpoints/console';
import { Errors, retryAfterSecondsOf } from '../../contract/errors';
import {
  codeOf,
  errorOf,
  failedWith,
  placeholderAction,
  placeholderActor,
  toMachineError,
} from '../shared/machine-error';
import { DEFAULT_THROTTLE_SECONDS } from './staff-sign-in.constants';
import type { StaffSignInContext, StaffSignInEvent, StaffSignInInput } from './staff-sign-in.types';

/** The refusals that mean "one of the three is wrong" (the server never says which). */
const isWrongCredentials = failedWith(
  Errors.STAFF_SIGN_IN_FAILED,
  Errors.TOTP_CODE_INVALID,
  Errors.REQUIRED_TOTP_CODE,
  Errors.REQUIRED_USERNAME,
  Errors.REQUIRED_PASSWORD,
);

/** The server's `retryAfterSeconds` on a throttled answer, else the first step's wait. */
const retryAfterOf = (error: unknown): number =>
  retryAfterSecondsOf(toMachineError(error).data) ?? DEFAULT_THROTTLE_SECONDS;

const refusal = (target: string, guard?: 'isThrottled' | 'isDisabled' | 'isWrongCredentials') => ({
  ...(guard ? { guard: { type: guard, params: errorOf } } : {}),
  target,
  actions: { type: 'rememberRefusal' as const, params: errorOf },
});

/** The field's kind may change whenever the form is open, not while a sign-in runs. */
const toggle = { actions: 'toggleFactor' } as const;
const formEvents = {
  SUBMIT: { target: 'submitting', actions: 'clearRefusal' },
  TOGGLE_FACTOR: toggle,
} as const;

/**
 * Staff sign-in at /admin/login (issue 21, docs/console.md): username, password and a second
 * factor, always; the factor is the authenticator's code or, toggled, a recovery code. A wrong part
 * is one answer (STAFF_SIGN_IN_FAILED); repeated failures are throttled by the server, which says
 * how long to wait: the form stays closed that long. `signIn` and `enterConsole` must be provided by
 * the SPA with `machine.provide(...)`.
 */
export const staffSignInMachine = setup({
  types: {
    context: {} as StaffSignInContext,
    events: {} as StaffSignInEvent,
  },
  actors: {
    signIn: placeholderActor<ConsoleSession, StaffSignInInput>('staffSignIn', 'signIn'),
  },
  delays: {
    THROTTLE: ({ context }) => context.retryAfterSeconds * 1000,
  },
  actions: {
    enterConsole: placeholderAction<{ session: ConsoleSession }>('staffSignIn', 'enterConsole'),
    toggleFactor: assign(({ context }) => ({
      factor: context.factor === 'totp' ? ('recovery' as const) : ('totp' as const),
    })),
    rememberRefusal: assign((_, params: { error: unknown }) => ({
      errorCode: codeOf(params.error),
      retryAfterSeconds: retryAfterOf(params.error),
    })),
    clearRefusal: assign({ errorCode: null }),
    storeSession: assign((_, params: { session: ConsoleSession }) => ({
      session: params.session,
      errorCode: null,
    })),
  },
  guards: {
    isThrottled: failedWith(Errors.TOO_MANY_FAILED_ATTEMPTS),
    isDisabled: failedWith(Errors.STAFF_DISABLED),
    isWrongCredentials,
  },
}).createMachine({
  id: 'staffSignIn',
  context: {
    factor: 'totp',
    errorCode: null,
    retryAfterSeconds: DEFAULT_THROTTLE_SECONDS,
    session: null,
  },
  initial: 'editing',
  states: {
    // Why: the form is open; nothing was refused yet (or the wait is over).
    editing: {
      on: formEvents,
    },
    // Why: one attempt at a time; each counts against the throttle.
    submitting: {
      invoke: {
        id: 'signIn',
        src: 'signIn',
        input: ({ event }) => {
          assertEvent(event, 'SUBMIT');
          return { username: event.username, password: event.password, code: event.code };
        },
        onDone: {
          target: 'signedIn',
          actions: { type: 'storeSession', params: ({ event }) => ({ session: event.output }) },
        },
        onError: [
          refusal('throttled', 'isThrottled'),
          refusal('disabled', 'isDisabled'),
          refusal('rejected', 'isWrongCredentials'),
          refusal('failed'),
        ],
      },
    },
    // Why: the username, password or code was wrong; the form says so and stays filled in.
    rejected: {
      on: formEvents,
    },
    // Why: too many failures; the server named the wait and the form stays closed until it passes.
    throttled: {
      after: { THROTTLE: 'editing' },
      on: { TOGGLE_FACTOR: toggle },
    },
    // Why: the staff member was disabled by an owner; trying again with this account cannot help
    // (the server answers STAFF_SIGN_IN_FAILED for a disabled account today, so as not to say
    // which usernames exist; the state is ready for a server that tells).
    disabled: {
      on: formEvents,
    },
    // Why: the network or the server failed; the same attempt may be sent again.
    failed: {
      on: formEvents,
    },
    // Why: the session cookie is set; the console opens at /admin.
    signedIn: {
      type: 'final',
      entry: {
        type: 'enterConsole',
        params: ({ context }) => ({ session: context.session! }),
      },
    },
  },
});
