import type { EventObject } from 'xstate';

/**
 * Events XState raises by itself (an invoked actor settling, a delay elapsing). A machine's own
 * event type lists only the events the app sends, so graph traversal and path replay, which must
 * name these events too, build them here once, typed as the machine's events.
 */
export function actorDone<TEvent extends EventObject>(actorId: string, output?: unknown): TEvent {
  return { type: `xstate.done.actor.${actorId}`, output } as unknown as TEvent;
}

export function actorError<TEvent extends EventObject>(actorId: string, error: unknown): TEvent {
  return { type: `xstate.error.actor.${actorId}`, error } as unknown as TEvent;
}

/** `stateId` is the full id of the state that owns the delay, e.g. `verificationCode.counting`. */
export function delayElapsed<TEvent extends EventObject>(delay: string, stateId: string): TEvent {
  return { type: `xstate.after.${delay}.${stateId}` } as unknown as TEvent;
}

export type InternalEventKind =
  | { kind: 'done'; actorId: string }
  | { kind: 'error'; actorId: string }
  | { kind: 'after'; delay: string }
  | { kind: 'init' }
  | { kind: 'external' };

/** Tells a path replayer who produces an event: the user, an actor, or the clock. */
export function classifyEvent(type: string): InternalEventKind {
  if (type === 'xstate.init') return { kind: 'init' };
  const done = /^xstate\.done\.actor\.(.+)$/.exec(type);
  if (done?.[1] !== undefined) return { kind: 'done', actorId: done[1] };
  const error = /^xstate\.error\.actor\.(.+)$/.exec(type);
  if (error?.[1] !== undefined) return { kind: 'error', actorId: error[1] };
  const after = /^xstate\.after\.([^.]+)\./.exec(type);
  if (after?.[1] !== undefined) return { kind: 'after', delay: after[1] };
  return { kind: 'external' };
}
