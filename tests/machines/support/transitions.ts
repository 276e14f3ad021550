/**
 * Pure runs of a machine for its tests: the snapshot and the last step's actions after a list of
 * events, and the input a step gave the child it spawned.
 */
import { transition, type AnyStateMachine, type EventFromLogic, type SnapshotFrom } from 'xstate';

/**
 * Sends the events one by one from a step (`initialTransition`'s answer, or a snapshot with no
 * actions); with no events the step itself comes back.
 */
export function runEvents<M extends AnyStateMachine>(
  machine: M,
  start: [SnapshotFrom<M>, unknown[]],
  events: readonly EventFromLogic<M>[],
): [SnapshotFrom<M>, unknown[]] {
  let [snapshot, actions] = start;
  for (const event of events) [snapshot, actions] = transition(machine, snapshot, event);
  return [snapshot, actions];
}

/** The input of the child a step spawned: the one with this id, or the first when no id is given. */
export function spawnedInput(actions: unknown[], id?: string): unknown {
  return (actions as Array<{ type: string; params?: { id: string; input: unknown } }>).find(
    (a) => a.type === 'xstate.spawnChild' && (id === undefined || a.params?.id === id),
  )?.params?.input;
}
