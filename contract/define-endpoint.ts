import type { z } from 'zod';
import { empty } from './endpoints/common';
import { storableOnly } from './validation';

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

/**
 * Every endpoint's params refuse, whatever their schema says, a string holding U+0000 and a number
 * beyond int4 (`INPUT_INVALID_CHARACTER`, `NUMBER_OUT_OF_RANGE`): PostgreSQL cannot store either, and
 * without this check such input reached a query and answered 500 (issue 11, item 5).
 */
export function defineEndpoint<P extends z.ZodType = typeof empty, D extends z.ZodType = z.ZodType>(
  endpoint: Omit<Endpoint<P, D>, 'params'> & {
    /** Absent: the endpoint takes no params (`empty`). */
    params?: P;
  },
): Endpoint<P, D> {
  return { ...endpoint, params: storableOnly(endpoint.params ?? (empty as z.ZodType as P)) };
}

export type ParamsOf<E> = E extends Endpoint<infer P, z.ZodType> ? z.input<P> : never;
export type DataOf<E> = E extends Endpoint<z.ZodType, infer D> ? z.output<D> : never;
