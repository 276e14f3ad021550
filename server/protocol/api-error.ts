/**
 * Failures travel as ApiError values carrying a catalogue code until the envelope translates them.
 */
import { API_LANGUAGES, Errors, type ApiLanguage, type ErrorKey } from '../../contract';

export class ApiError extends Error {
  constructor(
    readonly code: number,
    /** HTTP status of the envelope: 200 for ordinary failures (DESIGN §2), 401/413/429/500/503 otherwise. */
    readonly httpStatus = 200,
    /** Extra data for the client, e.g. the remaining cooldown. */
    readonly data: Record<string, unknown> | null = null,
  ) {
    super(`api error ${code}`);
    this.name = 'ApiError';
  }
}

/** The errors whose envelope goes with another HTTP status than 200 (DESIGN §2). */
const HTTP_STATUS: Partial<Record<ErrorKey, number>> = {
  UNAUTHORIZED: 401,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  SERVER_BUSY: 503,
};

export function fail(key: ErrorKey, data: Record<string, unknown> | null = null): ApiError {
  return new ApiError(Errors[key].code, HTTP_STATUS[key] ?? 200, data);
}

const keyByCode = new Map<number, string>(
  (Object.entries(Errors) as [ErrorKey, { code: number }][]).map(([key, e]) => [e.code, key]),
);

/** The `status` field: a short machine string, the catalogue key of the error. */
export function statusOf(code: number): string {
  return keyByCode.get(code) ?? 'INTERNAL';
}

/** Reads the `language` header; also accepts the BCP 47 spelling. */
export function languageOf(header: string | string[] | undefined): ApiLanguage {
  const value = (Array.isArray(header) ? header[0] : header)?.trim().replace('-', '_');
  return (API_LANGUAGES as readonly string[]).includes(value ?? '') ? (value as ApiLanguage) : 'en';
}
