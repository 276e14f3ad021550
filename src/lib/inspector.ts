import type { InspectionEvent, Observer } from 'xstate';
import { AppEnv } from '../../contract/enums';

/**
 * `?inspect` in DEV streams every actor of the page to the Stately inspector (DESIGN §5). The
 * inspector is resolved once at start-up, before the first actor exists, and read by each actor.
 */
let inspector: Observer<InspectionEvent> | undefined;

export function wantsInspector(env: AppEnv, search: string): boolean {
  return env === AppEnv.DEV && new URLSearchParams(search).has('inspect');
}

export async function startInspector(): Promise<void> {
  const { createInspector } = await import('../../machines/inspect');
  inspector = await createInspector();
}

export function actorInspection(): { inspect?: Observer<InspectionEvent> } {
  return inspector ? { inspect: inspector } : {};
}
