/**
 * The graph tests every statechart gets (docs/machines.md): its states are exactly the ones its
 * constants name (the SPA codes against those), the shortest paths over its events reach every
 * resting leaf, and every simple path replays against a running actor on a SimulatedClock, ending
 * where the graph said. A machine's own journeys and figures are added as further tests.
 */
import { describe, expect, it } from 'vitest';
import { getShortestPaths, getSimplePaths, type StatePath } from '@xstate/graph';
import type {
  AnyMachineSnapshot,
  AnyStateMachine,
  EventFromLogic,
  EventObject,
  SnapshotFrom,
} from 'xstate';
import { applicableEvents } from '../../../machines/shared/paths';
import { leafKeys, reachedKeys } from './leaf-states';
import { replayPath, type ReplayOptions, type ReplayResult } from './replay-path';

type Path<M extends AnyStateMachine> = StatePath<AnyMachineSnapshot, EventFromLogic<M>>;

export interface GraphSuite<M extends AnyStateMachine> {
  readonly machine: M;
  /** The machine's state-name constants (e.g. `OrderRefundState`). */
  readonly states: Readonly<Record<string, string>>;
  /** Every outcome considered: the user's events and each way an actor or a delay can settle. */
  readonly events: readonly EventFromLogic<M>[];
  /**
   * The events of the simple paths, when some must be left out (a toggle doubles every path), as a
   * list or as a function of the snapshot (events applicable there).
   */
  readonly simplePathEvents?:
    readonly EventFromLogic<M>[] | ((snapshot: SnapshotFrom<M>) => EventFromLogic<M>[]);
  readonly input?: unknown;
  /** The actors, delays and actions the replays script (the input is added). */
  readonly replay: Omit<ReplayOptions, 'input'>;
  /** Leaves a snapshot never rests in (eventless routing states) answer false. */
  readonly resting?: (key: string) => boolean;
  /** The simple paths expected at least: a change that collapses the graph fails here. */
  readonly minSimplePaths: number;
  /** More checks on each replayed simple path (the time it waited...). */
  readonly eachPath?: (path: Path<M>, result: ReplayResult) => void;
  readonly timeoutMs?: number;
}

export function describeGraph<M extends AnyStateMachine>(
  title: string,
  suite: GraphSuite<M>,
  more?: () => void,
): void {
  const { machine, input, resting } = suite;
  // Why: the traversal options are typed by the machine's own event and input types, which a
  // suite generic over every machine cannot name; the events are the machine's by construction.
  const options = (events: NonNullable<GraphSuite<M>['simplePathEvents']>) =>
    ({
      events: typeof events === 'function' ? events : applicableEvents<EventObject>(events),
      ...(input === undefined ? {} : { input }),
    }) as never;
  const restingLeaves = () => leafKeys(machine, resting);

  describe(title, () => {
    it('declares exactly the states the SPA codes against', () => {
      expect(Object.keys(machine.root.states).sort()).toEqual(Object.values(suite.states).sort());
    });

    it('getShortestPaths reaches every resting state', () => {
      const paths = getShortestPaths(machine, options(suite.events));
      expect(reachedKeys(paths.map((path) => path.state.value))).toEqual(restingLeaves());
    });

    it('every simple path replays on a SimulatedClock', { timeout: suite.timeoutMs }, async () => {
      const paths = getSimplePaths(
        machine,
        options(suite.simplePathEvents ?? suite.events),
      ) as unknown as Path<M>[];
      expect(reachedKeys(paths.map((path) => path.state.value))).toEqual(restingLeaves());
      expect(paths.length).toBeGreaterThanOrEqual(suite.minSimplePaths);
      for (const path of paths) {
        const result = await replayPath(machine, path as never, { ...suite.replay, input });
        expect(result.visited.at(-1)).toEqual(path.state.value);
        suite.eachPath?.(path, result);
      }
    });

    more?.();
  });
}
