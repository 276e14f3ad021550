import type { RouterHistory } from '@tanstack/react-router';
import type * as z from 'zod/mini';
import type * as SearchParams from '../../contract/search-params';

/**
 * The routes that read their address validate it with the contract's zod schemas
 * (contract/search-params.ts), but zod is no part of the first paint (DESIGN §7: the home page's
 * initial JavaScript, "load the zod schemas right after"). So the route table holds a stand-in per
 * schema, `routeSearch(name)`, that runs the real schema once the module is here, and the app makes
 * sure it is here before a route could need it:
 *
 * - a start on a page that is not prerendered, or on an address with a search, waits for it with
 *   the language catalogue (src/app/start.tsx);
 * - any other start loads it right after the first paint, and until it has arrived every
 *   navigation (a link, the back button, a 401 sending the visitor to /login) waits for it
 *   (`holdNavigationsForRouteSearch`);
 * - an empty search needs no schema: every schema reads `{}` as `{}` (tests/web/route-search.test.ts
 *   checks each one), so the landing routes of a prerendered page validate without it.
 *
 * A stand-in asked about a non-empty search before the module is here (a hover's preload) throws
 * `RouteSearchNotReady`, never passes the address on unchecked.
 */

type Schemas = typeof SearchParams;

/** The names of the schemas among the module's exports. */
export type RouteSearchName = {
  [K in keyof Schemas]: Schemas[K] extends z.ZodMiniType ? K : never;
}[keyof Schemas];

type Schema<K extends RouteSearchName> = Schemas[K];

let schemas: Schemas | undefined;
let loading: Promise<Schemas> | undefined;
let markArrived: () => void;
/** Settles when the schemas are here, whoever fetched them. */
const arrived = new Promise<void>((resolve) => (markArrived = resolve));

/** Fetches the schemas once (again after a failure); from then on every stand-in runs them. */
export function loadRouteSearch(): Promise<Schemas> {
  loading ??= import('../../contract/search-params').then(
    (module) => {
      schemas = module;
      markArrived();
      return module;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

export function routeSearchLoaded(): boolean {
  return schemas !== undefined;
}

/** A route's search asked for before its schema arrived. */
export class RouteSearchNotReady extends Error {
  override name = 'RouteSearchNotReady';
  constructor(readonly schema: RouteSearchName) {
    super(`The search schema ${schema} is not loaded yet.`);
  }
}

function isEmptySearch(value: unknown): boolean {
  return typeof value === 'object' && value !== null && Object.keys(value).length === 0;
}

type StandardOf<S> = { readonly '~standard': z.core.$ZodStandardSchema<S> };

/**
 * The `validateSearch` of a route: a Standard Schema (what the router takes) that runs the schema
 * `name` of contract/search-params.ts once it has been loaded, typed as that schema is.
 */
export function routeSearch<K extends RouteSearchName>(name: K): StandardOf<Schema<K>> {
  const standIn: StandardOf<z.ZodMiniType> = {
    '~standard': {
      version: 1,
      vendor: 'kestrel-route-search',
      validate(value) {
        if (schemas) return (schemas[name] as z.ZodMiniType)['~standard'].validate(value);
        if (isEmptySearch(value)) return { value: {} };
        void loadRouteSearch().catch(() => undefined);
        throw new RouteSearchNotReady(name);
      },
    },
  };
  // Its answers are those of the schema `name`, so are its types (what the router infers from).
  return standIn as StandardOf<Schema<K>>;
}

/**
 * Until the schemas are here, every navigation of `history` waits for them: TanStack History's
 * blocker, which lets each one through once they have loaded (`onFailure` decides what a failed
 * load does: the app reloads once for a new deployment, as with a page's chunk). Nothing to hold
 * once they are here.
 */
export function holdNavigationsForRouteSearch(
  history: RouterHistory,
  onFailure: (error: unknown) => void,
): void {
  if (schemas) return;
  const release = history.block({
    blockerFn: async () => {
      await loadRouteSearch().catch(onFailure);
      return false;
    },
    enableBeforeUnload: false,
  });
  // Released once they are here; the start fetches them right after the first paint.
  void arrived.then(release);
}
