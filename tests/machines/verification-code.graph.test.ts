import { describe, expect, it } from 'vitest';
import { getPathsFromEvents, getShortestPaths, getSimplePaths } from '@xstate/graph';
import { CodeChannel, CodePurpose, Errors } from '../../contract';
import { actorDone, actorError, delayElapsed } from '../../machines/shared/graph-events';
import {
  TICK_MS,
  VerificationCodeState,
} from '../../machines/verification-code/verification-code.constants';
import { verificationCodeMachine } from '../../machines/verification-code/verification-code.machine';
import type { VerificationCodeEvent } from '../../machines/verification-code/verification-code.types';
import { replayPath } from './support/replay-path';

const send: VerificationCodeEvent = {
  type: 'SEND',
  params: { channel: CodeChannel.EMAIL, target: 'a@example.com', purpose: CodePurpose.REGISTER },
};
const tick = delayElapsed<VerificationCodeEvent>('TICK', 'verificationCode.counting');
const sent = (cooldownSeconds: number) =>
  actorDone<VerificationCodeEvent>('sendCode', { cooldownSeconds, expiresInSeconds: 600 });

// Short cooldowns keep the graph small; the 60-second fallback is covered by the actor test.
const events: VerificationCodeEvent[] = [
  send,
  tick,
  sent(3),
  actorError('sendCode', { code: Errors.CODE_COOLDOWN.code, data: { cooldownSeconds: 1 } }),
  actorError('sendCode', { code: Errors.CODE_DAILY_LIMIT.code }),
];
const replayOptions = { actors: ['sendCode'], delays: { TICK: TICK_MS } };
const stateNames = Object.keys(verificationCodeMachine.root.states).sort();

describe('verification-code machine, graph', () => {
  it('declares exactly the states the SPA codes against', () => {
    expect(stateNames).toEqual(Object.values(VerificationCodeState).sort());
  });

  it('getShortestPaths reaches every state', () => {
    const paths = getShortestPaths(verificationCodeMachine, { events });
    expect([...new Set(paths.map((path) => path.state.value))].sort()).toEqual(stateNames);
  });

  it('every simple path replays on a SimulatedClock, one TICK_MS per tick', async () => {
    const paths = getSimplePaths(verificationCodeMachine, { events });
    expect(paths.some((path) => path.state.value === 'counting')).toBe(true);
    for (const path of paths) {
      const result = await replayPath(verificationCodeMachine, path, replayOptions);
      const ticks = path.steps.filter((step) => step.event.type === tick.type).length;
      expect(result.elapsedMs).toBe(ticks * TICK_MS);
      expect(result.visited.at(-1)).toEqual(path.state.value);
    }
  });

  it('the countdown reaches idle after exactly N ticks', async () => {
    const [path] = getPathsFromEvents(verificationCodeMachine, [send, sent(3), tick, tick, tick]);
    if (!path) throw new Error('no path for the countdown');
    const result = await replayPath(verificationCodeMachine, path, replayOptions);
    expect(result.visited).toEqual(['idle', 'sending', 'counting', 'counting', 'counting', 'idle']);
    expect(result.elapsedMs).toBe(3 * TICK_MS);
    expect(path.state.context.remaining).toBe(0);
  });
});
