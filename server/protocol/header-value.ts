import type { IncomingHttpHeaders } from 'node:http';

/** A request header's value; of a repeated header, the first. */
export function headerValue(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}
