import { describe, expect, it, vi } from 'vitest';
import { SimulatedClock, createActor, fromPromise, initialTransition, transition } from 'xstate';
import { CODE, CodeChannel, CodePurpose, Errors } from '../../contract';
import { actorDone, actorError, delayElapsed } from '../../machines/shared/graph-events';
import {
  DEFAULT_COOLDOWN_SECONDS,
  TICK_MS,
} from '../../machines/verification-code/verification-code.constants';
import { verificationCodeMachine } from '../../machines/verification-code/verification-code.machine';
import type {
  SendCodeParams,
  VerificationCodeEvent,
} from '../../machines/verification-code/verification-code.types';
import { settle } from './support/on-clock';

const params: SendCodeParams = {
  channel: CodeChannel.EMAIL,
  target: 'new.user@example.com',
  purpose: CodePurpose.REGISTER,
};
const send: VerificationCodeEvent = { type: 'SEND', params };
const sent = (cooldownSeconds: number) =>
  actorDone<VerificationCodeEvent>('sendCode', { cooldownSeconds, expiresInSeconds: 600 });
const refused = (error: unknown) => actorError<VerificationCodeEvent>('sendCode', error);
const tick = delayElapsed<VerificationCodeEvent>('TICK', 'verificationCode.counting');

function sending() {
  const [idle] = initialTransition(verificationCodeMachine);
  return transition(verificationCodeMachine, idle, send)[0];
}

describe('verification-code machine, pure transitions', () => {
  it('starts idle, nothing to count, no error', () => {
    const [idle] = initialTransition(verificationCodeMachine);
    expect(idle.value).toBe('idle');
    expect(idle.context).toEqual({ remaining: 0, errorCode: null });
    // The fallback wait is the server's own resend rule.
    expect(DEFAULT_COOLDOWN_SECONDS).toBe(CODE.resendCooldownSeconds);
  });

  it('SEND invokes sendCode with the event params', () => {
    const [idle] = initialTransition(verificationCodeMachine);
    const [next, actions] = transition(verificationCodeMachine, idle, send);
    expect(next.value).toBe('sending');
    const spawn = actions.find((a) => a.type === 'xstate.spawnChild') as
      { params: { id: string; input: unknown } } | undefined;
    expect(spawn?.params).toMatchObject({ id: 'sendCode', input: params });
  });

  it('a sent code counts down the seconds the server returned, one per TICK', () => {
    let snapshot = transition(verificationCodeMachine, sending(), sent(3))[0];
    expect(snapshot.value).toBe('counting');
    expect(snapshot.context.remaining).toBe(3);
    const seen: number[] = [];
    while (snapshot.value === 'counting') {
      seen.push(snapshot.context.remaining);
      snapshot = transition(verificationCodeMachine, snapshot, tick)[0];
    }
    expect(seen).toEqual([3, 2, 1]);
    expect(snapshot.value).toBe('idle');
    expect(snapshot.context).toMatchObject({ remaining: 0, errorCode: null });
  });

  it('a cooldown refusal counts down what the server says is left, or the fallback', () => {
    const told = transition(
      verificationCodeMachine,
      sending(),
      refused({ code: Errors.CODE_COOLDOWN.code, data: { cooldownSeconds: 17 } }),
    )[0];
    expect(told.value).toBe('counting');
    expect(told.context).toMatchObject({ remaining: 17, errorCode: Errors.CODE_COOLDOWN.code });

    const untold = transition(
      verificationCodeMachine,
      sending(),
      refused({ code: Errors.CODE_COOLDOWN.code, data: null }),
    )[0];
    expect(untold.context.remaining).toBe(DEFAULT_COOLDOWN_SECONDS);

    const nonsense = transition(
      verificationCodeMachine,
      sending(),
      refused({ code: Errors.CODE_COOLDOWN.code, data: { cooldownSeconds: -5 } }),
    )[0];
    expect(nonsense.context.remaining).toBe(DEFAULT_COOLDOWN_SECONDS);
  });

  it('any other failure goes back to idle with its code, and the next SEND clears it', () => {
    const failed = transition(
      verificationCodeMachine,
      sending(),
      refused({ code: Errors.CODE_DAILY_LIMIT.code }),
    )[0];
    expect(failed.value).toBe('idle');
    expect(failed.context).toMatchObject({ remaining: 0, errorCode: Errors.CODE_DAILY_LIMIT.code });
    const retry = transition(verificationCodeMachine, failed, send)[0];
    expect(retry.value).toBe('sending');
    expect(retry.context.errorCode).toBeNull();
  });

  it('a zero cooldown from the server skips the countdown', () => {
    expect(transition(verificationCodeMachine, sending(), sent(0))[0].value).toBe('idle');
  });

  it('ignores SEND while sending or counting', () => {
    const busy = sending();
    const [still, actions] = transition(verificationCodeMachine, busy, send);
    expect(still.value).toBe('sending');
    expect(actions).toEqual([]);
    const counting = transition(verificationCodeMachine, busy, sent(60))[0];
    const [again] = transition(verificationCodeMachine, counting, send);
    expect(again.value).toBe('counting');
    expect(again.context.remaining).toBe(60);
  });
});

describe('verification-code machine, running actor on a simulated clock', () => {
  it('sends once, counts 60 ticks of TICK_MS, then allows another send', async () => {
    const sendCode = vi.fn((input: SendCodeParams) =>
      Promise.resolve({ cooldownSeconds: 60, expiresInSeconds: 600, echo: input }),
    );
    const clock = new SimulatedClock();
    const actor = createActor(
      verificationCodeMachine.provide({
        actors: { sendCode: fromPromise(({ input }) => sendCode(input)) },
      }),
      { clock },
    ).start();
    actor.send(send);
    actor.send(send);
    await Promise.resolve();
    await Promise.resolve();
    expect(actor.getSnapshot().value).toBe('counting');
    expect(sendCode).toHaveBeenCalledTimes(1);
    expect(sendCode).toHaveBeenCalledWith(params);

    // XState 5's SimulatedClock fires at most one generation of timers per call, as a browser
    // would over one second, so time advances tick by tick.
    for (let second = 0; second < 59; second += 1) clock.increment(TICK_MS);
    expect(actor.getSnapshot().value).toBe('counting');
    expect(actor.getSnapshot().context.remaining).toBe(1);
    clock.increment(TICK_MS - 1);
    expect(actor.getSnapshot().value).toBe('counting');
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(clock.now()).toBe(60 * TICK_MS);
    actor.stop();
  });

  it('without a provided sendCode it reports a fault, not a user error', async () => {
    const actor = createActor(verificationCodeMachine).start();
    actor.send(send);
    await settle();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.errorCode).toBe(Errors.INTERNAL.code);
    actor.stop();
  });
});
