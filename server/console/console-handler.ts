/**
 * What a console endpoint's handler receives beside its parsed input (server/console/console-plugin.ts
 * runs the guard first): the request, who is acting, and from where.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
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

export type Handler = (input: never, context: HandlerContext) => Promise<unknown>;
