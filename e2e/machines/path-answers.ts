/**
 * What a path says the server answers next, for the specs whose user action must set that answer
 * up (a wrong code typed, a password the server refuses): the generated path holds each actor's
 * outcome as its `xstate.done.actor.*` or `xstate.error.actor.*` event.
 */
import type { AnyStateMachine, EventObject } from 'xstate';
import type { StepInfo } from '../support/path-runner';

/** The next event after this step in which one of these actors answers (done or failed). */
export function nextAnswerOf(
  step: StepInfo<AnyStateMachine>,
  ...actors: readonly string[]
): (EventObject & { error?: { code?: number } }) | undefined {
  return step.path.steps
    .slice(step.index + 1)
    .map((s) => s.event as EventObject)
    .find((event) => actors.some((actor) => event.type.endsWith(`.actor.${actor}`)));
}

/** The error code of that answer; undefined for a success (or no answer on the path). */
export const nextRefusalOf = (
  step: StepInfo<AnyStateMachine>,
  ...actors: readonly string[]
): number | undefined => nextAnswerOf(step, ...actors)?.error?.code;

/** Whether that answer is a failure (`xstate.error.actor.*`). */
export const nextFails = (step: StepInfo<AnyStateMachine>, ...actors: readonly string[]): boolean =>
  nextAnswerOf(step, ...actors)?.type.startsWith('xstate.error.') ?? false;
