/**
 * Model-based Playwright tests (DESIGN §5): paths generated from a machine with @xstate/graph are
 * replayed through the real UI. Each event of a path becomes the user action that causes it, each
 * state the assertion of what the UI shows in it. `createTestModel` refuses machines that invoke
 * actors or use delays, hence this runner. docs/machines.md explains how to write a flow with it.
 */
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import type { TraversalOptions } from '@xstate/graph';
import type {
  AnyMachineSnapshot,
  AnyStateMachine,
  EventFromLogic,
  InputFrom,
  SnapshotFrom,
} from 'xstate';
import { eventLabel, stateKey, pathTitle, type MachinePath } from '../../machines/shared/paths';
import type { ApiClient } from './api-client';
import { test } from './fixtures';
import type { I18n } from './i18n';
import type { Outbox } from './outbox';
import { ONE_PROJECT_TAGS } from './projects';
import type { UserFactory } from './user-factory';

export { applicableEvents, longestPaths, pathTitle, stateKey } from '../../machines/shared/paths';
export type { MachinePath } from '../../machines/shared/paths';

/** `getShortestPaths` or `getSimplePaths` of @xstate/graph, or anything shaped like them. */
export type PathGenerator<TMachine extends AnyStateMachine> = (
  machine: TMachine,
  options: TraversalOptions<SnapshotFrom<TMachine>, EventFromLogic<TMachine>, InputFrom<TMachine>>,
) => Array<MachinePath<TMachine>>;

/**
 * The fixtures every path test gets. Playwright reads a test's fixtures from the destructuring
 * pattern of its function, so the runner names them all rather than taking them generically.
 */
export interface PathFixtures {
  readonly page: Page;
  readonly context: BrowserContext;
  readonly request: APIRequestContext;
  readonly i18n: I18n;
  readonly api: ApiClient;
  readonly outbox: Outbox;
  readonly users: UserFactory;
}

/** What an action or assertion receives: the fixtures and what `setup` returned. */
export type PathScope<TData> = PathFixtures & { readonly data: TData };

/** Where in the path an action runs; `index` 0 is the first event after the initial state. */
export interface StepInfo<TMachine extends AnyStateMachine> {
  readonly index: number;
  readonly path: MachinePath<TMachine>;
  readonly from: SnapshotFrom<TMachine>;
}

/** The user action (or the wait) that makes the app take this event. */
export type EventAction<TMachine extends AnyStateMachine, TData> = (
  scope: PathScope<TData>,
  event: EventFromLogic<TMachine>,
  step: StepInfo<TMachine>,
) => Promise<void>;

/** What the UI shows in a state; it must fail when the UI shows something else. */
export type StateAssertion<TMachine extends AnyStateMachine, TData> = (
  scope: PathScope<TData>,
  snapshot: SnapshotFrom<TMachine>,
  /** The event that led here (`xstate.init` for the initial state). */
  via: EventFromLogic<TMachine>,
) => Promise<void>;

/**
 * A state the UI never shows stably (it lasts one request): say why instead of asserting. The
 * states before and after it are still asserted.
 */
export interface Unobservable {
  readonly unobservable: string;
}

/** Event types as the graph names them: the machine's own and the ones XState raises itself. */
export type PathEventType<TMachine extends AnyStateMachine> =
  | EventFromLogic<TMachine>['type']
  | `xstate.done.actor.${string}`
  | `xstate.error.actor.${string}`
  | `xstate.after.${string}`;

export interface PathRunnerOptions<TMachine extends AnyStateMachine, TData> {
  /** Title of the `describe` block that holds one test per path. */
  readonly title: string;
  readonly machine: TMachine;
  readonly generator: PathGenerator<TMachine>;
  /** The events the graph may take (see docs/machines.md): the ones the UI can cause. */
  readonly traversal: TraversalOptions<
    SnapshotFrom<TMachine>,
    EventFromLogic<TMachine>,
    InputFrom<TMachine>
  >;
  /** Leave out generated paths the UI cannot take; say why in a comment at the call. */
  readonly filter?: (path: MachinePath<TMachine>) => boolean;
  /**
   * Runs before the first step of every path (fresh page); its result is `scope.data`. It sees the
   * path, for the few that need the world prepared (a code sent a moment ago, a stored token).
   */
  readonly setup: (fixtures: PathFixtures, path: MachinePath<TMachine>) => Promise<TData>;
  readonly eventActions: Partial<Record<PathEventType<TMachine>, EventAction<TMachine, TData>>>;
  /** Keyed by state value: `'loggedIn'`, or `'parent.child'` for nested states. */
  readonly stateAssertions: Readonly<
    Record<string, StateAssertion<TMachine, TData> | Unobservable>
  >;
}

/**
 * Generates the paths now (at collection time) and registers one Playwright test per path.
 * A path whose event has no action or whose state has no assertion is a mistake in the spec,
 * reported before any test runs rather than skipped.
 */
export function describeMachinePaths<TMachine extends AnyStateMachine, TData>(
  options: PathRunnerOptions<TMachine, TData>,
): Array<MachinePath<TMachine>> {
  const { machine, eventActions, stateAssertions } = options;
  const paths = options
    .generator(machine, options.traversal)
    .filter(options.filter ?? (() => true));
  if (paths.length === 0) throw new Error(`${options.title}: the generator produced no paths`);

  const missing = new Set<string>();
  for (const path of paths) {
    for (const step of path.steps) {
      const type = step.event.type as PathEventType<TMachine>;
      if (type !== 'xstate.init' && !eventActions[type]) missing.add(`event action "${type}"`);
      const key = stateKey((step.state as AnyMachineSnapshot).value);
      if (!stateAssertions[key]) missing.add(`state assertion "${key}"`);
    }
    // The end of a path is what the test proves; it must be something the page shows.
    const last = stateAssertions[stateKey((path.state as AnyMachineSnapshot).value)];
    if (last && typeof last !== 'function') {
      missing.add(`observable end for "${pathTitle(path)}" (filter such paths out)`);
    }
  }
  if (missing.size > 0) {
    throw new Error(`${options.title}: no ${[...missing].join(', no ')}`);
  }

  const titles = new Map<string, number>();
  test.describe(options.title, () => {
    for (const [n, path] of paths.entries()) {
      const base = pathTitle(path);
      // Two paths can differ only in an event's payload; keep titles unique for Playwright.
      const seen = titles.get(base) ?? 0;
      titles.set(base, seen + 1);
      const title = seen === 0 ? base : `${base} (#${seen + 1})`;

      // A path proves a transition, not a language: the paths alternate between the two journey
      // projects (playwright.config.ts), so each runs once and both languages walk the machine.
      const tag = n % 2 === 0 ? ONE_PROJECT_TAGS.en : ONE_PROJECT_TAGS.zh;
      test(title, { tag }, async ({ page, context, request, i18n, api, outbox, users }) => {
        const fixtures: PathFixtures = { page, context, request, i18n, api, outbox, users };
        const data = await options.setup(fixtures, path);
        const scope: PathScope<TData> = { ...fixtures, data };
        let from: SnapshotFrom<TMachine> | undefined;
        let index = 0;
        for (const step of path.steps) {
          const type = step.event.type as PathEventType<TMachine>;
          const key = stateKey((step.state as AnyMachineSnapshot).value);
          const isInit = type === 'xstate.init';
          await test.step(isInit ? `start ⇒ ${key}` : `${eventLabel(type)} ⇒ ${key}`, async () => {
            if (!isInit) {
              const action = eventActions[type];
              if (!action || !from) throw new Error(`no action for ${type}`);
              await action(scope, step.event, { index, path, from });
              index += 1;
            }
            const assertion = stateAssertions[key];
            if (typeof assertion === 'function') await assertion(scope, step.state, step.event);
          });
          from = step.state;
        }
      });
    }
  });
  return paths;
}
