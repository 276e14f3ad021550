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
} from '../shared/machine-error';
import type {
  NewCredential,
  PasskeyRegistrationContext,
  PasskeyRegistrationEvent,
  SavePasskeyInput,
} from './passkey-registration.types';

const nothing: PasskeyRegistrationContext = { credential: null, ...noRefusal };

/** Refusals of the save that a new name can fix; any other needs the ceremony again. */
const isNameRefused = failedWith(Errors.PASSKEY_NAME_INVALID);

/**
 * Adding a passkey on /user/security (issue 22, item 4; docs/account-security.md "Passkeys"): the
 * current password (the server checks it before it hands out a challenge), the browser's ceremony,
 * then a name, and the save. The password goes only to `createPasskey`, never into the context.
 * `createPasskey` (user_passkey_register_options and `navigator.credentials.create()`),
 * `savePasskey` (user_passkey_register) and `passkeyAdded` are the SPA's, provided with
 * `machine.provide(...)`.
 */
export const passkeyRegistrationMachine = setup({
  types: {
    context: {} as PasskeyRegistrationContext,
    events: {} as PasskeyRegistrationEvent,
  },
  actors: {
    createPasskey: placeholderActor<NewCredential, { password: string }>(
      'passkeyRegistration',
      'createPasskey',
    ),
    savePasskey: placeholderActor<unknown, SavePasskeyInput>('passkeyRegistration', 'savePasskey'),
  },
  actions: {
    passkeyAdded: placeholderAction('passkeyRegistration', 'passkeyAdded'),
    keepCredential: assign((_, params: { credential: NewCredential }) => ({
      credential: params.credential,
      ...noRefusal,
    })),
    rememberRefusal: assign(refusalCodeAndData),
    clearRefusal: assign(noRefusal),
    forget: assign(() => nothing),
  },
  guards: {
    isNameRefused,
  },
}).createMachine({
  id: 'passkeyRegistration',
  context: nothing,
  initial: 'idle',
  states: {
    // Why: the list with "Add a passkey"; a refusal that ended an attempt is not kept here.
    idle: {
      on: { START: { target: 'confirmingPassword', actions: 'forget' } },
    },
    // Why: adding a way in is a credential change: the current password first (its refusal, the
    // throttle's wait or a cancelled ceremony is said here, and the member may try again).
    confirmingPassword: {
      on: {
        SUBMIT_PASSWORD: { target: 'creating', actions: 'clearRefusal' },
        CANCEL: { target: 'idle', actions: 'forget' },
      },
    },
    // Why: one options call and the browser's ceremony at a time (the device asks for its lock).
    creating: {
      invoke: {
        id: 'createPasskey',
        src: 'createPasskey',
        input: ({ event }) => {
          assertEvent(event, 'SUBMIT_PASSWORD');
          return { password: event.password };
        },
        onDone: {
          target: 'naming',
          actions: {
            type: 'keepCredential',
            params: ({ event }) => ({ credential: event.output }),
          },
        },
        onError: {
          target: 'confirmingPassword',
          actions: rememberRefusal,
        },
      },
    },
    // Why: the passkey exists on the device; the member names it ("Work laptop") before it is saved.
    naming: {
      on: {
        SUBMIT_NAME: { target: 'saving', actions: 'clearRefusal' },
        CANCEL: { target: 'idle', actions: 'forget' },
      },
    },
    // Why: one save; a bad name comes back to the name, anything else (the challenge expired) to
    // the password, where the ceremony starts over.
    saving: {
      invoke: {
        id: 'savePasskey',
        src: 'savePasskey',
        input: ({ context, event }) => {
          assertEvent(event, 'SUBMIT_NAME');
          return { credential: context.credential ?? {}, name: event.name };
        },
        onDone: { target: 'idle', actions: ['forget', 'passkeyAdded'] },
        onError: [
          {
            guard: { type: 'isNameRefused', params: errorOf },
            target: 'naming',
            actions: rememberRefusal,
          },
          {
            target: 'confirmingPassword',
            actions: ['forget', rememberRefusal],
          },
        ],
      },
    },
  },
});
