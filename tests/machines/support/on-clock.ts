import { SimulatedClock, createActor, type AnyStateMachine, type InputFrom } from 'xstate';

/**
 * A machine started on a simulated clock, for the tests that run its delays and polls for real:
 * `clock.increment(ms)` fires what is due, `settle()` lets the promise actors answer.
 */
export function startOnClock<M extends AnyStateMachine>(machine: M, input?: InputFrom<M>) {
  const clock = new SimulatedClock();
  const actor = createActor(machine as AnyStateMachine, { clock, input }).start();
  return { clock, actor: actor as ReturnType<typeof createActor<M>> };
}

/** Lets every promise actor that is already answered deliver its answer. */
export const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
