import { queryOptions, type QueryKey } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Endpoint } from '../../contract/define-endpoint';

/**
 * The API layer (axios, jsencrypt, zod schemas) arrives as its own chunk: pages paint first and
 * `warmApi()` starts the download right after, in parallel with anything else the page needs.
 */
export const loadApi = () => import('./api-client');

export function warmApi(): void {
  void loadApi().then((api) => api.prepareSigning());
}

/**
 * One call to an endpoint of a contract module that loads on demand (`contract`, its `import()`),
 * in parallel with the API layer. A refusal is a toast (and a 401 the way to /login), as with
 * `callApi`; `quiet` is `callApiQuiet`, for the pages that show the refusal themselves.
 */
export async function callLazy<M, P extends z.ZodType, D extends z.ZodType>(
  contract: Promise<M>,
  pick: (module: M) => Endpoint<P, D>,
  params: z.input<P>,
  { quiet = false }: { quiet?: boolean } = {},
): Promise<z.output<D>> {
  const [api, module] = await Promise.all([loadApi(), contract]);
  return (quiet ? api.callApiQuiet : api.callApi)(pick(module), params);
}

/**
 * A read as a query (DESIGN §6: the typed call and its query options): `callLazy` under a key.
 * Callers add what their list needs (a placeholder while paging, a stale time) by spreading it.
 */
export function lazyQuery<K extends QueryKey, M, P extends z.ZodType, D extends z.ZodType>(
  queryKey: K,
  contract: () => Promise<M>,
  pick: (module: M) => Endpoint<P, D>,
  params: z.input<P>,
  options: { quiet?: boolean } = {},
) {
  return queryOptions({ queryKey, queryFn: () => callLazy(contract(), pick, params, options) });
}
