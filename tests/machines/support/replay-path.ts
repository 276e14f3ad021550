import { SimulatedClock, createActor, fromPromise, waitFor } from 'xstate';
import type { AnyStateMachine, EventObject, Snapshot } from 'xstate';
import type { StatePath } from '@xstate/graph';
import { classifyEvent } from '../../../machines/shared/graph-events';

type Outcome = { ok: true; output: unknown } | { ok: false; error: unknown };

type MachineLikeSnapshot = Snapshot<unknown> & {
  readonly value: unknown;
  readonly context: unknown;
};

export interface ReplayOptions {
  /** The invoked actors (invoke id = actor name) whose outcomes the path dictates. */
  readonly actors: readonly string[];
  /** Milliseconds of each named delay, to advance the simulated clock by. */
  readonly delays?: Readonly<Record<string, number>>;
  /** Other implementations the machine requires (actions such as `clearToken`). */
  readonly actions?: Readonly<Record<string, () => void>>;
  readonly input?: unknown;
}

export interface ReplayResult {
  /** The state value after each step, in order. */
  readonly visited: readonly unknown[];
  /** Simulated milliseconds that passed. */
  readonly elapsedMs: number;
}

const stateKey = (snapshot: MachineLikeSnapshot) =>
  JSON.stringify({ value: snapshot.value, context: snapshot.context });

/**
 * Replays a generated path against a real, started actor: external events are sent, invoked
 * actors settle exactly as the path says (each one scripted from the path's own done/error
 * events), delays elapse on a SimulatedClock. After every step the live snapshot must equal the
 * one the graph predicted, value and context alike.
 */
export async function replayPath<TSnapshot extends MachineLikeSnapshot, TEvent extends EventObject>(
  machine: AnyStateMachine,
  path: StatePath<TSnapshot, TEvent>,
  options: ReplayOptions,
): Promise<ReplayResult> {
  // Each invocation waits until the path reaches its done/error event, so an actor invoked right
  // after another settles only when the path says (not ahead of the states between).
  const invocations = new Map<string, Array<(outcome: Outcome) => void>>(
    options.actors.map((id) => [id, []]),
  );
  for (const step of path.steps) {
    const kind = classifyEvent(step.event.type);
    if ((kind.kind === 'done' || kind.kind === 'error') && !invocations.has(kind.actorId)) {
      throw new Error(`path settles actor "${kind.actorId}", which is not scripted`);
    }
  }
  const actors = Object.fromEntries(
    options.actors.map((id) => [
      id,
      fromPromise<unknown>(
        ({ signal }) =>
          new Promise((resolve, reject) => {
            const settle = (outcome: Outcome) =>
              outcome.ok ? resolve(outcome.output) : reject(outcome.error);
            invocations.get(id)!.push(settle);
            // The path leaves this actor running: it is stopped with the machine.
            signal.addEventListener('abort', () => {
              const queue = invocations.get(id)!;
              const index = queue.indexOf(settle);
              if (index >= 0) queue.splice(index, 1);
              reject(new Error('stopped'));
            });
          }),
      ),
    ]),
  );
  const settleNext = async (id: string, outcome: Outcome) => {
    for (let tries = 0; tries < 100; tries += 1) {
      const next = invocations.get(id)!.shift();
      if (next) return next(outcome);
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    throw new Error(`the path settles "${id}", but the machine never invoked it`);
  };

  const clock = new SimulatedClock();
  const actor = createActor(machine.provide({ actors, actions: options.actions ?? {} }), {
    clock,
    input: options.input,
  });
  actor.start();
  const visited: unknown[] = [];
  try {
    for (const step of path.steps) {
      const kind = classifyEvent(step.event.type);
      if (kind.kind === 'external') actor.send(step.event);
      if (kind.kind === 'done' || kind.kind === 'error') {
        const event = step.event as unknown as { output?: unknown; error?: unknown };
        await settleNext(
          kind.actorId,
          kind.kind === 'done'
            ? { ok: true, output: event.output }
            : { ok: false, error: event.error },
        );
      }
      if (kind.kind === 'after') {
        const ms = options.delays?.[kind.delay];
        if (ms === undefined) throw new Error(`no duration given for delay "${kind.delay}"`);
        clock.increment(ms);
      }
      const expected = stateKey(step.state);
      const reached = await waitFor(actor, (snapshot) => stateKey(snapshot) === expected, {
        timeout: 1_000,
      }).catch(() => {
        throw new Error(
          `after ${step.event.type} expected ${expected}, got ${stateKey(actor.getSnapshot())}`,
        );
      });
      visited.push(reached.value);
    }
  } finally {
    actor.stop();
  }
  return { visited, elapsedMs: clock.now() };
}
