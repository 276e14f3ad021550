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
