import { assertEvent, assign, setup } from 'xstate';
import {
  noRefusal,
  placeholderAction,
  placeholderActor,
  refusalCodeAndData,
  rememberRefusal,
} from '../shared/machine-error';
import type {
  TotpSecret,
  TwoStepCodeInput,
  TwoStepEnabled,
  TwoStepSetupContext,
  TwoStepSetupEvent,
} from './two-step-setup.types';

const codeOfSubmit = ({ event }: { event: TwoStepSetupEvent }): TwoStepCodeInput => {
  assertEvent(event, 'SUBMIT');
  return { code: event.code };
};

/**
 * Two-step sign-in on /user/security (issue 22, docs/account-security.md). Turning it on: the
 * server makes a secret (`makeSecret`, user_totp_setup), the card shows it as a QR code and as
 * text, one code of it turns two-step sign-in on (`enable`, user_totp_enable), and the 10 recovery
 * codes are shown once, until "I have saved them". Turning it off takes the app's code or a
 * recovery code (`disable`, user_totp_disable). Whether it is on is the server's (user_security):
 * the card offers START when off and TURN_OFF when on, and `refreshStatus` asks again after each
 * change. `makeSecret`, `enable`, `disable`, `refreshStatus` and `announceOff` must be provided.
 */
export const twoStepSetupMachine = setup({
  types: {
    context: {} as TwoStepSetupContext,
    events: {} as TwoStepSetupEvent,
  },
  actors: {
    makeSecret: placeholderActor<TotpSecret>('twoStepSetup', 'makeSecret'),
    enable: placeholderActor<TwoStepEnabled, TwoStepCodeInput>('twoStepSetup', 'enable'),
    disable: placeholderActor<unknown, TwoStepCodeInput>('twoStepSetup', 'disable'),
  },
  actions: {
    refreshStatus: placeholderAction('twoStepSetup', 'refreshStatus'),
    announceOff: placeholderAction('twoStepSetup', 'announceOff'),
    storeSecret: assign((_, params: { secret: TotpSecret }) => ({
      secret: params.secret,
      ...noRefusal,
    })),
    storeCodes: assign((_, params: { codes: readonly string[] }) => ({
      recoveryCodes: params.codes,
      secret: null,
    })),
    forgetSecrets: assign({ secret: null, recoveryCodes: [] }),
    rememberRefusal: assign(refusalCodeAndData),
    clearRefusal: assign(noRefusal),
  },
}).createMachine({
  id: 'twoStepSetup',
  context: { secret: null, recoveryCodes: [], ...noRefusal },
  initial: 'idle',
  states: {
    // Why: nothing is being changed; the card shows whether two-step sign-in is on.
    idle: {
      on: {
        START: { target: 'makingSecret', actions: 'clearRefusal' },
        TURN_OFF: { target: 'turningOff', actions: 'clearRefusal' },
      },
    },
    // Why: the server makes the secret (a new one each time; the last one made counts).
    makingSecret: {
      invoke: {
        id: 'makeSecret',
        src: 'makeSecret',
        onDone: {
          target: 'settingUp',
          actions: { type: 'storeSecret', params: ({ event }) => ({ secret: event.output }) },
        },
        // The API layer's toast says why; the card is as it was.
        onError: { target: 'idle', actions: rememberRefusal },
      },
    },
    // Why: the QR code and the key are shown; one code from the app proves it holds the secret.
    settingUp: {
      on: {
        SUBMIT: { target: 'enabling', actions: 'clearRefusal' },
        CANCEL: { target: 'idle', actions: 'forgetSecrets' },
      },
    },
    // Why: one attempt at a time; each wrong code counts against the member's code throttle.
    enabling: {
      invoke: {
        id: 'enable',
        src: 'enable',
        input: codeOfSubmit,
        onDone: {
          target: 'showingCodes',
          actions: [
            {
              type: 'storeCodes',
              params: ({ event }) => ({ codes: event.output.recoveryCodes }),
            },
            'refreshStatus',
          ],
        },
        // A wrong code, the wait of a throttle, a setup replaced in another tab: the form again.
        onError: { target: 'settingUp', actions: rememberRefusal },
      },
    },
    // Why: the recovery codes exist only on this screen; they are never shown again.
    showingCodes: {
      on: { CONFIRM_SAVED: { target: 'idle', actions: 'forgetSecrets' } },
    },
    // Why: turning off asks for the app's code or a recovery code, not the session alone.
    turningOff: {
      on: {
        SUBMIT: { target: 'disabling', actions: 'clearRefusal' },
        CANCEL: { target: 'idle', actions: 'clearRefusal' },
      },
    },
    // Why: one attempt at a time, throttled like the others.
    disabling: {
      invoke: {
        id: 'disable',
        src: 'disable',
        input: codeOfSubmit,
        onDone: { target: 'idle', actions: ['refreshStatus', 'announceOff'] },
        onError: { target: 'turningOff', actions: rememberRefusal },
      },
    },
  },
});

export type TwoStepSetupMachine = typeof twoStepSetupMachine;
