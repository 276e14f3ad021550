/** What an endpoint handler receives besides its validated params, and the handler types. */
import type { z } from 'zod';
import type { ApiLanguage, ApiPlatform, Endpoint, EndpointName, endpoints } from '../../contract';
import type { Authenticated } from '../identity/sessions';
import type { SignupTracking } from '../db/schema';

export interface ApiContext {
  readonly language: ApiLanguage;
  readonly platform: ApiPlatform;
  readonly ip: string;
  /** The `deviceId` header, trimmed; null when absent. */
  readonly deviceId: string | null;
  /** The ad-click ids of the tracking headers (SPEC §3); empty when none came. */
  readonly tracking: SignupTracking;
  /** What the client says about itself beyond the protocol headers (devices, links). */
  readonly client: ClientDetails;
  /** Present for 'session' endpoints, and for 'optional' ones when a valid token came. */
  readonly auth: Authenticated | undefined;
  /** Opens a session for the user and returns its token in the `pragma` response header. */
  startSession(userId: number): Promise<void>;
}

export interface ClientDetails {
  readonly userAgent: string;
  /** The apps' device headers (contract DEVICE_HEADERS); null when absent. */
  readonly model: string | null;
  readonly osVersion: string | null;
  /** `scheme://host` the request was addressed to (behind TRUST_PROXY: the forwarded one). */
  readonly origin: string;
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
