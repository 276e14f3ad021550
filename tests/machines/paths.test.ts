import { describe, expect, it } from 'vitest';
import { initialTransition, transition } from 'xstate';
import { CodeChannel, CodePurpose } from '../../contract';
import {
  applicableEvents,
  eventLabel,
  longestPaths,
  pathTitle,
  stateKey,
} from '../../machines/shared/paths';
import { verificationCodeMachine } from '../../machines/verification-code/verification-code.machine';
import type { VerificationCodeEvent } from '../../machines/verification-code/verification-code.types';

const path = (...types: string[]) => ({
  steps: [{ type: 'xstate.init' }, ...types.map((type) => ({ type }))].map((event) => ({ event })),
  state: { value: 'end' },
});

describe('path helpers', () => {
  it('keys states by value, nested ones as dotted paths', () => {
    expect(stateKey('idle')).toBe('idle');
    expect(stateKey({ checkout: { paying: 'waiting' } })).toBe('checkout.paying.waiting');
    expect(stateKey({ a: 'x', b: 'y' })).toBe('{"a":"x","b":"y"}');
  });

  it('names internal events for people', () => {
    expect(eventLabel('xstate.done.actor.sendCode')).toBe('sendCode done');
    expect(eventLabel('xstate.error.actor.logout')).toBe('logout failed');
    expect(eventLabel('xstate.after.TICK.verificationCode.counting')).toBe('TICK elapsed');
    expect(eventLabel('SEND')).toBe('SEND');
  });

  it('titles a path by its events, counting repeats', () => {
    expect(pathTitle(path('SEND', 'xstate.after.TICK.x.y', 'xstate.after.TICK.x.y', 'GO'))).toBe(
      'SEND → TICK elapsed ×2 → GO ⇒ end',
    );
    expect(pathTitle(path())).toBe('(start) ⇒ end');
  });

  it('keeps only paths that no other path extends', () => {
    const kept = longestPaths([path('A'), path('A', 'B'), path('A', 'C'), path('A', 'B', 'D')]);
    expect(kept.map((p) => p.steps.map((s) => s.event.type).join(' '))).toEqual([
      'xstate.init A C',
      'xstate.init A B D',
    ]);
  });

  it('offers only the events a state handles', () => {
    const send: VerificationCodeEvent = {
      type: 'SEND',
      params: {
        channel: CodeChannel.EMAIL,
        target: 'a@example.com',
        purpose: CodePurpose.REGISTER,
      },
    };
    const [idle] = initialTransition(verificationCodeMachine);
    const offer = applicableEvents<VerificationCodeEvent>([send]);
    expect(offer(idle)).toEqual([send]);
    const [sending] = transition(verificationCodeMachine, idle, send);
    expect(sending.value).toBe('sending');
    expect(offer(sending)).toEqual([]);
  });
});
