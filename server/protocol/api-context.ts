/** What an endpoint handler receives besides its validated params, and the handler types. */
import type { z } from 'zod';
import type { ApiLanguage, ApiPlatform, Endpoint, EndpointName, endpoints } from '../../contract';
import type { Authenticated } from '../accounts/sessions';
import type { SignupTracking } from '../db/schema';

export interface ApiContext {
  readonly language: ApiLanguage;
  readonly platform: ApiPlatform;
  readonly ip: string;
  /** The `deviceId` header, trimmed; null when absent. */
  readonly deviceId: string | null;
  /** The ad-click ids of the tracking headers (SPEC §3); empty when none came. */
  readonly tracking: SignupTracking;
  /** Present for 'session' endpoints, and for 'optional' ones when a valid token came. */
  readonly auth: Authenticated | undefined;
  /** Opens a session for the user and returns its token in the `pragma` response header. */
  startSession(userId: number): Promise<void>;
}

type ParamsOut<E> = E extends Endpoint<infer P, z.ZodType> ? z.output<P> : never;
type DataIn<E> = E extends Endpoint<z.ZodType, infer D> ? z.input<D> : never;

export type Handler<E> = (params: ParamsOut<E>, context: ApiContext) => Promise<DataIn<E>>;

export type Handlers = { [K in EndpointName]?: Handler<(typeof endpoints)[K]> };

/** For 'session' endpoints the router guarantees `auth`; this narrows it without a cast at each use. */
export function requireAuth(context: ApiContext): Authenticated {
  if (!context.auth) throw new Error('session endpoint reached without a session');
  return context.auth;
}
