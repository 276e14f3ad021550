import { describe, expect, it } from 'vitest';
import { getPathsFromEvents, getShortestPaths, getSimplePaths } from '@xstate/graph';
import { createActor } from 'xstate';
import { Errors } from '../../contract';
import { actorDone, actorError } from '../../machines/shared/graph-events';
import { stateKey } from '../../machines/shared/paths';
import { KolPayoutState } from '../../machines/kol-payout/kol-payout.constants';
import { kolPayoutMachine } from '../../machines/kol-payout/kol-payout.machine';
import type { KolPayoutEvent } from '../../machines/kol-payout/kol-payout.types';
import { replayPath } from './support/replay-path';
import { balance, settlement } from './support/kol-payout-fixtures';

const input = balance(12_345);
const events: KolPayoutEvent[] = [
  { type: 'REQUEST' },
  { type: 'CONFIRM' },
  { type: 'CANCEL' },
  { type: 'DISMISS' },
  { type: 'BALANCE', ...balance(0) },
  { type: 'BALANCE', ...balance(12_345, false) },
  actorDone('requestPayout', settlement),
  actorError('requestPayout', { code: Errors.KOL_BELOW_THRESHOLD.code }),
];
const replayOptions = { actors: ['requestPayout'], input };
const stable = ['belowThreshold', 'noAddress', 'ready', 'confirming', 'requesting', 'requested'];

describe('kol-payout machine, graph', () => {
  it('declares exactly the states the SPA codes against', () => {
    expect(Object.keys(kolPayoutMachine.root.states).sort()).toEqual(
      Object.values(KolPayoutState).sort(),
    );
  });

  it('getShortestPaths reaches every stable state', () => {
    const paths = getShortestPaths(kolPayoutMachine, { events, input });
    const reached = new Set(paths.map((path) => stateKey(path.state.value)));
    for (const state of stable) expect(reached, state).toContain(state);
  });

  it('every simple path replays against a running actor', async () => {
    const paths = getSimplePaths(kolPayoutMachine, { events, input });
    expect(paths.length).toBeGreaterThan(8);
    for (const path of paths) {
      const result = await replayPath(kolPayoutMachine, path, replayOptions);
      expect(result.visited.at(-1)).toEqual(path.state.value);
    }
  });

  it('request, confirm, settled, dismissed: below the threshold again', async () => {
    const [path] = getPathsFromEvents(
      kolPayoutMachine,
      [
        { type: 'REQUEST' },
        { type: 'CONFIRM' },
        actorDone('requestPayout', settlement),
        { type: 'BALANCE', ...balance(0) },
        { type: 'DISMISS' },
      ],
      { fromState: createActor(kolPayoutMachine, { input }).getSnapshot() },
    );
    if (!path) throw new Error('no path');
    const result = await replayPath(kolPayoutMachine, path, replayOptions);
    expect(result.visited).toEqual([
      'ready',
      'confirming',
      'requesting',
      'requested',
      'requested',
      'belowThreshold',
    ]);
  });
});
