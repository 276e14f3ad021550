import { INTERNAL } from '../../contract/shell-errors';

/**
 * A failed call as a value: the catalogue code (contract/errors.ts), the server's text if any, and the
 * envelope's `data` for the codes that carry some (CODE_COOLDOWN says how long to wait).
 */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly code: number,
    readonly msg: string,
    readonly data?: unknown,
  ) {
    super(msg || `Error ${code}`);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The catalogue code of a refusal; anything that is not one (a bug, a network fault) is INTERNAL. */
export function errorCodeOf(error: unknown): number {
  return isApiError(error) ? error.code : INTERNAL.code;
}

/** A refusal as a page keeps it: the catalogue code and the data its words may name. */
export interface Refusal {
  readonly code: number;
  readonly data?: unknown;
}

export function refusalOf(error: unknown): Refusal {
  return isApiError(error) ? { code: error.code, data: error.data } : { code: INTERNAL.code };
}
