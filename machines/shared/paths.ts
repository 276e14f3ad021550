/**
 * Pure helpers for generated paths, shared by the vitest replays, the Playwright path runner
 * (e2e/support/path-runner.ts) and the UI models in e2e/machines/. See docs/machines.md.
 */
import type { StatePath } from '@xstate/graph';
import type {
  AnyStateMachine,
  EventFromLogic,
  EventObject,
  SnapshotFrom,
  StateValue,
} from 'xstate';
import { classifyEvent } from './graph-events';

export type MachinePath<TMachine extends AnyStateMachine> = StatePath<
  SnapshotFrom<TMachine>,
  EventFromLogic<TMachine>
>;

/**
 * Keeps only the paths that are not the beginning of another kept path: a simple-path generator
 * lists every prefix of every path too, and replaying a prefix proves nothing its extension does
 * not, at the cost of a browser session.
 */
export function longestPaths<TPath extends { steps: ReadonlyArray<{ event: object }> }>(
  paths: readonly TPath[],
): TPath[] {
  const signature = (path: TPath) => path.steps.map((step) => JSON.stringify(step.event));
  const all = paths.map(signature);
  return paths.filter((_, i) => {
    const mine = all[i] ?? [];
    return !all.some(
      (other, j) =>
        j !== i && other.length > mine.length && mine.every((event, k) => other[k] === event),
    );
  });
}

/**
 * A traversal `events` option that offers, in each state, only the listed events that state
 * handles. @xstate/graph tries a plain list in every state, and an ignored event would otherwise
 * count as a step wherever the state's serialization depends on the event that led to it.
 */
export function applicableEvents<TEvent extends EventObject>(
  events: readonly TEvent[],
): (snapshot: { can: (event: TEvent) => boolean }) => TEvent[] {
  return (snapshot) => events.filter((event) => snapshot.can(event));
}

/** `'idle'`, `'checkout.paying'`; parallel states fall back to JSON. */
export function stateKey(value: StateValue): string {
  if (typeof value === 'string') return value;
  const entries = Object.entries(value);
  const [only] = entries;
  if (entries.length === 1 && only) {
    const [parent, child] = only;
    return child === undefined ? parent : `${parent}.${stateKey(child)}`;
  }
  return JSON.stringify(value);
}

/** A short, readable name for an event in a test title. */
export function eventLabel(type: string): string {
  const kind = classifyEvent(type);
  switch (kind.kind) {
    case 'done':
      return `${kind.actorId} done`;
    case 'error':
      return `${kind.actorId} failed`;
    case 'after':
      return `${kind.delay} elapsed`;
    default:
      return type;
  }
}

/** The test title of a path: its events in order (repeats counted), and the state it ends in. */
export function pathTitle(path: {
  steps: ReadonlyArray<{ event: { type: string } }>;
  state: { value: StateValue };
}): string {
  const runs: Array<{ label: string; count: number }> = [];
  for (const step of path.steps) {
    if (step.event.type === 'xstate.init') continue;
    const label = eventLabel(step.event.type);
    const last = runs.at(-1);
    if (last?.label === label) last.count += 1;
    else runs.push({ label, count: 1 });
  }
  const events = runs.map(({ label, count }) => (count > 1 ? `${label} ×${count}` : label));
  return `${events.length ? events.join(' → ') : '(start)'} ⇒ ${stateKey(path.state.value)}`;
}
