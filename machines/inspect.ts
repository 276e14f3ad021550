import type { InspectionEvent, Observer } from 'xstate';

let inspector: Promise<Observer<InspectionEvent>> | undefined;

/**
 * The `inspect` option for `createActor`/`useActor` that streams every machine to the Stately
 * inspector window. The SPA calls it only in DEV with `?inspect` in the URL; the import is dynamic
 * so production bundles never carry the inspector. One inspector window serves every actor.
 */
export function createInspector(): Promise<Observer<InspectionEvent>> {
  inspector ??= import('@statelyai/inspect').then(
    ({ createBrowserInspector }) => createBrowserInspector().inspect,
  );
  return inspector;
}
