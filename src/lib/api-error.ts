/** A failed call as a value: the catalogue code (contract/errors.ts) and the server's text if any. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly code: number,
    readonly msg: string,
  ) {
    super(msg || `Error ${code}`);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
