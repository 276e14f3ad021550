import { describe, expect, it } from 'vitest';
import { getPathsFromEvents, getShortestPaths, getSimplePaths } from '@xstate/graph';
import { Errors } from '../../contract';
import { actorDone, actorError, delayElapsed } from '../../machines/shared/graph-events';
import { stateKey } from '../../machines/shared/paths';
import {
  TICK_MS,
  ThirdPartyClientState,
} from '../../machines/third-party-client/third-party-client.constants';
import { thirdPartyClientMachine } from '../../machines/third-party-client/third-party-client.machine';
import type { ThirdPartyClientEvent } from '../../machines/third-party-client/third-party-client.types';
import { replayPath } from './support/replay-path';
import { SERVER_NOW, sampleClientState } from './support/sample-third-party-client';

const inMs = (ms: number) => new Date(Date.parse(SERVER_NOW) + ms).toISOString();
const on = sampleClientState({
  enabled: true,
  enabledAt: SERVER_NOW,
  speedLimitMbps: 10,
  nextEnableAt: inMs(2 * TICK_MS),
});
const offCooling = sampleClientState({ enabledAt: SERVER_NOW, nextEnableAt: inMs(2 * TICK_MS) });

const tick = delayElapsed<ThirdPartyClientEvent>('TICK', 'thirdPartyClient.disabled.coolingDown');
// A small cooldown (two ticks) keeps the graph finite; the 7 days are the server's, tested there.
const events: ThirdPartyClientEvent[] = [
  { type: 'ENABLE' },
  { type: 'DISABLE' },
  { type: 'CONFIRM' },
  { type: 'CANCEL' },
  { type: 'RETRY' },
  tick,
  actorDone('loadState', sampleClientState()),
  actorDone('loadState', offCooling),
  actorDone('loadState', sampleClientState({ membershipActive: false })),
  actorError('loadState', { code: Errors.NETWORK_ERROR.code }),
  actorDone('toggle', on),
  actorDone('toggle', offCooling),
  actorError('toggle', {
    code: Errors.THIRD_PARTY_COOLDOWN.code,
    data: { nextEnableAt: inMs(TICK_MS), serverTime: SERVER_NOW },
  }),
  actorError('toggle', { code: Errors.INTERNAL.code }),
];
const replayOptions = { actors: ['loadState', 'toggle'], delays: { TICK: TICK_MS } };

const leafStates = [
  'loading',
  'loadFailed',
  'unavailable',
  'disabled.ready',
  'disabled.coolingDown',
  'enabling',
  'enabled.idle',
  'enabled.confirmingDisable',
  'disabling',
];

describe('third-party-client machine, graph', () => {
  it('declares exactly the top-level states the SPA codes against', () => {
    expect(Object.keys(thirdPartyClientMachine.root.states).sort()).toEqual(
      Object.values(ThirdPartyClientState).sort(),
    );
  });

  it('getShortestPaths reaches every stable state', () => {
    const paths = getShortestPaths(thirdPartyClientMachine, { events });
    const reached = new Set(paths.map((path) => stateKey(path.state.value)));
    for (const leaf of leafStates) expect(reached, leaf).toContain(leaf);
  });

  it('every simple path replays on a SimulatedClock, one TICK_MS per tick', async () => {
    const paths = getSimplePaths(thirdPartyClientMachine, { events });
    expect(paths.length).toBeGreaterThan(10);
    for (const path of paths) {
      const result = await replayPath(thirdPartyClientMachine, path, replayOptions);
      const ticks = path.steps.filter((step) => step.event.type === tick.type).length;
      expect(result.elapsedMs).toBe(ticks * TICK_MS);
      expect(result.visited.at(-1)).toEqual(path.state.value);
    }
  });

  it('switch on, think better of switching off, switch off, wait out the cooldown, switch on again', async () => {
    const [path] = getPathsFromEvents(thirdPartyClientMachine, [
      actorDone('loadState', sampleClientState()),
      { type: 'ENABLE' },
      actorDone('toggle', on),
      { type: 'DISABLE' },
      { type: 'CANCEL' },
      { type: 'DISABLE' },
      { type: 'CONFIRM' },
      actorDone('toggle', offCooling),
      tick,
      tick,
      { type: 'ENABLE' },
    ]);
    if (!path) throw new Error('no path');
    const result = await replayPath(thirdPartyClientMachine, path, replayOptions);
    expect(result.visited.map((v) => stateKey(v as never))).toEqual([
      'loading',
      'disabled.ready',
      'enabling',
      'enabled.idle',
      'enabled.confirmingDisable',
      'enabled.idle',
      'enabled.confirmingDisable',
      'disabling',
      'disabled.coolingDown',
      'disabled.coolingDown',
      'disabled.ready',
      'enabling',
    ]);
    expect(result.elapsedMs).toBe(2 * TICK_MS);
  });
});
