/** The leaf states of a machine, and the states graph paths reached, as 'parent.child' keys. */
import type { AnyStateMachine, StateValue } from 'xstate';
import { stateKey } from '../../../machines/shared/paths';

/**
 * Every leaf state of the machine, sorted; `resting` leaves out the ones a snapshot never rests in
 * (eventless routing states that always leave at once).
 */
export function leafKeys(
  machine: AnyStateMachine,
  resting: (key: string) => boolean = () => true,
): string[] {
  const keys: string[] = [];
  const walk = (node: { key: string; states: Record<string, unknown> }, prefix: string) => {
    const children = Object.values(node.states) as Array<typeof node>;
    if (children.length === 0 && resting(prefix)) keys.push(prefix);
    for (const child of children) walk(child, prefix ? `${prefix}.${child.key}` : child.key);
  };
  walk(machine.root as never, '');
  return keys.sort();
}

/** The distinct states among the values, sorted. */
export const reachedKeys = (values: StateValue[]) => [...new Set(values.map(stateKey))].sort();
