import { fromPromise, type NonReducibleUnknown } from 'xstate';
import { INTERNAL } from '../../contract/shell-errors';

/**
 * What a machine keeps of a failed actor: the contract's error code and, for the codes that carry
 * some, the `data` of the response envelope. Machines speak in codes; the SPA translates them.
 */
export interface MachineError {
  readonly code: number;
  readonly data: unknown;
}

function hasNumericCode(value: unknown): value is { code: number; data?: unknown } {
  return (
    typeof value === 'object' &&
    value !== null &&
    'code' in value &&
    typeof (value as { code: unknown }).code === 'number'
  );
}

/**
 * Actors reject with an object whose numeric `code` is a contract error code (the SPA's API error
 * does). Anything else is a fault of ours, not of the user's input, so it counts as the generic
 * server error rather than being guessed at.
 */
export function toMachineError(error: unknown): MachineError {
  if (hasNumericCode(error)) return { code: error.code, data: error.data };
  return { code: INTERNAL.code, data: undefined };
}

/** The contract's error code of why an actor failed (toMachineError). */
export const codeOf = (error: unknown): number => toMachineError(error).code;

/**
 * A guard on a failed actor: it failed with one of these contract errors (`Errors.X`, a shell
 * error). Its params are the error as the actor threw it (`errorOf`).
 */
export const failedWith = (...errors: readonly { readonly code: number }[]) => {
  const codes: ReadonlySet<number> = new Set(errors.map((error) => error.code));
  return (_: unknown, params: { error: unknown }) => codes.has(codeOf(params.error));
};

/**
 * The params of a guard or an action that reads why an actor failed: the error as the actor threw
 * it (the machine keeps its code, through toMachineError).
 */
export const errorOf = ({ event }: { event: { error: unknown } }) => ({ error: event.error });

/** Keeps why an actor failed: every machine's `rememberFailure` action takes the error so. */
export const rememberError = { type: 'rememberFailure', params: errorOf } as const;

/** What every machine's `rememberFailure` action assigns: the code of why the actor failed. */
export const failureCode = (_: unknown, params: { error: unknown }) => ({
  errorCode: toMachineError(params.error).code,
});

/**
 * What a machine that keeps the refusal's data as well assigns (`rememberRefusal`): the code and the
 * `data` (a throttle's `retryAfterSeconds`), for the SPA to word; `noRefusal` clears both.
 */
export const refusalCodeAndData = (_: unknown, params: { error: unknown }) => {
  const { code, data } = toMachineError(params.error);
  return { errorCode: code, errorData: data };
};
export const noRefusal = { errorCode: null, errorData: undefined };

/** Keeps why an actor failed, with its data: every machine's `rememberRefusal` action takes it so. */
export const rememberRefusal = { type: 'rememberRefusal', params: errorOf } as const;

/** The error an actor placeholder rejects with, so that a forgotten `provide` fails loudly. */
export function notProvided(machineId: string, name: string): Error {
  return new Error(
    `${machineId}: the "${name}" implementation must be provided with machine.provide(...)`,
  );
}

/**
 * An action the SPA must provide (a redirect, a refresh, a toast); until it does, running it fails
 * loudly (notProvided). `TParams` are the params the machine gives it, when it gives any.
 */
export const placeholderAction =
  <TParams = undefined>(machineId: string, name: string) =>
  (_: unknown, _params: TParams): never => {
    throw notProvided(machineId, name);
  };

/** An actor the SPA must provide; until it does, running it fails loudly (notProvided). */
export const placeholderActor = <TOutput, TInput = NonReducibleUnknown>(
  machineId: string,
  name: string,
) => fromPromise<TOutput, TInput>(() => Promise.reject(notProvided(machineId, name)));
