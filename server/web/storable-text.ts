/**
 * PostgreSQL's text cannot hold U+0000, and its jsonb refuses an unpaired UTF-16 surrogate too (a
 * query naming either fails, which would answer 500; issue 19, item 7). The signed API refuses
 * U+0000 in every param (contract/validation.ts); the routes outside it use these: dev routes
 * refuse such text (dev-routes.ts), payment notifications keep a copy without it
 * (server/payments/storable-notification.ts).
 */
const NUL = '\u0000';
const REPLACEMENT = '\uFFFD';
/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

const unstorableString = (text: string) => text.includes(NUL) || text.search(LONE_SURROGATE) >= 0;

/** True when a string, or any string or key inside an array or object, cannot be stored as is. */
export function holdsUnstorableText(value: unknown): boolean {
  if (typeof value === 'string') return unstorableString(value);
  if (Array.isArray(value)) return value.some(holdsUnstorableText);
  if (value !== null && typeof value === 'object')
    return Object.entries(value).some(
      ([key, inner]) => unstorableString(key) || holdsUnstorableText(inner),
    );
  return false;
}

/** The value with U+0000 and lone surrogates in its strings and keys made U+FFFD, at any depth. */
export function storableCopy<T>(value: T): T {
  if (typeof value === 'string')
    return value.replaceAll(NUL, REPLACEMENT).replace(LONE_SURROGATE, REPLACEMENT) as T;
  if (Array.isArray(value)) return value.map(storableCopy) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [storableCopy(key), storableCopy(inner)]),
    ) as T;
  }
  return value;
}
