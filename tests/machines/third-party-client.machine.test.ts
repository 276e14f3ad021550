import { describe, expect, it } from 'vitest';
import { fromPromise, initialTransition, transition } from 'xstate';
import { settle, startOnClock } from './support/on-clock';
import { Errors } from '../../contract';
import { actorDone, actorError, delayElapsed } from '../../machines/shared/graph-events';
import { TICK_MS } from '../../machines/third-party-client/third-party-client.constants';
import { thirdPartyClientMachine } from '../../machines/third-party-client/third-party-client.machine';
import type {
  ThirdPartyClientEvent,
  ThirdPartyClientSnapshot,
} from '../../machines/third-party-client/third-party-client.types';
import { SERVER_NOW, sampleClientState } from './support/sample-third-party-client';

const DAY = 86_400_000;

const loaded = (state: ThirdPartyClientSnapshot) =>
  actorDone<ThirdPartyClientEvent>('loadState', state);
const tick = delayElapsed<ThirdPartyClientEvent>('TICK', 'thirdPartyClient.disabled.coolingDown');

function after(state: ThirdPartyClientSnapshot) {
  const [start] = initialTransition(thirdPartyClientMachine);
  return transition(thirdPartyClientMachine, start, loaded(state))[0];
}

describe('third-party-client machine, pure transitions', () => {
  it('starts loading the server state', () => {
    const [start, actions] = initialTransition(thirdPartyClientMachine);
    expect(start.value).toBe('loading');
    expect(actions.some((a) => a.type === 'xstate.spawnChild')).toBe(true);
  });

  it('off with no cooldown: ready to switch on', () => {
    expect(after(sampleClientState()).value).toEqual({ disabled: 'ready' });
  });

  it('off inside the cooldown: the wait is measured on the server clock, not the device clock', () => {
    const next = new Date(Date.parse(SERVER_NOW) + 3 * DAY).toISOString();
    const snapshot = after(sampleClientState({ nextEnableAt: next }));
    expect(snapshot.value).toEqual({ disabled: 'coolingDown' });
    expect(snapshot.context.remainingMs).toBe(3 * DAY);
    expect(snapshot.can({ type: 'ENABLE' })).toBe(false);
  });

  it('on: 10 Mbps; DISABLE asks for a confirmation, CONFIRM asks the server, CANCEL keeps it on', () => {
    const on = after(
      sampleClientState({
        enabled: true,
        enabledAt: SERVER_NOW,
        speedLimitMbps: 10,
        nextEnableAt: SERVER_NOW,
      }),
    );
    expect(on.value).toEqual({ enabled: 'idle' });
    expect(on.context.speedLimitMbps).toBe(10);
    const [asking, asked] = transition(thirdPartyClientMachine, on, { type: 'DISABLE' });
    expect(asking.value).toEqual({ enabled: 'confirmingDisable' });
    // Nothing is sent before the user confirms.
    expect(asked).not.toContainEqual(expect.objectContaining({ type: 'xstate.spawnChild' }));
    const [kept] = transition(thirdPartyClientMachine, asking, { type: 'CANCEL' });
    expect(kept.value).toEqual({ enabled: 'idle' });
    expect(kept.context).toEqual(on.context);
    const [disabling, actions] = transition(thirdPartyClientMachine, asking, { type: 'CONFIRM' });
    expect(disabling.value).toBe('disabling');
    expect(actions).toContainEqual(expect.objectContaining({ type: 'xstate.spawnChild' }));
  });

  it('without membership: unavailable, nothing to switch', () => {
    const snapshot = after(sampleClientState({ membershipActive: false }));
    expect(snapshot.value).toBe('unavailable');
    expect(snapshot.can({ type: 'ENABLE' })).toBe(false);
  });

  it("a cooldown refusal counts down the server's wait; another failure keeps it off with the code", () => {
    const ready = after(sampleClientState());
    const [enabling] = transition(thirdPartyClientMachine, ready, { type: 'ENABLE' });
    const next = new Date(Date.parse(SERVER_NOW) + DAY).toISOString();
    const [cooling] = transition(
      thirdPartyClientMachine,
      enabling,
      actorError('toggle', {
        code: Errors.THIRD_PARTY_COOLDOWN.code,
        data: { nextEnableAt: next, serverTime: SERVER_NOW },
      }),
    );
    expect(cooling.value).toEqual({ disabled: 'coolingDown' });
    expect(cooling.context).toMatchObject({
      remainingMs: DAY,
      nextEnableAt: next,
      errorCode: Errors.THIRD_PARTY_COOLDOWN.code,
    });
    const [failed] = transition(
      thirdPartyClientMachine,
      enabling,
      actorError('toggle', { code: Errors.MEMBERSHIP_REQUIRED.code }),
    );
    expect(failed.value).toEqual({ disabled: 'ready' });
    expect(failed.context.errorCode).toBe(Errors.MEMBERSHIP_REQUIRED.code);
  });

  it('a failed load offers a retry', () => {
    const [start] = initialTransition(thirdPartyClientMachine);
    const [failed] = transition(
      thirdPartyClientMachine,
      start,
      actorError('loadState', new Error('x')),
    );
    expect(failed.value).toBe('loadFailed');
    expect(failed.context.errorCode).toBe(Errors.INTERNAL.code);
    expect(transition(thirdPartyClientMachine, failed, { type: 'RETRY' })[0].value).toBe('loading');
  });

  it('counts the cooldown down a second at a time and then offers the switch', () => {
    const next = new Date(Date.parse(SERVER_NOW) + 2 * TICK_MS).toISOString();
    let snapshot = after(sampleClientState({ nextEnableAt: next }));
    [snapshot] = transition(thirdPartyClientMachine, snapshot, tick);
    expect(snapshot.value).toEqual({ disabled: 'coolingDown' });
    expect(snapshot.context.remainingMs).toBe(TICK_MS);
    [snapshot] = transition(thirdPartyClientMachine, snapshot, tick);
    expect(snapshot.value).toEqual({ disabled: 'ready' });
  });

  it('runs with real actors on a SimulatedClock: switch on, off, then wait out the cooldown', async () => {
    let server = sampleClientState();
    const { clock, actor } = startOnClock(
      thirdPartyClientMachine.provide({
        actors: {
          loadState: fromPromise(async () => server),
          toggle: fromPromise(async ({ input }: { input: { enabled: boolean } }) => {
            server = input.enabled
              ? sampleClientState({
                  enabled: true,
                  enabledAt: SERVER_NOW,
                  speedLimitMbps: 10,
                  nextEnableAt: new Date(Date.parse(SERVER_NOW) + 3 * TICK_MS).toISOString(),
                })
              : { ...server, enabled: false, speedLimitMbps: null };
            return server;
          }),
        },
      }),
    );
    await settle();
    expect(actor.getSnapshot().value).toEqual({ disabled: 'ready' });
    actor.send({ type: 'ENABLE' });
    await settle();
    expect(actor.getSnapshot().value).toEqual({ enabled: 'idle' });
    actor.send({ type: 'DISABLE' });
    actor.send({ type: 'CONFIRM' });
    await settle();
    expect(actor.getSnapshot().value).toEqual({ disabled: 'coolingDown' });
    for (let i = 0; i < 3; i += 1) clock.increment(TICK_MS);
    expect(actor.getSnapshot().value).toEqual({ disabled: 'ready' });
    actor.stop();
  });
});
