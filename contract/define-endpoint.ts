import type { z } from 'zod';

/** Who may call an endpoint: anyone, only a logged-in user, or anyone with the user attached if present. */
export type EndpointAuth = 'public' | 'session' | 'optional';

export interface Endpoint<P extends z.ZodType = z.ZodType, D extends z.ZodType = z.ZodType> {
  /** Path below the version prefix, e.g. `/api/user/user_login`. */
  readonly path: string;
  readonly auth: EndpointAuth;
  /** Request params, sent in the body beside `signature`. */
  readonly params: P;
  /** The `data` of a successful response. */
  readonly data: D;
  /** One line for docs/api.md. */
  readonly summary: string;
  /** The issue that implements it on the server; `undefined` once it is implemented. */
  readonly plannedIn?: string;
}

export function defineEndpoint<P extends z.ZodType, D extends z.ZodType>(
  endpoint: Endpoint<P, D>,
): Endpoint<P, D> {
  return endpoint;
}

export type ParamsOf<E> = E extends Endpoint<infer P, z.ZodType> ? z.input<P> : never;
export type DataOf<E> = E extends Endpoint<z.ZodType, infer D> ? z.output<D> : never;
