import { assertEvent, assign, setup } from 'xstate';
import { Errors } from '../../contract/errors';
import {
  errorOf,
  failedWith,
  noRefusal,
  placeholderAction,
  placeholderActor,
  refusalCodeAndData,
  rememberRefusal,
  toMachineError,
} from '../shared/machine-error';
import type {
  LogInInput,
  PasskeySecondStepInput,
  SignInContext,
  SignInEvent,
} from './sign-in.types';

/**
 * How a second step's sign-in ends when refused (a code or a passkey's answer): a password no longer
 * right goes back to the form, anything else stays on the second step, said there.
 */
const secondStepRefused = [
  {
    guard: { type: 'isPasswordRefused', params: errorOf },
    target: 'editing',
    actions: 'forgetCredentials',
  },
  { target: 'secondStep', actions: rememberRefusal },
] as const;

const signedOut: SignInContext = {
  account: '',
  password: '',
  factor: 'totp',
  passkeyOffered: false,
  ...noRefusal,
};

/**
 * A member's sign-in at /login (issue 22, docs/account-security.md): the account and password, then,
 * when two-step sign-in is on (the server answers TOTP_REQUIRED), the authenticator's code, a
 * recovery code or one of the member's passkeys. The server checks the password again with the
 * second step, so the password stays in the context until the sign-in ends or the member goes back;
 * it is never stored anywhere else. A passkey also signs in alone, from the form, with no password.
 * `logIn`, `passkeySignIn`, `passkeySecondStep` and `enterAccount` must be provided by the SPA with
 * `machine.provide(...)`.
 */
export const signInMachine = setup({
  types: {
    context: {} as SignInContext,
    events: {} as SignInEvent,
  },
  actors: {
    logIn: placeholderActor<unknown, LogInInput>('signIn', 'logIn'),
    /** Options, the browser's passkey, `user_passkey_login`: a sign-in with no password. */
    passkeySignIn: placeholderActor<unknown, void>('signIn', 'passkeySignIn'),
    /** Options, the browser's passkey, `user_login` with the password and the passkey's answer. */
    passkeySecondStep: placeholderActor<unknown, PasskeySecondStepInput>(
      'signIn',
      'passkeySecondStep',
    ),
  },
  actions: {
    enterAccount: placeholderAction('signIn', 'enterAccount'),
    storeCredentials: assign(({ event }) => {
      assertEvent(event, 'SUBMIT');
      return {
        account: event.account,
        password: event.password,
        ...noRefusal,
      };
    }),
    /** TOTP_REQUIRED's data says whether a passkey may be the second step. */
    rememberSecondStep: assign((_, params: { error: unknown }) => {
      const data = toMachineError(params.error).data as { passkey?: unknown } | undefined;
      return { passkeyOffered: data?.passkey === true };
    }),
    forgetCredentials: assign(() => signedOut),
    toggleFactor: assign(({ context }) => ({
      factor: context.factor === 'totp' ? ('recovery' as const) : ('totp' as const),
      ...noRefusal,
    })),
    rememberRefusal: assign(refusalCodeAndData),
    clearRefusal: assign(noRefusal),
  },
  guards: {
    isSecondStepRequired: failedWith(Errors.TOTP_REQUIRED),
    /** The password no longer holds (changed meanwhile): the second step cannot help. */
    isPasswordRefused: failedWith(Errors.INVALID_CREDENTIALS),
    isPasskeyOffered: ({ context }) => context.passkeyOffered,
  },
}).createMachine({
  id: 'signIn',
  context: signedOut,
  initial: 'editing',
  states: {
    // Why: the account and password form; a refusal of it was a toast and left it filled in.
    editing: {
      on: {
        SUBMIT: { target: 'submitting', actions: 'storeCredentials' },
        USE_PASSKEY: { target: 'passkeySigningIn', actions: 'forgetCredentials' },
      },
    },
    // Why: one attempt at a time; each counts against the password throttle.
    submitting: {
      invoke: {
        id: 'logIn',
        src: 'logIn',
        input: ({ context }) => ({ account: context.account, password: context.password }),
        onDone: 'signedIn',
        onError: [
          {
            guard: { type: 'isSecondStepRequired', params: errorOf },
            target: 'secondStep',
            actions: { type: 'rememberSecondStep', params: errorOf },
          },
          // The API layer showed the refusal; nothing typed needs keeping in the machine.
          { target: 'editing', actions: 'forgetCredentials' },
        ],
      },
    },
    // Why: a passkey signs in alone (it verified the person): the browser's ceremony and one
    // `user_passkey_login`. A refusal or a cancelled ceremony comes back to the form, said there.
    passkeySigningIn: {
      invoke: {
        id: 'passkeySignIn',
        src: 'passkeySignIn',
        onDone: 'signedIn',
        onError: { target: 'editing', actions: rememberRefusal },
      },
    },
    // Why: the password was right and two-step sign-in is on; the code (or a recovery code) is asked.
    secondStep: {
      on: {
        SUBMIT_CODE: { target: 'verifying', actions: 'clearRefusal' },
        USE_PASSKEY: {
          guard: 'isPasskeyOffered',
          target: 'passkeyVerifying',
          actions: 'clearRefusal',
        },
        TOGGLE_FACTOR: { actions: 'toggleFactor' },
        BACK: { target: 'editing', actions: 'forgetCredentials' },
      },
    },
    // Why: the password and the code go together; a wrong code comes back to the second step.
    verifying: {
      invoke: {
        id: 'logIn',
        src: 'logIn',
        input: ({ context, event }) => {
          assertEvent(event, 'SUBMIT_CODE');
          const factor =
            context.factor === 'totp' ? { totpCode: event.code } : { recoveryCode: event.code };
          return { account: context.account, password: context.password, ...factor };
        },
        onDone: 'signedIn',
        onError: secondStepRefused,
      },
    },
    // Why: the password and a passkey's answer go together; a refusal comes back to the second step.
    passkeyVerifying: {
      invoke: {
        id: 'passkeySecondStep',
        src: 'passkeySecondStep',
        input: ({ context }) => ({ account: context.account, password: context.password }),
        onDone: 'signedIn',
        onError: secondStepRefused,
      },
    },
    // Why: the token is stored; the password is dropped and the account (or ?redirect) opens.
    signedIn: { type: 'final', entry: ['forgetCredentials', 'enterAccount'] },
  },
});
