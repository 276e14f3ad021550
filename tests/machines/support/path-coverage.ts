/** What a set of generated paths covers: the states its steps pass through, the events they take. */
import type { StateValue } from 'xstate';
import { stateKey } from '../../../machines/shared/paths';

type Paths = ReadonlyArray<{
  readonly steps: ReadonlyArray<{ state: { value: StateValue }; event: { type: string } }>;
}>;

/** Every state a step of the paths is in, as `stateKey` names it ('parent.child'). */
export const visitedStates = (paths: Paths): Set<string> =>
  new Set(paths.flatMap((path) => path.steps.map((step) => stateKey(step.state.value))));

/** Every event type a step of the paths takes. */
export const takenEvents = (paths: Paths): Set<string> =>
  new Set(paths.flatMap((path) => path.steps.map((step) => step.event.type)));
