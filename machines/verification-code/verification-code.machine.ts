import { assertEvent, assign, setup } from 'xstate';
import { Errors } from '../../contract/errors';
import {
  errorOf,
  failedWith,
  failureCode,
  placeholderActor,
  rememberError,
  toMachineError,
} from '../shared/machine-error';
import { DEFAULT_COOLDOWN_SECONDS, TICK_MS } from './verification-code.constants';
import type {
  SendCodeParams,
  SendCodeResult,
  VerificationCodeContext,
  VerificationCodeEvent,
} from './verification-code.types';

/** Seconds the server asked to wait in a CODE_COOLDOWN refusal, when it said. */
function cooldownOf(data: unknown): number | undefined {
  if (typeof data !== 'object' || data === null || !('cooldownSeconds' in data)) return undefined;
  const seconds = (data as { cooldownSeconds: unknown }).cooldownSeconds;
  return typeof seconds === 'number' && Number.isInteger(seconds) && seconds >= 0
    ? seconds
    : undefined;
}

/**
 * The "Send code" button of the register and reset-password forms, and of the change of an
 * account's e-mail or phone on /user/security. The server owns the cooldown;
 * the countdown only mirrors the number it sends back, so a reload cannot shorten it.
 * `sendCode` (the API call) must be provided by the SPA with `machine.provide(...)`.
 */
export const verificationCodeMachine = setup({
  types: {
    context: {} as VerificationCodeContext,
    events: {} as VerificationCodeEvent,
  },
  actors: {
    sendCode: placeholderActor<SendCodeResult, SendCodeParams>('verificationCode', 'sendCode'),
  },
  delays: {
    TICK: TICK_MS,
  },
  actions: {
    startCountdown: assign((_, params: { seconds: number }) => ({
      remaining: params.seconds,
      errorCode: null,
    })),
    tick: assign(({ context }) => ({ remaining: Math.max(0, context.remaining - 1) })),
    rememberFailure: assign(failureCode),
    clearFailure: assign({ errorCode: null }),
    // The server refused because a code was sent recently: count down what it says is left.
    countRefusedCooldown: assign((_, params: { error: unknown }) => {
      const error = toMachineError(params.error);
      return {
        errorCode: error.code,
        remaining: cooldownOf(error.data) ?? DEFAULT_COOLDOWN_SECONDS,
      };
    }),
  },
  guards: {
    isCooldownRefusal: failedWith(Errors.CODE_COOLDOWN),
    isCountdownOver: ({ context }) => context.remaining <= 0,
  },
}).createMachine({
  id: 'verificationCode',
  context: { remaining: 0, errorCode: null },
  initial: 'idle',
  states: {
    // Why: a code may be requested; the button is enabled and shows the last failure, if any.
    idle: {
      on: {
        SEND: { target: 'sending', actions: 'clearFailure' },
      },
    },
    // Why: one request at a time; a second click while the first is in flight would send twice.
    sending: {
      invoke: {
        id: 'sendCode',
        src: 'sendCode',
        input: ({ event }) => {
          assertEvent(event, 'SEND');
          return event.params;
        },
        onDone: {
          target: 'counting',
          actions: {
            type: 'startCountdown',
            params: ({ event }) => ({ seconds: event.output.cooldownSeconds }),
          },
        },
        onError: [
          {
            guard: { type: 'isCooldownRefusal', params: errorOf },
            target: 'counting',
            actions: {
              type: 'countRefusedCooldown',
              params: errorOf,
            },
          },
          {
            target: 'idle',
            actions: rememberError,
          },
        ],
      },
    },
    // Why: the server would refuse a resend now; the disabled button shows the seconds left.
    counting: {
      // A finished wait makes an earlier "please wait" refusal moot.
      always: { guard: 'isCountdownOver', target: 'idle', actions: 'clearFailure' },
      after: {
        TICK: { target: 'counting', reenter: true, actions: 'tick' },
      },
    },
  },
});

export type VerificationCodeMachine = typeof verificationCodeMachine;
