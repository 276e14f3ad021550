import { assign, setup } from 'xstate';
import { cooldownRemainingMs } from '../../contract/account-area';
import { Errors } from '../../contract/errors';
import {
  errorOf,
  failedWith,
  failureCode,
  placeholderActor,
  rememberError,
  toMachineError,
} from '../shared/machine-error';
import { TICK_MS } from './third-party-client.constants';
import type {
  ThirdPartyClientContext,
  ThirdPartyClientEvent,
  ThirdPartyClientSnapshot,
} from './third-party-client.types';

function cooldownOf(data: unknown): { nextEnableAt: string; serverTime: string } | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const { nextEnableAt, serverTime } = data as Record<string, unknown>;
  if (typeof nextEnableAt !== 'string' || typeof serverTime !== 'string') return undefined;
  if (Number.isNaN(Date.parse(nextEnableAt)) || Number.isNaN(Date.parse(serverTime)))
    return undefined;
  return { nextEnableAt, serverTime };
}

/** The context a server answer implies; the cooldown is measured on the server's clock. */
function fromServer(state: ThirdPartyClientSnapshot): Omit<ThirdPartyClientContext, 'errorCode'> {
  const next = state.nextEnableAt === null ? null : new Date(state.nextEnableAt);
  return {
    enabled: state.enabled,
    nextEnableAt: state.nextEnableAt,
    remainingMs: cooldownRemainingMs(next, new Date(state.serverTime)),
    speedLimitMbps: state.speedLimitMbps,
    membershipActive: state.membershipActive,
  };
}

/** The server's answer (its state of the switch) is where the machine settles. */
const settledByServer = {
  target: 'settled',
  actions: {
    type: 'applyServerState',
    params: ({ event }: { event: { output: ThirdPartyClientSnapshot } }) => ({
      state: event.output,
    }),
  },
} as const;

/** One request to switch on or off; the server answers with the switch as it now stands. */
const toggleTo = (enabled: boolean) =>
  ({
    id: 'toggle',
    src: 'toggle',
    input: { enabled },
    onDone: settledByServer,
  }) as const;

/**
 * The third-party client switch (SPEC §4): on or off; switching on at most once per 7 days. The
 * server decides; the machine mirrors its answer, counting the cooldown down from the server time
 * it sent, so a reload (a fresh `loadState`) shows the same wait. `loadState` and `toggle` are the
 * API calls, provided by the SPA with `machine.provide(...)`.
 */
export const thirdPartyClientMachine = setup({
  types: {
    context: {} as ThirdPartyClientContext,
    events: {} as ThirdPartyClientEvent,
  },
  actors: {
    loadState: placeholderActor<ThirdPartyClientSnapshot>('thirdPartyClient', 'loadState'),
    toggle: placeholderActor<ThirdPartyClientSnapshot, { enabled: boolean }>(
      'thirdPartyClient',
      'toggle',
    ),
  },
  delays: { TICK: TICK_MS },
  actions: {
    applyServerState: assign((_, params: { state: ThirdPartyClientSnapshot }) => ({
      ...fromServer(params.state),
      errorCode: null,
    })),
    rememberFailure: assign(failureCode),
    clearFailure: assign({ errorCode: null }),
    // The server refused as too soon: its answer says until when, on its own clock.
    applyCooldownRefusal: assign((_, params: { error: unknown }) => {
      const { code, data } = toMachineError(params.error);
      const refusal = cooldownOf(data);
      return {
        errorCode: code,
        nextEnableAt: refusal?.nextEnableAt ?? null,
        remainingMs: refusal
          ? cooldownRemainingMs(new Date(refusal.nextEnableAt), new Date(refusal.serverTime))
          : 0,
      };
    }),
    tick: assign(({ context }) => ({ remainingMs: Math.max(0, context.remainingMs - TICK_MS) })),
  },
  guards: {
    isEnabled: ({ context }) => context.enabled,
    hasMembership: ({ context }) => context.membershipActive,
    isCoolingDown: ({ context }) => context.remainingMs > 0,
    isCooldownRefusal: failedWith(Errors.THIRD_PARTY_COOLDOWN),
  },
}).createMachine({
  id: 'thirdPartyClient',
  context: {
    enabled: false,
    remainingMs: 0,
    nextEnableAt: null,
    speedLimitMbps: null,
    membershipActive: false,
    errorCode: null,
  },
  initial: 'loading',
  states: {
    // Why: nothing can be shown or switched before the server says where the user stands.
    loading: {
      invoke: {
        id: 'loadState',
        src: 'loadState',
        onDone: settledByServer,
        onError: {
          target: 'loadFailed',
          actions: rememberError,
        },
      },
    },
    // Why: the page shows the failure and a retry instead of a switch that cannot work.
    loadFailed: {
      on: { RETRY: { target: 'loading', actions: 'clearFailure' } },
    },
    // Why: a transient routing state: where the server's answer puts the switch.
    settled: {
      always: [
        { guard: 'isEnabled', target: 'enabled' },
        { guard: 'hasMembership', target: 'disabled' },
        { target: 'unavailable' },
      ],
    },
    // Why: without an active membership the function cannot be switched on (server-enforced).
    unavailable: {},
    // Why: off; switching on is offered only once the cooldown has run out.
    disabled: {
      initial: 'checking',
      states: {
        checking: {
          always: [{ guard: 'isCoolingDown', target: 'coolingDown' }, { target: 'ready' }],
        },
        ready: {
          on: { ENABLE: { target: '#thirdPartyClient.enabling', actions: 'clearFailure' } },
        },
        coolingDown: {
          after: { TICK: { target: 'checking', reenter: true, actions: 'tick' } },
        },
      },
    },
    // Why: one request at a time; the server may still refuse (another tab switched it on).
    enabling: {
      invoke: {
        ...toggleTo(true),
        onError: [
          {
            // Another tab or device switched it on and off meanwhile: count down the server's wait.
            guard: { type: 'isCooldownRefusal', params: errorOf },
            target: 'disabled',
            actions: {
              type: 'applyCooldownRefusal',
              params: errorOf,
            },
          },
          {
            target: 'disabled',
            actions: rememberError,
          },
        ],
      },
    },
    // Why: on, limited to 10 Mbps; the import link is offered.
    enabled: {
      initial: 'idle',
      states: {
        idle: {
          on: { DISABLE: { target: 'confirmingDisable', actions: 'clearFailure' } },
        },
        // Why: switching off cannot be taken back for 7 days (switching on again waits out the
        // cooldown), so the user confirms first; cancelling changes nothing.
        confirmingDisable: {
          on: {
            CONFIRM: { target: '#thirdPartyClient.disabling' },
            CANCEL: { target: 'idle' },
          },
        },
      },
    },
    // Why: one request at a time.
    disabling: {
      invoke: {
        ...toggleTo(false),
        onError: {
          target: 'enabled',
          actions: rememberError,
        },
      },
    },
  },
});

export type ThirdPartyClientMachine = typeof thirdPartyClientMachine;
