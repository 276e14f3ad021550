/**
 * What a console endpoint's handler receives beside its parsed input (server/console/console-plugin.ts
 * runs the guard first), and the type that ties each handler to its endpoint in the contract.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ConsoleEndpoint } from '../../contract/endpoints/console';
import type { AuditActor } from './audit';
import type { StaffAuth } from './console-session';

export interface HandlerContext {
  readonly request: FastifyRequest;
  readonly reply: FastifyReply;
  /** Present on every endpoint but the public ones. */
  readonly auth: StaffAuth | undefined;
  readonly actor: AuditActor;
  readonly client: { ip: string; userAgent: string | null };
}

/** Each endpoint's handler takes its parsed input and answers its data, as the contract says. */
export type HandlersOf<M extends Record<string, ConsoleEndpoint>> = {
  [K in keyof M]: (
    input: z.output<M[K]['input']>,
    context: HandlerContext,
  ) => Promise<z.input<M[K]['data']>>;
};

export type AnyHandler = (input: unknown, context: HandlerContext) => Promise<unknown>;
